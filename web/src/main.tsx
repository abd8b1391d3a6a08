// Before any schema exists: Zod's settings for a page whose policy forbids eval (zod-config.ts).
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { hasSeenLanding, readOrigin } from './app/first-visit';
import { loadChainPage, loadLandingPage } from './app/public-pages';
import { loadRuntimeConfig } from './lib/runtime-config';
// The learner's theme, motion and number format from this browser's cache, before the first render.
import './lib/display';
import './index.css';

// The landing page's code starts loading with the configuration, not after it: on a phone that is one round trip less
// before the page shows. A first visit to any page goes to the landing page first (first-visit.ts), so it starts then too.
const startsOnLanding = window.location.pathname === '/' || !hasSeenLanding();
const landing = startsOnLanding ? loadLandingPage().catch(() => undefined) : null;
// A first load inside the app starts the shell and its route list at once too, rather than one after the other.
if (!startsOnLanding && /^\/app(\/|$)/i.test(window.location.pathname)) {
  void import('./app/app-routes').catch(() => undefined);
  void import('./app/shell/app-shell').catch(() => undefined);
}
// The public chain, opened directly by a returning visitor, starts its code beside the configuration too.
const onChain = /^\/optionschain\/?$/i.test(window.location.pathname);
const chain = !startsOnLanding && onChain ? loadChainPage().catch(() => undefined) : null;
// Amplify's configuration code is a chunk of its own, fetched beside the configuration rather than after it.
const amplify = import('./lib/amplify');
amplify.catch(() => undefined);
const config = await loadRuntimeConfig();
if (config) (await amplify).configureAmplify(config);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App configured={!!config} />
  </StrictMode>
);
// `/` and `/optionschain` arrive drawn (landing.html and optionschain.html, written by the build): React takes over the
// page in place, with nothing drawn again. A tab that a first visit's notice is waiting in draws the landing page anew,
// since the notice is not in the drawn page; a drawn chain that display-boot.js hid is not the page to show.
const drawn =
  root.firstElementChild !== null && (window.location.pathname === '/' ? !readOrigin() : onChain && document.documentElement.dataset.drawn !== 'hidden');
if (drawn) await (onChain ? chain : landing);
else if (onChain) root.replaceChildren();
delete document.documentElement.dataset.drawn;
// As a transition, React does the first render in slices and lets the phone handle a tap between them, rather than
// holding the main thread for the whole page at once.
startTransition(() => {
  if (drawn) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
