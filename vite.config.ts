import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { aliases } from './aliases.ts';
import { DRAWN_PAGES, LANDING_LOADER_FILE } from './infra/spa-routing.ts';
import { prerenderPages } from './web/prerender.ts';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), prerenderPages(DRAWN_PAGES, LANDING_LOADER_FILE)],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
