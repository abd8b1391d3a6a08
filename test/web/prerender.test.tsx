// @vitest-environment jsdom
import { act, configure, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@web/app/app';
import { routes } from '@web/app/router';
import { renderLanding, renderPage } from '@web/prerender';
import { stubApi } from './app/api-stub';

// The landing page is a lazy chunk, compiled on its first import here: on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 10_000 });

const HEADLINE = 'Learn options trading without risking real money';

describe('the pages drawn at build time', () => {
  let root: Root | undefined;
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    stubApi();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('holds the headline, the calls to action and every section in its HTML, and no inline script (the CSP allows none)', async () => {
    const html = await renderLanding();
    expect(html).not.toMatch(/<script/i);
    document.body.innerHTML = `<div id="root">${html}</div>`;
    expect(screen.getByRole('heading', { level: 1, name: HEADLINE })).toBeTruthy();
    expect(screen.getByTestId('hero-cta').textContent).toBe('Sign Up Free');
    expect(screen.getByRole('heading', { name: 'Learner stories' })).toBeTruthy();
    // What arrives later is waited for in the space it will take, not guessed.
    expect(screen.getAllByText('Loading prices…')).toHaveLength(2);
    expect(screen.getByTestId('stat-learners').textContent).toBe('—');
  });

  it('is taken over by the app in place: the same elements, no mismatch, and the live figures arrive', async () => {
    const html = await renderLanding();
    // The server renderer leaves its last context values on React's context objects until its next render starts (a
    // build never renders on the client after it); here both run in one process, so an empty render clears them.
    await prerender(<></>);
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const headline = screen.getByRole('heading', { level: 1, name: HEADLINE });
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root')!,
        <App configured={false} createRouter={() => createMemoryRouter(routes, { initialEntries: ['/'] })} />,
        { onRecoverableError: recoverable },
      );
    });
    await waitFor(() => expect(screen.getByTestId('stat-learners').textContent).toBe('1,234'));
    expect(screen.getByRole('heading', { level: 1, name: HEADLINE })).toBe(headline);
    expect(recoverable).not.toHaveBeenCalled();
    // React's development build also notes that two renderers (the build's and the browser's) share the contexts here.
    const logged = consoleError.mock.calls.map((c) => String(c[0])).filter((m) => !m.includes('multiple renderers concurrently rendering'));
    expect(logged).toEqual([]);
  });

  it('draws the public chain as a returning visitor first sees it, taken over by the app in place: the same heading, no mismatch', async () => {
    const html = await renderPage('/optionschain');
    await prerender(<></>);
    expect(html).not.toMatch(/<script/i);
    document.body.innerHTML = `<div id="root">${html}</div>`;
    const heading = screen.getByRole('heading', { level: 1, name: 'Options Chain' });
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root')!,
        <App configured={false} createRouter={() => createMemoryRouter(routes, { initialEntries: ['/optionschain'] })} />,
        { onRecoverableError: recoverable },
      );
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Options Chain (Simulated)' })).toBe(heading));
    expect(recoverable).not.toHaveBeenCalled();
    const logged = consoleError.mock.calls.map((c) => String(c[0])).filter((m) => !m.includes('multiple renderers concurrently rendering'));
    expect(logged).toEqual([]);
  });
});
