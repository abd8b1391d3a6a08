import type { IndianChainView } from '@shared/market/india/india.api';

/**
 * A NIFTY chain as GET /api/india/chain answers it, of the close of Friday 27 November 2026 (the simulated market's
 * answer on Monday 30 November before the close): three strikes around a spot of 26,012.35, each side with its own IV
 * but the 26,050 call, which has none.
 */
export function niftyChain(expiry = '2026-12-01'): IndianChainView {
  const expiries = [
    { date: '2026-12-01', kind: 'weekly' as const },
    { date: '2026-12-29', kind: 'monthly' as const },
    { date: '2027-01-25', kind: 'monthly' as const },
  ];
  const kind = expiries.find((e) => e.date === expiry)?.kind ?? 'weekly';
  const quote = (strike: number, type: 'CE' | 'PE', iv: number | null) => ({
    tradingsymbol: `NIFTY${expiry.slice(2, 4)}${expiry.slice(5, 7)}${expiry.slice(8)}${strike}${type}`,
    underlying: 'NIFTY',
    expiry,
    expiryKind: kind,
    strike,
    type,
    lotSize: 65,
    bid: 100,
    ask: 101,
    mid: 100.5,
    last: null,
    premiumPerLot: 100.5 * 65,
    iv,
    greeks: null,
    volume: 0,
    openInterest: 0,
  });
  return {
    feed: { badge: 'Demo Data Only', source: 'simulated', standIn: false, sessionExpiresAt: null, marketOpen: false, refreshSeconds: 5 },
    underlying: 'NIFTY',
    name: 'Nifty 50',
    session: '2026-11-27',
    asOf: '2026-11-27T10:00:00.000Z',
    spot: 26_012.35,
    currency: 'INR',
    exercise: 'european',
    lotSize: 65,
    repoRate: 0.0525,
    riskFreeRate: 0.0524962247,
    dividendYield: 0.012,
    expiries,
    expiry,
    quotes: [25_950, 26_000, 26_050].flatMap((k) => [quote(k, 'CE', k === 26_050 ? null : 0.1234), quote(k, 'PE', 0.1301)]),
  };
}

export const UNDERLYINGS = {
  underlyings: [
    { symbol: 'NIFTY', name: 'Nifty 50', kind: 'index', lotSize: 65, strikeInterval: 50 },
    { symbol: 'BANKNIFTY', name: 'Nifty Bank', kind: 'index', lotSize: 30, strikeInterval: 100 },
  ],
  feed: { badge: 'Demo Data Only', source: 'simulated', standIn: false, sessionExpiresAt: null, marketOpen: false, refreshSeconds: 5 },
};
