import { americanPrice } from '@shared/pricing';
import { buildChain, type OptionContract } from '@shared/market/chain';
import { addDays } from '@shared/market/dates';
import { occSymbol } from '@shared/market/occ';
import type { ProviderQuote } from '@shared/market/market-data.port';
import { exerciseStyle } from '@shared/market/underlyings';
import type { PlacementChain } from '@shared/strategy';

export const TODAY = '2026-11-02';
/** Listed expiries, in days from TODAY: nearest 30 is +32, nearest 60 after it is +60. */
export const EXPIRY_DAYS = [4, 11, 18, 25, 32, 46, 60, 74, 95];
export const R = 0.04;

export interface ChainSpec {
  ticker: string;
  spot: number;
  /** The listed strikes (the same on every expiry). */
  strikes: number[];
  atmVol: number;
  /** d(IV)/d(ln K/S): negative makes puts richer, as in equity markets. */
  skew?: number;
  q?: number;
  /** Open interest and volume of every contract (default 500 and 50). */
  openInterest?: number;
  volume?: number;
}

/** A grid of strikes from lo to hi in steps (integer stepping, cents-rounded). */
export const grid = (lo: number, hi: number, step: number): number[] => {
  const out: number[] = [];
  for (let i = Math.round(lo / step); i <= Math.round(hi / step); i++) out.push(Math.round(i * step * 100) / 100);
  return out;
};

/**
 * A chain as the API serves it, built by the market module from quotes on a skewed smile: mid = the American
 * value (every ticker here is a US stock or ETF), bid/ask ±2% around it (at least a cent), IV given, Greeks
 * computed by buildChain.
 */
export function makeChain(spec: ChainSpec): PlacementChain & { contracts: OptionContract[] } {
  const q = spec.q ?? 0;
  const expirations = EXPIRY_DAYS.map((d) => addDays(TODAY, d));
  const contracts: OptionContract[] = [];
  for (const [i, expiration] of expirations.entries()) {
    const T = EXPIRY_DAYS[i]! / 365;
    const quotes: ProviderQuote[] = [];
    for (const K of spec.strikes) {
      const iv = Math.max(0.05, spec.atmVol + (spec.skew ?? -0.1) * Math.log(K / spec.spot));
      for (const type of ['call', 'put'] as const) {
        const mid = americanPrice({ type, S: spec.spot, K, T, r: R, q, sigma: iv });
        const half = Math.max(0.01, mid * 0.02);
        quotes.push({
          ticker: occSymbol(spec.ticker, expiration, type, K),
          underlying: spec.ticker,
          expiration,
          strike: K,
          type,
          bid: Math.max(0, mid - half),
          ask: mid + half,
          volume: spec.volume ?? 50,
          openInterest: spec.openInterest ?? 500,
          impliedVolatility: iv,
        });
      }
    }
    contracts.push(
      ...buildChain(quotes, { underlying: spec.ticker, expiration, underlyingPrice: spec.spot, T, r: R, q, exercise: exerciseStyle(spec.ticker) }),
    );
  }
  return { spot: spec.spot, expirations, contracts };
}

/** The odd grids the placer must handle. */
export const ODD_CHAINS = {
  'a $550 ETF with $1 strikes': () => makeChain({ ticker: 'ETFX', spot: 550, strikes: grid(440, 660, 1), atmVol: 0.15, skew: -0.25 }),
  'a $25 stock with $0.50 strikes': () => makeChain({ ticker: 'SMOL', spot: 25, strikes: grid(12.5, 40, 0.5), atmVol: 0.45 }),
  'a $338 stock with $5 strikes': () => makeChain({ ticker: 'TSLX', spot: 338, strikes: grid(170, 510, 5), atmVol: 0.55, skew: -0.05 }),
  'a $100 stock with gaps in its grid': () =>
    makeChain({
      ticker: 'GAPS',
      spot: 100,
      strikes: [60, 65, 70, 75, 80, 85, 88, 90, 91, 92, 94, 95, 96, 97.5, 100, 102.5, 104, 105, 107, 110, 115, 120, 130, 140],
      atmVol: 0.3,
    }),
} as const;
