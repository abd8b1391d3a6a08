import { americanGreeks, greeks } from '../pricing';
import { normCdf } from '../pricing/normal-distribution';
import type { OptionContract } from '../market/chain';
import { addDays, daysBetween } from '../market/dates';
import { CONTRACT_MULTIPLIER } from '../paper/types';
import { analyzeAtExpiry, expiryPnl, netPremium } from './payoff';
import type { ExpiryAnalysis, StrategyLeg } from './types';
import {
  clean,
  earlyExerciseValue,
  firstExpiration,
  intrinsic,
  legSign,
  legStyle,
  pnlOnDate,
  pricedLegs,
  ratesFor,
  resolveIv,
  yearsBetweenDates,
} from './valuation';

/** What the builder's right column knows about the market: spot, quote date, rates, lots. */
export interface MarketOptions {
  spot: number;
  /** Quote date, YYYY-MM-DD ("today"). */
  asOf?: string;
  /** Default RISK_FREE_RATE. */
  r?: number;
  /** Default the underlying's dividend yield, else 0. */
  q?: number;
  /** Builder multiplier (lots); default 1. */
  multiplier?: number;
  /** Volatility for legs with no IV that cannot be solved from their premium; default 25%. */
  iv?: number;
}

const underlyingOf = (legs: readonly StrategyLeg[]) => legs[0]?.underlying;

// ---------------------------------------------------------------------------------------------- payoff curve

export interface PayoffPoint {
  price: number;
  /** P&L at expiry (the first expiry for calendars), dollars. */
  expiry: number;
  /** P&L on the target date, each leg by its model (American or European, as its style) at its remaining time and IV; null without a date. */
  target: number | null;
}

export interface PayoffCurveOptions extends MarketOptions {
  /** Default 100 (spec part 3 §9). */
  points?: number;
  /** Fractions of the spot the curve spans; default 0.7 to 1.3. */
  from?: number;
  to?: number;
  /** Date of the "On Target Date" line; default asOf. */
  targetDate?: string;
  /** Exact prices to evaluate instead of the even grid (the framed graph's, see payoff-frame.ts, or one price read). */
  prices?: readonly number[];
}

/**
 * Points of the payoff graph: `points` prices evenly spaced from `from`·spot to `to`·spot (both included), or the
 * `prices` given, with the P&L at expiry and the P&L on the target date. Dollars for the whole position (per lot ×
 * multiplier).
 */
export function payoffCurve(legs: readonly StrategyLeg[], options: PayoffCurveOptions): PayoffPoint[] {
  const { spot, points = 100, from = 0.7, to = 1.3, multiplier = 1 } = options;
  const rates = ratesFor(underlyingOf(legs), options);
  const atExpiry = expiryPnl(legs, { ...rates, spot, asOf: options.asOf, iv: options.iv, multiplier });
  const date = options.targetDate ?? options.asOf;
  const priced = pricedLegs(legs, { ...rates, spot, asOf: options.asOf, fallbackIv: options.iv }, multiplier);
  const n = Math.max(2, Math.floor(points));
  const prices = options.prices ?? Array.from({ length: n }, (_, i) => spot * (from + ((to - from) * i) / (n - 1)));
  return prices.map((price) => ({
    price,
    expiry: clean(atExpiry(price)),
    target: date === undefined ? null : clean(pnlOnDate(priced, price, date, rates)),
  }));
}

// ------------------------------------------------------------------------------------- probability of profit

/** One sentence for the POP tooltip. */
export const POP_METHOD =
  'The chance that the price at expiry ends where this position makes money, from a lognormal price distribution with the implied volatility and risk-neutral drift, added up between the breakevens.';

export interface PopOptions {
  spot: number;
  /** Annualised implied volatility (the chain's at-the-money IV). */
  iv: number;
  /** Years to the (first) expiry. */
  T: number;
  r?: number;
  q?: number;
  /** Quote date, to value later legs of a calendar. */
  asOf?: string;
}

export interface ProbabilityOfProfit {
  /** 0–1. */
  probability: number;
  breakevens: number[];
  method: string;
}

