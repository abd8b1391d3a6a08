import { indiaApi } from '@shared/market/india/india.api';
import type { IndiaDeps } from '@shared/market/india/india-feed';
import { listNseUnderlyings } from '@shared/market/india/use-cases/list-nse-underlyings';
import { readIndianChain } from '@shared/market/india/use-cases/read-indian-chain';
import { httpApi, ok, respond, route } from '../commons/http';
import { indiaDeps } from '../wiring/india';

/** The chain is read again every 5 s while NSE is open: browsers and the edge keep it no longer than that. */
const CHAIN_CACHE = 'public, max-age=4';
const UNDERLYINGS_CACHE = 'public, max-age=30';

/** Indian markets (issue 38): the view-only NSE chain and its underlyings, with the feed's badge. */
export function makeIndiaHandler(deps: IndiaDeps) {
  return httpApi({
    'GET /api/india/underlyings': route(indiaApi['GET /api/india/underlyings'], async () =>
      ok(await listNseUnderlyings(deps), { 'cache-control': UNDERLYINGS_CACHE }),
    ),

    'GET /api/india/chain': route(indiaApi['GET /api/india/chain'], async ({ query }) =>
      respond(await readIndianChain(deps, { symbol: query.symbol, expiry: query.expiry }), (view) => ok(view, { 'cache-control': CHAIN_CACHE })),
    ),
  });
}

export const handler = makeIndiaHandler(indiaDeps());
