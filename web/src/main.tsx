import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureAmplify } from './lib/amplify';
import { loadRuntimeConfig } from './lib/runtime-config';
import './index.css';

const config = await loadRuntimeConfig();
if (config) configureAmplify(config);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App configured={!!config} />
  </StrictMode>,
);
