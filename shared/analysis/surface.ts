/**
 * The volatility surface read from the stored chains (issue 22, the volatility explorer and the screener's IV30):
 * at-the-money IV per expiry, constant-maturity IV interpolated in total variance, skew per expiry (25-delta risk
 * reversal and butterfly, as Derivative Engines' handbook defines them) and the expected-move cone (tastytrade's 1-SD move). Pure: the caller passes one
 * snapshot's chains; volatilities are fractions, times in years (calendar days / 365, as the chains' own T).
 */

/** The few fields of a chain's contract this module reads (shared/market/chain.ts OptionContract has them all). */
export interface SurfaceContract {
  contract_type: 'call' | 'put';
  strike_price: number;
  implied_volatility: number | null;
  delta: number | null;
}

export interface SurfaceExpiry {
  expiration: string;
  /** Calendar days to expiry. */
  days: number;
  contracts: readonly SurfaceContract[];
}

export const DAYS_PER_YEAR = 365;

/** The strike nearest the price that has an IV on both sides (or on one, when the other is missing). */
function atmStrike(contracts: readonly SurfaceContract[], price: number): number | null {
  let best: number | null = null;
  for (const c of contracts) {
    if (c.implied_volatility === null || !(c.implied_volatility > 0)) continue;
    if (best === null || Math.abs(c.strike_price - price) < Math.abs(best - price)) best = c.strike_price;
  }
  return best;
}

/**
 * At-the-money IV of one expiry: the average of the call's and the put's IV at the listed strike nearest the price
 * (one side alone when the other has none). Null when no contract has an IV.
 */
export function atmIv(contracts: readonly SurfaceContract[], price: number): number | null {
  const K = atmStrike(contracts, price);
  if (K === null) return null;
  const ivs = contracts.filter((c) => c.strike_price === K && c.implied_volatility !== null && c.implied_volatility > 0).map((c) => c.implied_volatility!);
  return ivs.reduce((s, x) => s + x, 0) / ivs.length;
}

export interface TermPoint {
  expiration: string;
  days: number;
  atmIv: number;
  /** σ² × T: the total variance, which must not fall with T (a fall is a calendar arbitrage). */
  totalVariance: number;
}

/** ATM IV per expiry, nearest first; expiries without an IV, or expiring today (T = 0), are left out. */
export function termStructure(expiries: readonly SurfaceExpiry[], price: number): TermPoint[] {
  return expiries
    .filter((e) => e.days > 0)
    .map((e) => ({ e, iv: atmIv(e.contracts, price) }))
    .filter((x): x is { e: SurfaceExpiry; iv: number } => x.iv !== null)
    .map(({ e, iv }) => ({ expiration: e.expiration, days: e.days, atmIv: iv, totalVariance: iv * iv * (e.days / DAYS_PER_YEAR) }))
    .sort((a, b) => a.days - b.days);
}

/**
 * Constant-maturity ATM IV at `targetDays` (30 for IV30, 90 for IV90; Barchart's IV30): linear in total variance
 * between the two expiries around the target, w = w₁ + (w₂ − w₁)(T − T₁)/(T₂ − T₁), σ = √(w / T); outside the listed
 * expiries the nearest one's IV (flat). Null with no term structure.
 *
 * Example: 20 days at 20% and 40 days at 30% → w₁ = 0.04 × 20/365, w₂ = 0.09 × 40/365, at 30 days
 * w = (0.8 + 3.6)/2/365 = 2.2/365, σ = √(2.2/30) = 27.08%.
 */
export function constantMaturityIv(term: readonly TermPoint[], targetDays: number): number | null {
  if (term.length === 0) return null;
  const sorted = [...term].sort((a, b) => a.days - b.days);
  if (targetDays <= sorted[0]!.days) return sorted[0]!.atmIv;
  if (targetDays >= sorted.at(-1)!.days) return sorted.at(-1)!.atmIv;
  const i = sorted.findIndex((p) => p.days >= targetDays);
  const a = sorted[i - 1]!;
  const b = sorted[i]!;
  const T = targetDays / DAYS_PER_YEAR;
  const w = a.totalVariance + ((b.totalVariance - a.totalVariance) * (targetDays - a.days)) / (b.days - a.days);
  return w > 0 ? Math.sqrt(w / T) : null;
}

