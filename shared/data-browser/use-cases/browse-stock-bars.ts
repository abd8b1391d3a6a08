import type { DateRange, PageRequest } from '../data-browser.port';
import { pageResult } from '../paging';
import type { DataBrowserDeps } from './deps';

/** A page of the underlying's stored end-of-day stock bars dated within the range, oldest first. */
export async function browseStockBars(deps: DataBrowserDeps, underlying: string, range: DateRange, page: PageRequest) {
  return pageResult(underlying, await deps.reader.stockBars(underlying, range, page));
}
