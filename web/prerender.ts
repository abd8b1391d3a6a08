import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Writes the pages drawn at build time as HTML into every client build, beside the app's shell: each file (served for its
 * address by CloudFront's routing function and the local gateway: `pages`, infra/spa-routing.ts) is `index.html` with the
 * page drawn inside #root (web/src/prerender.tsx), so a phone paints it from HTML and CSS before any JavaScript has
 * arrived, and main.tsx then hydrates what is there. `index.html` stays the empty shell every other route is served, so
 * no other page ever shows a drawn page's content before its own.
 */
export function prerenderPages(pages: Readonly<Record<string, string>>, loader: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'options-academy:prerender-pages',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      if (!shell.includes(ROOT_ELEMENT)) throw new Error(`web/index.html has no ${ROOT_ELEMENT} to draw the pages into`);
      // The app's modules as the server side loads them (JSX, aliases and CSS imports handled as in the build), without
      // a client dependency scan: nothing is served.
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { renderPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as { renderPage: (path: string) => Promise<string> };
        for (const [address, file] of Object.entries(pages)) {
          const page = await renderPage(address);
          writeFileSync(path.join(outDir, file), paintFirst(shell, `/${loader}`).replace(ROOT_ELEMENT, `<div id="root">${page}</div>`));
        }
      } finally {
        await server.close();
      }
    },
  };
}

/**
 * The landing page's head puts what the first paint needs first: its style sheets ahead of everything else, and the app's
 * code started only once the page is painted (by `loader`, web/public/paint-first.js, given the entry and the modules it
 * imports), since the page shows without it and the code then takes it over. On a phone's slow link, and on HTTP/1.1's
 * six connections, the style sheet then no longer shares the first second with some thirty scripts.
 */
export function paintFirst(html: string, loader: string): string {
  const sheets = [...html.matchAll(/^[ \t]*<link rel="stylesheet"[^>]*>\n?/gm)].map((m) => m[0]);
  const entry = /^([ \t]*)<script type="module" crossorigin src="([^"]+)"><\/script>\n?/m.exec(html);
  if (!entry) throw new Error('web/index.html as built has no module script to start after the first paint');
  const preloads = [...html.matchAll(/^[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/gm)];
  let out = html;
  for (const tag of [...sheets, ...preloads.map((m) => m[0])]) out = out.replace(tag, '');
  out = out.replace(
    entry[0],
    `${entry[1]}<script src="${loader}" data-entry="${entry[2]}" data-preload="${preloads.map((m) => m[1]).join(' ')}" defer></script>\n`,
  );
  const indent = /^([ \t]*)<script /m.exec(out)?.[1] ?? '';
  return out.replace(/^[ \t]*<script /m, (first) => `${sheets.map((s) => `${indent}${s.trim()}\n`).join('')}${first}`);
}
