import { chooseIndianFeed, type IndiaDeps } from '../india-feed';
import type { IndiaFeed, NseUnderlyingView } from '../india.api';
import { NSE_CONTRACTS } from '../nse-contracts';

/**
 * The NSE underlyings the Indian chain's picker offers (the spec's 20, NIFTY first) with their lot sizes and strike
 * steps (nse-contracts.ts, each with its source), and the feed the chain would come from now. A chain read from Kite
 * carries Kite's own lot size on every contract.
 */
export async function listNseUnderlyings(deps: IndiaDeps): Promise<{ underlyings: NseUnderlyingView[]; feed: IndiaFeed }> {
  const { feed } = await chooseIndianFeed(deps, deps.clock.now());
  return {
    underlyings: NSE_CONTRACTS.map((c) => ({ symbol: c.symbol, name: c.name, kind: c.kind, lotSize: c.lotSize, strikeInterval: c.strikeInterval })),
    feed,
  };
}
