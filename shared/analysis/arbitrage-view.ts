import { DEFAULT_SETTINGS } from '../paper/types';
import { exerciseStyle, RISK_FREE_RATE, underlyingProfile } from '../market/underlyings';
import { scanParity, type ArbitrageHit, type ParityRow } from './parity';
import type { ArbitrageResult } from './screener.api';
import type { ChainSet } from './screener';

/**
 * The fees the scanner charges: the paper account's default commission on each option contract, and on the stock legs
 * of a conversion or reversal $0.005 a share (the paper account has no per-share setting; this is the per-share rate of
 * Interactive Brokers' fixed pricing, a common low-cost stock commission).
 */
export const ARBITRAGE_FEES = { perContract: DEFAULT_SETTINGS.commissionPerContract, perShare: 0.005 } as const;
/** End-of-day data has no stock quote: the stock is taken a cent either side of the close. */
export const STOCK_HALF_SPREAD = 0.01;
/** The strongest apparent opportunities answered (of all found; `scanned` says how many were looked at). */
export const MAX_HITS = 100;

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;
const r6n = (x: number | null) => (x === null ? null : r6(x));
const roundHit = (h: ArbitrageHit) => ({
  ...h,
  theoreticalEdge: r6(h.theoreticalEdge),
  executableEdge: r6(h.executableEdge),
  fees: r6(h.fees),
  capital: r6(h.capital),
  annualizedExcess: r6(h.annualizedExcess),
});
const roundRow = (p: ParityRow) => ({
  ...p,
  callMid: r6n(p.callMid),
  putMid: r6n(p.putMid),
  observed: r6n(p.observed),
  parity: r6(p.parity),
  lower: r6(p.lower),
  upper: r6(p.upper),
  deviation: r6n(p.deviation),
  conversionEdge: r6n(p.conversionEdge),
  reversalEdge: r6n(p.reversalEdge),
});

/**
 * GET /api/analysis/{underlying}/arbitrage as a read model: the put-call parity scan of one underlying's chain snapshot
 * (every expiry), its strongest hits, and the parity table of one expiry (the one asked for, else the first at least
 * 20 days out). Pure: the snapshot and the New York date in, the answer out.
 */
export function arbitrageAnswer(
  set: Pick<ChainSet, 'ticker' | 'price' | 'asOf' | 'source' | 'expiries'>,
  q: { expiry?: string | undefined; today: string },
  fees: { perContract: number; perShare: number } = ARBITRAGE_FEES,
): ArbitrageResult {
  const ticker = set.ticker;
  const expiries = set.expiries.filter((e) => e.days > 0).map((e) => e.expiration);
  const parityExpiry = q.expiry && expiries.includes(q.expiry) ? q.expiry : (set.expiries.find((e) => e.days >= 20)?.expiration ?? expiries[0] ?? null);
  const exercise = exerciseStyle(ticker);
  const dividendYield = underlyingProfile(ticker)?.dividendYield ?? 0;
  const scan = scanParity({
    price: set.price,
    stockHalfSpread: STOCK_HALF_SPREAD,
    today: q.today,
    riskFree: RISK_FREE_RATE,
    dividendYield,
    dividends: [],
    exercise,
    feePerContract: fees.perContract,
    feePerShare: fees.perShare,
    endOfDay: true,
    expiries: set.expiries,
  });
  return {
    underlying: ticker,
    price: set.price,
    asOf: set.asOf,
    source: set.source,
    exercise,
    inputs: {
      riskFree: RISK_FREE_RATE,
      dividendYield,
      dividends: [],
      feePerContract: fees.perContract,
      feePerShare: fees.perShare,
      stockHalfSpread: STOCK_HALF_SPREAD,
    },
    hits: scan.hits.slice(0, MAX_HITS).map(roundHit),
    expiries,
    parityExpiry,
    parity: scan.parity.filter((p) => p.expiration === parityExpiry).map(roundRow),
    scanned: scan.scanned,
  };
}
