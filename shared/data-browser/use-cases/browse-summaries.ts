import type { DateRange, PageRequest } from '../data-browser.port';
import { pageResult } from '../paging';
import type { DataBrowserDeps } from './deps';

/** A page of the underlying's stored daily summaries (one row a New York session) dated within the range. */
export async function browseSummaries(deps: DataBrowserDeps, underlying: string, range: DateRange, page: PageRequest) {
  return pageResult(underlying, await deps.reader.summaries(underlying, range, page));
}
