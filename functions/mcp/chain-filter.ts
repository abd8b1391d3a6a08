import type { OptionContract } from '@shared/market/chain';
import type { ChainView } from '@shared/market/market-reader';

/** The most contracts one chain answer holds, so that a model's context is not flooded (a chain has hundreds). */
export const MAX_CHAIN_CONTRACTS = 50;

export interface ChainFilter {
  type: 'call' | 'put' | 'both';
  /** In the money (a call's strike below the price, a put's above), out of the money, or all. */
  moneyness: 'itm' | 'otm' | 'all';
  /** Keep strikes within this many percent of the underlying's price. */
  strikeWithinPercent?: number;
  /** |delta| bounds (0 to 1); a contract without a delta is left out when either is given. */
  minDelta?: number;
  maxDelta?: number;
  limit: number;
}

const inTheMoney = (c: OptionContract, spot: number) => (c.contract_type === 'call' ? c.strike_price < spot : c.strike_price > spot);

/**
 * The chain's contracts the filter keeps, at most `limit` (never above MAX_CHAIN_CONTRACTS): when more match, those
 * with strikes nearest the underlying's price; answered in strike order, calls before puts at a strike. `matched` says
 * how many matched before the limit.
 */
export function filterChain(chain: ChainView, filter: ChainFilter): { matched: number; contracts: OptionContract[] } {
  const spot = chain.underlying.price;
  const limit = Math.max(1, Math.min(MAX_CHAIN_CONTRACTS, Math.floor(filter.limit)));
  const deltaBounded = filter.minDelta !== undefined || filter.maxDelta !== undefined;
  const kept = chain.contracts.filter((c) => {
    if (filter.type !== 'both' && c.contract_type !== filter.type) return false;
    if (filter.moneyness !== 'all' && inTheMoney(c, spot) !== (filter.moneyness === 'itm')) return false;
    if (filter.strikeWithinPercent !== undefined && Math.abs(c.strike_price - spot) > (spot * filter.strikeWithinPercent) / 100) return false;
    if (deltaBounded) {
      if (c.delta === null || !Number.isFinite(c.delta)) return false;
      const d = Math.abs(c.delta);
      if (filter.minDelta !== undefined && d < filter.minDelta) return false;
      if (filter.maxDelta !== undefined && d > filter.maxDelta) return false;
    }
    return true;
  });
  const nearest = [...kept]
    .sort((a, b) => Math.abs(a.strike_price - spot) - Math.abs(b.strike_price - spot) || a.strike_price - b.strike_price)
    .slice(0, limit);
  const contracts = nearest.sort((a, b) => a.strike_price - b.strike_price || (a.contract_type === b.contract_type ? 0 : a.contract_type === 'call' ? -1 : 1));
  return { matched: kept.length, contracts };
}
