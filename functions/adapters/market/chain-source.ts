import type { ChainSource } from '@shared/community/posts';
import type { MarketReader } from '@shared/market/market-reader';

/** Today's chains for shared strategies, through the same reader as the chain API (stored chains, else the simulated market). */
export function marketChainSource(reader: MarketReader): ChainSource {
  return {
    async expiries(underlying) {
      const out = await reader.expiries(underlying);
      return out.ok ? out.value.expiries.map((e) => e.expiration_date) : null;
    },
    async chain(underlying, expiration) {
      const read = await reader.chain(underlying, expiration);
      if (!read.ok) return null;
      const out = read.value;
      const strikes = (type: 'call' | 'put') =>
        [...new Set(out.contracts.filter((c) => c.contract_type === type).map((c) => c.strike_price))].sort((a, b) => a - b);
      return { spot: out.underlying.price, strikes: { call: strikes('call'), put: strikes('put') } };
    },
  };
}
