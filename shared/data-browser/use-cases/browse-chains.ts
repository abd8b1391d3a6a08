import type { DateRange, PageRequest } from '../data-browser.port';
import { pageResult } from '../paging';
import type { DataBrowserDeps } from './deps';

/** A page of an underlying's stored chain items (one per expiry) whose expiration lies in the range. */
export async function browseChains(deps: DataBrowserDeps, underlying: string, range: DateRange, page: PageRequest) {
  return pageResult(underlying, await deps.reader.chains(underlying, range, page));
}