/** The IV at a given call delta (0.25 for the 25-delta call, −0.25 for the 25-delta put), linear between the two nearest. */
export function ivAtDelta(contracts: readonly SurfaceContract[], type: 'call' | 'put', targetDelta: number): number | null {
  const pts = contracts
    .filter((c) => c.contract_type === type && c.delta !== null && c.implied_volatility !== null && c.implied_volatility > 0)
    .map((c) => ({ d: c.delta!, iv: c.implied_volatility! }))
    .sort((a, b) => a.d - b.d);
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    if (a.d <= targetDelta && targetDelta <= b.d) return b.d === a.d ? a.iv : a.iv + ((b.iv - a.iv) * (targetDelta - a.d)) / (b.d - a.d);
  }
  return null;
}

export interface ExpirySkew {
  expiration: string;
  days: number;
  atmIv: number | null;
  call25: number | null;
  put25: number | null;
  /** RR25 = IV(25Δ call) − IV(25Δ put); equities usually negative (puts richer). */
  riskReversal: number | null;
  /** BF25 = (IV(25Δ call) + IV(25Δ put)) / 2 − IV(ATM): the smile's curvature. */
  butterfly: number | null;
  /** IV per strike (calls above the price, puts at and below: the out-of-the-money side, as skew charts show). */
  smile: { strike: number; iv: number }[];
}

/** Skew per expiry (Derivative Engines' handbook, "25 delta butterfly and risk reversal"). */
export function skewOf(expiry: SurfaceExpiry, price: number): ExpirySkew {
  const atm = atmIv(expiry.contracts, price);
  const call25 = ivAtDelta(expiry.contracts, 'call', 0.25);
  const put25 = ivAtDelta(expiry.contracts, 'put', -0.25);
  const smile = expiry.contracts
    .filter((c) => c.implied_volatility !== null && c.implied_volatility > 0 && (c.contract_type === 'call' ? c.strike_price > price : c.strike_price <= price))
    .map((c) => ({ strike: c.strike_price, iv: c.implied_volatility! }))
    .sort((a, b) => a.strike - b.strike);
  return {
    expiration: expiry.expiration,
    days: expiry.days,
    atmIv: atm,
    call25,
    put25,
    riskReversal: call25 !== null && put25 !== null ? call25 - put25 : null,
    butterfly: call25 !== null && put25 !== null && atm !== null ? (call25 + put25) / 2 - atm : null,
    smile,
  };
}

/** Moneyness columns of the surface heatmap: strike / price. */
export const SURFACE_MONEYNESS = [0.8, 0.85, 0.9, 0.95, 0.975, 1, 1.025, 1.05, 1.1, 1.15, 1.2] as const;

/**
 * The surface as a grid: one row per expiry, one cell per moneyness (K / S), the out-of-the-money contract's IV
 * interpolated linearly in strike between the two listed strikes around K (null outside the listed strikes).
 */
export function surfaceGrid(expiries: readonly SurfaceExpiry[], price: number, moneyness: readonly number[] = SURFACE_MONEYNESS) {
  return expiries
    .filter((e) => e.days > 0)
    .map((e) => {
      const smile = skewOf(e, price).smile;
      const cells = moneyness.map((m) => {
        const K = m * price;
        for (let i = 1; i < smile.length; i++) {
          const a = smile[i - 1]!;
          const b = smile[i]!;
          if (a.strike <= K && K <= b.strike) return a.iv + ((b.iv - a.iv) * (K - a.strike)) / (b.strike - a.strike);
        }
        return null;
      });
      return { expiration: e.expiration, days: e.days, cells };
    });
}

/**
 * The expected-move cone from the term structure (tastytrade's 1-SD expected move): for each expiry, ±1 SD = S × σ × √t and the
 * lognormal bounds S·e^(±σ√t), with σ that expiry's ATM IV and t = days / 365.
 */
export function expectedMoveCone(term: readonly TermPoint[], price: number) {
  return term.map((p) => {
    const sd = p.atmIv * Math.sqrt(p.days / DAYS_PER_YEAR);
    return { expiration: p.expiration, days: p.days, atmIv: p.atmIv, move: price * sd, low: price * Math.exp(-sd), high: price * Math.exp(sd) };
  });
}
