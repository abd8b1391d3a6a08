/**
 * Which file of the built SPA answers a page's address. The landing page `/` has a file of its own, drawn at build time
 * (web/prerender.ts) so a phone paints it before the JavaScript arrives; every other client-side route is answered with
 * `index.html`, the empty shell, so that no page shows another page's content before its own. CloudFront's routing
 * function (stacks/web-stack.ts) and the local gateway (local/gateway.ts) both follow this.
 */
export const LANDING_PAGE_FILE = 'landing.html';
export const SHELL_FILE = 'index.html';
/** The landing page's loader (web/public), which starts the app's code after the first paint: not hashed, so never cached long. */
export const LANDING_LOADER_FILE = 'paint-first.js';
