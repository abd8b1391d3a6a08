import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { App } from './app/app';
import { markLandingSeen } from './app/first-visit';
import { routes } from './app/router';

/** A browser's storage, empty: what a first visitor's browser holds when the page starts. */
function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/**
 * A public page as HTML, drawn at build time (web/prerender.ts writes each into the build, `/` as landing.html and
 * `/optionschain` as optionschain.html, served for their paths): the app's own tree at `path`, as the browser's first
 * render draws it before any answer arrives (a visitor not yet known, the page's data loading), so that main.tsx
 * hydrates it in place instead of drawing it again. Rendered to completion (the lazy page included), with no inline
 * script: the content security policy allows none.
 */
export async function renderPage(path: string): Promise<string> {
  // The first-visit rule reads the tab's storage while rendering; at build time there is none, as on a first visit.
  globalThis.localStorage ??= emptyStorage();
  globalThis.sessionStorage ??= emptyStorage();
  // Any page but `/` is drawn as a returning visitor opens it (main.tsx sends a first visit to the landing page instead).
  if (path !== '/') markLandingSeen(localStorage);
  // A failure inside the page would otherwise be drawn as its loading spinner, for the browser to render again.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App configured createRouter={() => createMemoryRouter(routes, { initialEntries: [path] })} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length) throw new Error(`The page ${path} could not be drawn at build time`, { cause: errors[0] });
  return new Response(prelude).text();
}

/** The landing page, `/`. */
export const renderLanding = () => renderPage('/');
