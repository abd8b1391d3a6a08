import { indiaApi, type IndianChainView } from '@shared/market/india/india.api';
import type { IndiaDeps } from '@shared/market/india/india-feed';
import { listNseUnderlyings } from '@shared/market/india/use-cases/list-nse-underlyings';
import { readIndianChain } from '@shared/market/india/use-cases/read-indian-chain';
import { failure, httpApi, ok, okRaw, route } from '../commons/http';
import { snapshotCache } from '../commons/snapshot-cache';
import { indiaDeps } from '../wiring/india';

/** The chain is read again every 5 s while NSE is open: browsers and the edge keep it no longer than that. */
const CHAIN_CACHE = 'public, max-age=4';
const UNDERLYINGS_CACHE = 'public, max-age=30';

/**
 * What an answer of the chain was made from: the feed's status, the chain's session, instant and expiry, and a weighted
 * sum of every quote's bid, ask, last, volume and open interest (a change of any figure changes it). The same version
 * is served from the kept JSON text and ETag, as the US chain is (functions/http/market.ts), so twenty readers of one
 * chain cost one serialisation until it changes: serialising an 85-KB NIFTY expiry on every read made the read's p99
 * 216 ms at 20 readers through the local gateway.
 */
export function chainVersion(view: IndianChainView): string {
  let sum = 0;
  view.quotes.forEach((q, i) => {
    const w = i + 1;
    sum += w * (q.bid + 3 * q.ask + 7 * (q.last ?? -1) + 11 * q.volume + 13 * q.openInterest + 17 * (q.iv ?? -1));
  });
  const f = view.feed;
  return [f.source, f.badge, f.standIn, f.sessionExpiresAt, f.marketOpen, view.session, view.asOf, view.expiry, view.spot, view.quotes.length, sum].join('|');
}

/** Indian markets (issue 38): the view-only NSE chain and its underlyings, with the feed's badge. */
export function makeIndiaHandler(deps: IndiaDeps) {
  const chains = snapshotCache<IndianChainView>({ maxEntries: 256 });
  return httpApi({
    'GET /api/india/underlyings': route(indiaApi['GET /api/india/underlyings'], async () =>
      ok(await listNseUnderlyings(deps), { 'cache-control': UNDERLYINGS_CACHE }),
    ),

    'GET /api/india/chain': route(indiaApi['GET /api/india/chain'], async ({ query }) => {
      const read = await readIndianChain(deps, { symbol: query.symbol, expiry: query.expiry });
      if (!read.ok) return failure(read.error);
      const view = read.value;
      const answer = await chains.answer(`${view.underlying}|${view.expiry}`, chainVersion(view), () => view);
      return okRaw(answer.text, { 'cache-control': CHAIN_CACHE, etag: answer.etag });
    }),
  });
}

export const handler = makeIndiaHandler(indiaDeps());
