import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { aliases } from './aliases.ts';
import { LANDING_LOADER_FILE, LANDING_PAGE_FILE } from './infra/spa-routing.ts';
import { prerenderLanding } from './web/prerender.ts';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), prerenderLanding(LANDING_PAGE_FILE, LANDING_LOADER_FILE)],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
