import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { hasSeenLanding } from './app/first-visit';
import { loadLandingPage } from './app/public-pages';
import { loadRuntimeConfig } from './lib/runtime-config';
// The learner's theme, motion and number format from this browser's cache, before the first render.
import './lib/display';
import './index.css';

// The landing page's code starts loading with the configuration, not after it: on a phone that is one round trip less
// before the page shows. A first visit to any page goes to the landing page first (first-visit.ts), so it starts then too.
if (window.location.pathname === '/' || !hasSeenLanding()) void loadLandingPage().catch(() => undefined);
// A first load inside the app starts the shell and its route list at once too, rather than one after the other.
else if (/^\/app(\/|$)/i.test(window.location.pathname)) {
  void import('./app/app-routes').catch(() => undefined);
  void import('./app/shell/app-shell').catch(() => undefined);
}
const config = await loadRuntimeConfig();
// Amplify's configuration code is a chunk of its own, loaded only when there is a configuration to give it.
if (config) (await import('./lib/amplify')).configureAmplify(config);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App configured={!!config} />
  </StrictMode>,
);
