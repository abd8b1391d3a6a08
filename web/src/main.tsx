import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadLandingPage } from './app/public-pages';
import { loadRuntimeConfig } from './lib/runtime-config';
// The learner's theme, motion and number format from this browser's cache, before the first render.
import './lib/display';
import './index.css';

// The landing page's code starts loading with the configuration, not after it: on a phone that is one round trip less
// before the page shows.
if (window.location.pathname === '/') void loadLandingPage().catch(() => undefined);
const config = await loadRuntimeConfig();
// Amplify's configuration code is a chunk of its own, loaded only when there is a configuration to give it.
if (config) (await import('./lib/amplify')).configureAmplify(config);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App configured={!!config} />
  </StrictMode>,
);