/**
 * Probability of profit at expiry under the lognormal (Black-Scholes) distribution:
 *   P(S_T > x) = Φ(d₂(x)),  d₂(x) = [ln(S/x) + (r − q − σ²/2)T] / (σ√T),
 * summed over the price ranges between consecutive breakevens where the expiry P&L is positive.
 * Units: σ annualised, T in years, r and q continuous. Reference: Hull, 9th ed., §15.4 (N(d₂) is the
 * risk-neutral probability that a call finishes in the money). Replaces the spec's 50 + 10 × (reward/risk − 1),
 * which is not a probability.
 */
export function probabilityOfProfit(legs: readonly StrategyLeg[], options: PopOptions): ProbabilityOfProfit {
  const { spot, iv, T } = options;
  const rates = ratesFor(underlyingOf(legs), options);
  const expiry = { ...rates, spot, asOf: options.asOf, iv };
  const { breakevens } = analyzeAtExpiry(legs, expiry);
  const f = expiryPnl(legs, expiry);
  const v = iv * Math.sqrt(Math.max(T, 0));
  const forward = spot * Math.exp((rates.r - rates.q) * T);
  // P(S_T > x); with no volatility S_T is the forward.
  const above = (x: number): number => {
    if (x <= 0) return 1;
    if (!Number.isFinite(x)) return 0;
    if (!(v > 0)) return forward > x ? 1 : 0;
    return normCdf((Math.log(spot / x) + (rates.r - rates.q) * T - 0.5 * v * v) / v);
  };
  const bounds = [0, ...breakevens, Infinity];
  let p = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const lo = bounds[i]!,
      hi = bounds[i + 1]!;
    const probe = Number.isFinite(hi) ? (lo + hi) / 2 : Math.max(lo * 1.5, lo + 1);
    if (f(probe) > 0) p += above(lo) - above(hi);
  }
  return { probability: Math.min(1, Math.max(0, p)), breakevens, method: POP_METHOD };
}

// ------------------------------------------------------------------------------------------- expected move

export interface ExpectedMove {
  /** σ√T: one standard deviation of the log return to expiry. */
  sigma: number;
  /** S·σ·√T: the one-standard-deviation move in dollars. */
  move: number;
  /** S·e^{∓σ√T}: about 68% of outcomes. */
  oneSigma: { low: number; high: number };
  /** S·e^{∓2σ√T}: about 95% of outcomes. */
  twoSigma: { low: number; high: number };
}

/**
 * Expected-move bands from implied volatility: ±1σ and ±2σ of the lognormal log return, σ√T, around the
 * spot (median-centred, drift ignored). Units: iv annualised, T in years. Reference: Hull, 9th ed., §15.1.
 */
export function expectedMove(spot: number, iv: number, T: number): ExpectedMove {
  const sigma = iv * Math.sqrt(Math.max(T, 0));
  const band = (k: number) => ({ low: spot * Math.exp(-k * sigma), high: spot * Math.exp(k * sigma) });
  return { sigma, move: spot * sigma, oneSigma: band(1), twoSigma: band(2) };
}

// ---------------------------------------------------------------------------------------------- P&L table

export interface PnlTable {
  /** Row prices, ascending. */
  prices: number[];
  /** Column dates, from asOf to the first expiry. */
  dates: string[];
  /** pnl[row][column], dollars. */
  pnl: number[][];
}

export interface PnlTableOptions extends MarketOptions {
  asOf: string;
  /** Default 10 rows from 90% of the spot in 2% steps (spec part 3 §9). */
  rows?: number;
  from?: number;
  step?: number;
  /** At most this many date columns, evenly spaced, today and expiry included; default 6. */
  columns?: number;
}

/**
 * P&L on each date and price: rows from `from`·spot in `step` increments, columns from asOf to the first
 * expiry; each cell values every leg by its model (the American engine for American-style legs, Black-Scholes-
 * Merton for European-style ones; valuation.ts optionValue) at its remaining time and IV (intrinsic at expiry).
 */
export function pnlTable(legs: readonly StrategyLeg[], options: PnlTableOptions): PnlTable {
  const { spot, asOf, rows = 10, from = 0.9, step = 0.02, columns = 6, multiplier = 1 } = options;
  const rates = ratesFor(underlyingOf(legs), options);
  const priced = pricedLegs(legs, { ...rates, spot, asOf, fallbackIv: options.iv }, multiplier);
  const prices = Array.from({ length: rows }, (_, i) => clean(spot * (from + step * i)));
  const dates = tableDates(asOf, firstExpiration(legs) ?? asOf, columns);
  return { prices, dates, pnl: prices.map((S) => dates.map((d) => clean(pnlOnDate(priced, S, d, rates)))) };
}

