import { fail, ok } from '../../result';
import { DATA_BROWSER_TEXTS } from '../data-browser.errors';
import type { PageRequest } from '../data-browser.port';
import { slicePage } from '../paging';
import type { DataBrowserDeps } from './deps';

/** A page of the contracts of one stored chain (an expiry), by type then strike as stored; 404 when none is stored. */
export async function browseChainContracts(deps: DataBrowserDeps, underlying: string, expiration: string, page: PageRequest) {
  const chain = await deps.reader.chain(underlying, expiration);
  if (!chain) return fail('not_found', DATA_BROWSER_TEXTS.noChain(underlying, expiration));
  const sliced = slicePage(chain.contracts, `${underlying}/${expiration}`, page);
  if (sliced === 'bad_cursor') return fail('bad_request', DATA_BROWSER_TEXTS.badCursor);
  return ok({ underlying, chain: chain.row, ...sliced });
}
