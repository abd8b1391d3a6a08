import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureAmplify } from './lib/amplify';
import { loadRuntimeConfig } from './lib/runtime-config';
// The learner's theme, motion and number format from this browser's cache, before the first render.
import './lib/display';
import './index.css';

const config = await loadRuntimeConfig();
if (config) configureAmplify(config);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App configured={!!config} />
  </StrictMode>,
);