/** Up to n dates evenly spaced from `from` to `to` (both included, whole days, no repeats). */
export function tableDates(from: string, to: string, n: number): string[] {
  const days = daysBetween(from, to);
  if (days <= 0) return [to];
  const count = Math.max(2, Math.min(n, days + 1));
  return [...new Set(Array.from({ length: count }, (_, i) => addDays(from, Math.round((days * i) / (count - 1)))))];
}

// ------------------------------------------------------------------------------------------ position Greeks

export interface PositionGreeks {
  /** Share-equivalent: dollars per $1 of the underlying. */
  delta: number;
  /** Change of delta per $1. */
  gamma: number;
  /** Dollars per calendar day. */
  theta: number;
  /** Dollars per 1 volatility point (1%). */
  vega: number;
  /** Dollars per 1 rate point (1%). */
  rho: number;
}

/**
 * Position Greeks: Σ over legs of ±quantity × multiplier × 100 × the leg's Greek at the spot, its remaining
 * time (asOf to expiry, ACT/365) and IV, by its model (americanGreeks for American-style legs, Black-Scholes-
 * Merton for European-style ones); theta converted per day (/365), vega and rho per 1% (/100).
 * Reference: Hull, 9th ed., ch. 19; shared/pricing/README.md (American Greeks).
 */
export function positionGreeks(legs: readonly StrategyLeg[], options: MarketOptions & { asOf: string }): PositionGreeks {
  const { spot, asOf, multiplier = 1 } = options;
  const rates = ratesFor(underlyingOf(legs), options);
  const total: PositionGreeks = { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 };
  for (const leg of legs) {
    const sigma = resolveIv(leg, { ...rates, spot, asOf, fallbackIv: options.iv });
    const input = { type: leg.optionType, S: spot, K: leg.strike, T: yearsBetweenDates(asOf, leg.expiration), r: rates.r, q: rates.q, sigma };
    const g = legStyle(leg) === 'american' ? americanGreeks(input) : greeks(input);
    const w = legSign(leg) * leg.quantity * multiplier * CONTRACT_MULTIPLIER;
    total.delta += w * g.delta;
    total.gamma += w * g.gamma;
    total.theta += (w * g.theta) / 365;
    total.vega += (w * g.vega) / 100;
    total.rho += (w * g.rho) / 100;
  }
  return total;
}

// ------------------------------------------------------------------------------------ early-exercise premium

/** The page shows a leg's early-exercise premium from a cent a share. */
export const EARLY_EXERCISE_SHOWN_FROM = 0.01;

/** One line each on why exercising early can pay (issue 23 §3). */
export const EARLY_EXERCISE_WHY = {
  put: 'A deep in-the-money put can be worth exercising early: the strike paid now earns interest until expiry.',
  call: 'A call can be worth exercising early just before a dividend: the shares collect it and the call does not.',
} as const;

/**
 * A leg's early-exercise premium per share today: its American value less its European value at the spot, its
 * time to expiry (asOf to expiry, ACT/365) and IV (valuation.ts earlyExerciseValue). 0 for a European-style leg
 * and at expiry. Dollars per share, as premiums are; show it where it is at least EARLY_EXERCISE_SHOWN_FROM.
 */
export function earlyExercisePremium(leg: StrategyLeg, options: MarketOptions & { asOf: string }): number {
  if (legStyle(leg) !== 'american') return 0;
  const { spot, asOf } = options;
  const rates = ratesFor(leg.underlying, options);
  const sigma = resolveIv(leg, { ...rates, spot, asOf, fallbackIv: options.iv });
  return earlyExerciseValue(leg.optionType, spot, leg.strike, yearsBetweenDates(asOf, leg.expiration), rates.r, rates.q, sigma);
}

// ------------------------------------------------------------------------------------ summary tile figures

