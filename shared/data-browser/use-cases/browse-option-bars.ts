import { parseOcc } from '../../market/occ';
import { fail } from '../../result';
import { DATA_BROWSER_TEXTS } from '../data-browser.errors';
import type { DateRange, PageRequest } from '../data-browser.port';
import { pageResult } from '../paging';
import type { DataBrowserDeps } from './deps';

/**
 * A page of stored end-of-day option bars within the range: of one contract when named (it must be an option on the
 * underlying), else of every contract of the underlying.
 */
export async function browseOptionBars(deps: DataBrowserDeps, underlying: string, range: DateRange, page: PageRequest, contract?: string) {
  if (contract === undefined) return pageResult(underlying, await deps.reader.underlyingOptionBars(underlying, range, page));
  if (parseOcc(contract)?.underlying !== underlying) return fail('bad_request', DATA_BROWSER_TEXTS.notThisUnderlying(contract, underlying));
  return pageResult(underlying, await deps.reader.contractBars(contract, range, page));
}
