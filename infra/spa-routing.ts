/**
 * Which file of the built SPA answers a page's address. The landing page `/` and the public chain `/optionschain` have
 * files of their own, drawn at build time (web/prerender.ts) so a phone paints them before the JavaScript arrives; every
 * other client-side route is answered with `index.html`, the empty shell, so that no page shows another page's content
 * before its own (a drawn chain that is not the page to show, for a first visit or a signed-in learner, is hidden before
 * its first paint by web/public/display-boot.js). CloudFront's routing
 * function (stacks/web-stack.ts) and the local gateway (local/gateway.ts) both follow this.
 */
export const LANDING_PAGE_FILE = 'landing.html';
/** The public chain, drawn at build time too: a returning visitor's phone paints its heading before the code arrives. */
export const CHAIN_PAGE_FILE = 'optionschain.html';
/** Each page drawn at build time, by its address: CloudFront and the local gateway answer these with their own file. */
export const DRAWN_PAGES: Readonly<Record<string, string>> = { '/': LANDING_PAGE_FILE, '/optionschain': CHAIN_PAGE_FILE };
export const SHELL_FILE = 'index.html';
/** The landing page's loader (web/public), which starts the app's code after the first paint: not hashed, so never cached long. */
export const LANDING_LOADER_FILE = 'paint-first.js';