/**
 * Reward/risk = max profit / |max loss|. Infinity for unlimited profit with limited risk; 0 for unlimited risk
 * with limited profit, or no profit; null where it means nothing (no possible loss, or both unlimited).
 */
export function rewardRisk(analysis: Pick<ExpiryAnalysis, 'maxProfit' | 'maxLoss'>): number | null {
  const { maxProfit, maxLoss } = analysis;
  if (maxLoss >= 0) return null;
  if (maxLoss === -Infinity) return maxProfit === Infinity ? null : 0;
  if (maxProfit === Infinity) return Infinity;
  return maxProfit <= 0 ? 0 : maxProfit / -maxLoss;
}

export interface NetDebitCredit {
  kind: 'debit' | 'credit' | 'even';
  /** Dollars, never negative. */
  amount: number;
  /** Signed, credit positive (as in ExpiryAnalysis). */
  netPremium: number;
}

/** Net debit or credit of the position: Σ (sell ? +1 : −1) × premium × quantity × 100 × multiplier. */
export function netDebitCredit(legs: readonly StrategyLeg[], multiplier = 1): NetDebitCredit {
  const net = netPremium(legs, multiplier);
  return { kind: net > 0 ? 'credit' : net < 0 ? 'debit' : 'even', amount: Math.abs(net), netPremium: net };
}

/**
 * Time (extrinsic) value of the position at the spot: Σ ±(premium − intrinsic(spot)) × quantity × 100 ×
 * multiplier, + for bought legs, − for sold ones. Positive: the position owns time value, which decays
 * against it; negative: it has sold time value, which decays in its favour.
 */
export function timeValue(legs: readonly StrategyLeg[], spot: number, multiplier = 1): number {
  return clean(
    legs.reduce(
      (s, leg) => s + legSign(leg) * (leg.premium - intrinsic(leg.optionType, spot, leg.strike)) * leg.quantity * CONTRACT_MULTIPLIER * multiplier,
      0,
    ),
  );
}

/** The at-the-money IV of a chain: the mean IV of the contracts at the listed strike nearest the spot. */
export function atmImpliedVol(contracts: readonly OptionContract[], spot: number, expiration?: string): number | null {
  const quoted = contracts.filter(
    (c) => c.implied_volatility !== null && Number.isFinite(c.implied_volatility) && (expiration === undefined || c.expiration_date === expiration),
  );
  if (quoted.length === 0) return null;
  const nearest = quoted.reduce((best, c) => (Math.abs(c.strike_price - spot) < Math.abs(best - spot) ? c.strike_price : best), quoted[0]!.strike_price);
  const ivs = quoted.filter((c) => c.strike_price === nearest).map((c) => c.implied_volatility!);
  return ivs.reduce((s, x) => s + x, 0) / ivs.length;
}

export interface StrategySummary extends ExpiryAnalysis {
  debitCredit: NetDebitCredit;
  rewardRisk: number | null;
  /** 0–1, null without a quote date. */
  pop: number | null;
  popMethod: string;
  timeValue: number;
}

/**
 * The six summary tiles (Max Profit, Max Loss, Reward/Risk, POP, Breakeven, Time Value) for the whole position
 * (per lot × multiplier). POP uses `iv` (the chain's ATM IV), else the mean IV of the legs.
 */
export function strategySummary(legs: readonly StrategyLeg[], options: MarketOptions): StrategySummary {
  const { spot, asOf, multiplier = 1 } = options;
  const rates = ratesFor(underlyingOf(legs), options);
  const analysis = analyzeAtExpiry(legs, { ...rates, spot, asOf, iv: options.iv, multiplier });
  const first = firstExpiration(legs);
  let pop: number | null = null;
  if (asOf !== undefined && first !== undefined) {
    const iv = options.iv ?? legs.reduce((s, l) => s + resolveIv(l, { ...rates, spot, asOf }), 0) / legs.length;
    pop = probabilityOfProfit(legs, { spot, iv, T: yearsBetweenDates(asOf, first), ...rates, asOf }).probability;
  }
  return {
    ...analysis,
    debitCredit: netDebitCredit(legs, multiplier),
    rewardRisk: rewardRisk(analysis),
    pop,
    popMethod: POP_METHOD,
    timeValue: timeValue(legs, spot, multiplier),
  };
}
