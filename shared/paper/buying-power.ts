import { CONTRACT_MULTIPLIER, type Position } from './types';

/**
 * Buying power a cash-style options account sets aside for its short options (issue 6):
 * - a short call is covered by 100 shares a contract (nothing reserved), else by a long call
 *   expiring no earlier (a spread: reserve the width when the long strike is higher);
 *   anything left is a naked short call, which no level allows;
 * - a short put is covered by a long put expiring no earlier (a spread: reserve the width when
 *   the long strike is lower), else cash-secured: strike × 100 reserved;
 * - a two-sided defined-risk position on one expiry (an iron condor or butterfly) can lose on one
 *   side only, so it reserves the larger side.
 * The premium received is already in cash, so what is reserved plus cash covers the maximum loss.
 * Short stock (possible only through an assignment) keeps its sale proceeds set aside.
 */
export interface Requirement {
  total: number;
  /** Short calls covered neither by shares nor by a long call. */
  nakedCalls: { symbol: string; quantity: number }[];
}

interface Leg {
  symbol: string;
  expiration: string;
  strike: number;
  quantity: number;
}

export function requirement(positions: readonly Position[], underlyingPrices: ReadonlyMap<string, number> = new Map()): Requirement {
  const byUnderlying = new Map<string, Position[]>();
  for (const p of positions) if (p.quantity !== 0) byUnderlying.set(p.underlying, [...(byUnderlying.get(p.underlying) ?? []), p]);
  let total = 0;
  const nakedCalls: Requirement['nakedCalls'] = [];
  for (const list of byUnderlying.values()) {
    const shares = list.filter((p) => p.kind === 'stock').reduce((s, p) => s + p.quantity, 0);
    const legs = (type: 'call' | 'put', sign: 1 | -1): Leg[] =>
      list
        .filter((p) => p.kind === 'option' && p.optionType === type && Math.sign(p.quantity) === sign)
        .map((p) => ({ symbol: p.symbol, expiration: p.expiration!, strike: p.strike!, quantity: Math.abs(p.quantity) }));
    const spreadByExpiry = new Map<string, { call: number; put: number }>();
    const addSpread = (expiration: string, side: 'call' | 'put', amount: number) => {
      const entry = spreadByExpiry.get(expiration) ?? { call: 0, put: 0 };
      entry[side] += amount;
      spreadByExpiry.set(expiration, entry);
    };

    // Short calls: shares first, then the cheapest-to-pair long calls (lowest strike).
    let freeShares = Math.max(0, shares);
    const longCalls = legs('call', 1).sort((a, b) => a.strike - b.strike);
    for (const short of legs('call', -1).sort((a, b) => a.strike - b.strike)) {
      let open = short.quantity;
      const byShares = Math.min(open, Math.floor(freeShares / CONTRACT_MULTIPLIER));
      open -= byShares;
      freeShares -= byShares * CONTRACT_MULTIPLIER;
      for (const long of longCalls) {
        if (!open) break;
        if (long.quantity === 0 || long.expiration < short.expiration) continue;
        const n = Math.min(open, long.quantity);
        long.quantity -= n;
        open -= n;
        addSpread(short.expiration, 'call', Math.max(0, long.strike - short.strike) * CONTRACT_MULTIPLIER * n);
      }
      if (open) nakedCalls.push({ symbol: short.symbol, quantity: open });
    }

    // Short puts: the highest-strike long puts first, the rest secured by cash.
    const longPuts = legs('put', 1).sort((a, b) => b.strike - a.strike);
    for (const short of legs('put', -1).sort((a, b) => b.strike - a.strike)) {
      let open = short.quantity;
      for (const long of longPuts) {
        if (!open) break;
        if (long.quantity === 0 || long.expiration < short.expiration) continue;
        const n = Math.min(open, long.quantity);
        long.quantity -= n;
        open -= n;
        addSpread(short.expiration, 'put', Math.max(0, short.strike - long.strike) * CONTRACT_MULTIPLIER * n);
      }
      total += short.strike * CONTRACT_MULTIPLIER * open;
    }
    for (const { call, put } of spreadByExpiry.values()) total += Math.max(call, put);
    // Short stock (from an assignment without shares) keeps its sale proceeds set aside.
    if (shares < 0) total += -shares * (underlyingPrices.get(list[0]!.underlying) ?? 0);
  }
  return { total, nakedCalls };
}
