import { fail, ok, type Result } from '../../../result';
import { chooseIndianFeed, demoFeed, kiteFallbackDetails, type IndiaDeps } from '../india-feed';
import type { IndiaFeed, IndianChainView } from '../india.api';
import type { IndianChain } from '../indian-chain-source.port';
import { isKiteSessionOver } from '../kite/errors';
import { nseContract, POPULAR_NSE_UNDERLYINGS } from '../nse-contracts';

export const unknownNseUnderlying = (symbol: string): string =>
  `${symbol} is not an NSE underlying the Indian chain shows. Choose one of ${POPULAR_NSE_UNDERLYINGS.slice(0, 3).join(', ')} or the listed stocks.`;

const viewOf = (chain: IndianChain, feed: IndiaFeed): IndianChainView => ({
  feed,
  underlying: chain.underlying,
  name: chain.name,
  session: chain.session,
  asOf: chain.asOf,
  spot: chain.spot,
  currency: chain.currency,
  exercise: chain.exercise,
  lotSize: chain.lotSize,
  repoRate: chain.repoRate,
  riskFreeRate: chain.riskFreeRate,
  dividendYield: chain.dividendYield,
  expiries: chain.expiries,
  expiry: chain.expiry,
  quotes: chain.quotes,
});

/**
 * The view-only Indian chain of an underlying (spec part 2; issue 38): from Kite with a live login, else from the
 * simulated NSE market. Kite's refusal of the session (TokenException), a failed call, or an underlying Kite lists no
 * options of falls back to the simulated market with 'Demo Data Only', the reason in the operator's log: learners get a
 * chain, never Kite's error. Only an underlying the product does not list, or an expiry the source does not list, is
 * a 404.
 */
export async function readIndianChain(deps: IndiaDeps, request: { symbol: string; expiry?: string }): Promise<Result<IndianChainView>> {
  const now = deps.clock.now();
  const spec = nseContract(request.symbol);
  if (!spec) return fail('not_found', unknownNseUnderlying(request.symbol.toUpperCase()));
  const wanted = { symbol: spec.symbol, expiry: request.expiry, now };

  const chosen = await chooseIndianFeed(deps, now);
  if (chosen.feed.source === 'kite') {
    const read = await chosen.source.chain(wanted);
    if (read.ok && read.value) return ok(viewOf(read.value, chosen.feed));
    if (!read.ok && read.error.code === 'not_found') return read;
    if (!read.ok)
      deps.warn?.(
        isKiteSessionOver(read.error)
          ? 'Kite refused the session; the Indian chain shows the simulated market'
          : 'Kite did not answer the Indian chain; it shows the simulated market',
        kiteFallbackDetails(read.error),
      );
    else deps.warn?.(`Kite lists no options of ${spec.symbol}; the Indian chain shows the simulated market`);
  }

  const simulated = await deps.simulated.chain(wanted);
  if (!simulated.ok) return simulated;
  if (!simulated.value) return fail('not_found', unknownNseUnderlying(spec.symbol));
  return ok(viewOf(simulated.value, demoFeed(now)));
}
