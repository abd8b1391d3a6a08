import type { DataBrowserReader } from '../data-browser.port';

/** What the data browser's use cases need: the store's reads, nothing that writes. */
export interface DataBrowserDeps {
  reader: DataBrowserReader;
}
