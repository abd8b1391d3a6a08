import { CONTRACT_MULTIPLIER } from '../paper/types';
import type { ExpiryAnalysis, Rates, StrategyLeg } from './types';
import { clean, firstExpiration, intrinsic, legSign, legStyle, pnlOnDate, pricedLegs, ratesFor, yearsBetweenDates } from './valuation';

export interface ExpiryOptions {
  /** Risk-free rate; default RISK_FREE_RATE (shared/market/underlyings). */
  r?: number;
  /** Dividend yield; default the underlying's from shared/market/underlyings, else 0. */
  q?: number;
  /** Volatility for later legs with no IV (calendars, diagonals); default DEFAULT_IV (25%). */
  iv?: number;
  /** Spot and date of the quotes, to solve a later leg's unknown IV from its premium. */
  spot?: number;
  asOf?: string;
  /** Builder lots; the analysis is per one lot unless given. */
  multiplier?: number;
}

/**
 * Cash at the opening of one lot, in dollars: Σ (sell ? +1 : −1) × premium × quantity × 100.
 * Positive = net credit received, negative = net debit paid.
 */
export function netPremium(legs: readonly StrategyLeg[], multiplier = 1): number {
  return clean(legs.reduce((s, leg) => s - legSign(leg) * leg.premium * leg.quantity * CONTRACT_MULTIPLIER * multiplier, 0));
}

const sameExpiry = (legs: readonly StrategyLeg[]) => legs.every((leg) => leg.expiration === legs[0]!.expiration);

/**
 * The P&L function at expiry (per lot × multiplier, dollars). One expiry: the exact piecewise-linear
 * payoff Σ ±quantity × 100 × (intrinsic(S) − premium). Several expiries: at the first one, with the later
 * legs valued at their remaining time and IV by their model (American or European; see optionValue).
 */
export function expiryPnl(legs: readonly StrategyLeg[], options: ExpiryOptions = {}): (S: number) => number {
  if (legs.length === 0) return () => 0;
  const multiplier = options.multiplier ?? 1;
  if (sameExpiry(legs)) {
    const premium = netPremium(legs, multiplier);
    const w = legs.map((leg) => legSign(leg) * leg.quantity * CONTRACT_MULTIPLIER * multiplier);
    return (S) => legs.reduce((s, leg, i) => s + w[i]! * intrinsic(leg.optionType, S, leg.strike), premium);
  }
  const rates = ratesFor(legs[0]!.underlying, options);
  const priced = pricedLegs(legs, { ...rates, spot: options.spot, asOf: options.asOf, fallbackIv: options.iv }, multiplier);
  const first = firstExpiration(legs)!;
  return (S) => pnlOnDate(priced, S, first, rates);
}

/**
 * Maximum profit, maximum loss, breakevens and net premium of one lot at expiry (spec part 3 §3, §9).
 *
 * One expiry — exact: the payoff is piecewise linear with kinks at the strikes, so its extremes on [0, ∞)
 * are among its values at 0 and at the strikes, unless the slope beyond the highest strike
 * (Σ ±quantity × 100 over the calls) is non-zero, which makes the profit (slope > 0) or the loss (slope < 0)
 * unlimited. Breakevens are the exact roots of each linear piece. Puts bound the left side: S ≥ 0.
 *
 * Several expiries (calendars, diagonals) — at the first expiry, later legs by optionValue (the American engine
 * for American-style legs, Black-Scholes-Merton for European-style ones) at their remaining time and IV (leg.iv, else solved from the premium when spot and asOf are given, else
 * options.iv, else 25%), r = RISK_FREE_RATE unless given. The tail slope is exact (a later call's floored
 * value grows like S − K); extremes come from a dense scan (strikes included) refined by golden-section
 * search, plus the limit far above the strikes; breakevens by bisection between sign changes.
 *
 * Units: dollars per lot (premium per share × quantity × 100); maxLoss is the worst P&L, negative for a loss.
 * This replaces the spec's sampling of 50 prices from 70% in 1.2% steps (part 3 §9), which misses kinks
 * outside that range and cannot tell a steep loss from an unlimited one.
 */
export function analyzeAtExpiry(legs: readonly StrategyLeg[], options: ExpiryOptions = {}): ExpiryAnalysis {
  if (legs.length === 0) return { maxProfit: 0, maxLoss: 0, breakevens: [], netPremium: 0 };
  const multiplier = options.multiplier ?? 1;
  const f = expiryPnl(legs, options);
  const premium = netPremium(legs, multiplier);
  return sameExpiry(legs) ? exactAnalysis(legs, f, premium, multiplier) : numericAnalysis(legs, f, premium, options, multiplier);
}

function exactAnalysis(legs: readonly StrategyLeg[], f: (S: number) => number, premium: number, multiplier: number): ExpiryAnalysis {
  const xs = [0, ...[...new Set(legs.map((l) => l.strike))].filter((k) => k > 0).sort((a, b) => a - b)];
  const vs = xs.map(f);
  const slope = legs.reduce((s, leg) => s + (leg.optionType === 'call' ? legSign(leg) * leg.quantity * CONTRACT_MULTIPLIER * multiplier : 0), 0);
  const tol = 1e-9 * Math.max(1, ...vs.map(Math.abs));
  const roots: number[] = [];
  for (let j = 0; j < xs.length; j++) {
    const x = xs[j]!,
      v = vs[j]!;
    if (j > 0 && Math.abs(v) <= tol) roots.push(x);
    if (j + 1 < xs.length) {
      const x2 = xs[j + 1]!,
        v2 = vs[j + 1]!;
      if ((v > tol && v2 < -tol) || (v < -tol && v2 > tol)) roots.push(x + ((x2 - x) * v) / (v - v2));
    }
  }
  const lastX = xs[xs.length - 1]!,
    lastV = vs[vs.length - 1]!;
  if ((lastV > tol && slope < 0) || (lastV < -tol && slope > 0)) roots.push(lastX - lastV / slope);
  return {
    maxProfit: slope > 0 ? Infinity : clean(Math.max(...vs)),
    maxLoss: slope < 0 ? -Infinity : clean(Math.min(...vs)),
    breakevens: sortedUnique(roots),
    netPremium: premium,
  };
}

const SCAN_POINTS = 2000;

function numericAnalysis(legs: readonly StrategyLeg[], f: (S: number) => number, premium: number, options: ExpiryOptions, multiplier: number): ExpiryAnalysis {
  const rates: Rates = ratesFor(legs[0]!.underlying, options);
  const first = firstExpiration(legs)!;
  const kMax = Math.max(...legs.map((l) => l.strike), options.spot ?? 0);
  const hi = 4 * kMax;
  // Far above the strikes a European call is worth S·e^{−qτ} − K·e^{−rτ}; an American one that, or S − K once
  // exercising pays, whichever is more.
  const slope = legs.reduce((s, leg) => {
    if (leg.optionType !== 'call') return s;
    const tau = yearsBetweenDates(first, leg.expiration);
    const carry = Math.exp(-rates.q * tau);
    const perShare = tau <= 0 ? 1 : legStyle(leg) === 'american' ? Math.max(1, carry) : carry;
    return s + legSign(leg) * leg.quantity * CONTRACT_MULTIPLIER * multiplier * perShare;
  }, 0);
  const flatTail = Math.abs(slope) < 1e-9;

  const xs = sortedUnique([...Array.from({ length: SCAN_POINTS + 1 }, (_, i) => (hi * i) / SCAN_POINTS), ...legs.map((l) => l.strike)]);
  const vs = xs.map(f);
  const extreme = (sign: 1 | -1): number => {
    let best = 0;
    for (let i = 1; i < vs.length; i++) if (sign * vs[i]! > sign * vs[best]!) best = i;
    let value = vs[best]!;
    if (best > 0 && best < xs.length - 1) value = sign * Math.max(sign * value, sign * f(goldenSection(f, xs[best - 1]!, xs[best + 1]!, sign)));
    if (flatTail) value = sign * Math.max(sign * value, sign * f(hi * 50));
    return value;
  };
  const maxProfit = slope > 1e-9 ? Infinity : clean(extreme(1));
  const maxLoss = slope < -1e-9 ? -Infinity : clean(extreme(-1));

  const tol = 1e-9 * Math.max(1, ...vs.map(Math.abs));
  const roots: number[] = [];
  for (let j = 1; j < xs.length; j++) {
    const a = vs[j - 1]!,
      b = vs[j]!;
    if (Math.abs(b) <= tol) roots.push(xs[j]!);
    else if ((a > tol && b < -tol) || (a < -tol && b > tol)) roots.push(bisect(f, xs[j - 1]!, xs[j]!));
  }
  const lastV = vs[vs.length - 1]!;
  if (!flatTail && ((lastV > tol && slope < 0) || (lastV < -tol && slope > 0))) {
    let lo = hi,
      up = hi * 2;
    for (let i = 0; i < 60 && Math.sign(f(up)) === Math.sign(lastV); i++) {
      lo = up;
      up *= 2;
    }
    roots.push(bisect(f, lo, up));
  }
  return { maxProfit, maxLoss, breakevens: sortedUnique(roots), netPremium: premium };
}

/** Root of f in [a, b] where f changes sign, by bisection to machine precision of the bracket. */
function bisect(f: (x: number) => number, a: number, b: number): number {
  let fa = f(a);
  for (let i = 0; i < 100 && b - a > 1e-10 * Math.max(1, Math.abs(a)); i++) {
    const m = (a + b) / 2;
    const fm = f(m);
    if (fm === 0) return m;
    if (Math.sign(fm) === Math.sign(fa)) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return (a + b) / 2;
}

/** Golden-section search for the maximum (sign 1) or minimum (sign −1) of f on [a, b]. */
function goldenSection(f: (x: number) => number, a: number, b: number, sign: 1 | -1): number {
  const g = (Math.sqrt(5) - 1) / 2;
  let c = b - g * (b - a),
    d = a + g * (b - a);
  let fc = sign * f(c),
    fd = sign * f(d);
  for (let i = 0; i < 80 && b - a > 1e-9 * Math.max(1, Math.abs(a)); i++) {
    if (fc > fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = sign * f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = sign * f(d);
    }
  }
  return (a + b) / 2;
}

function sortedUnique(xs: readonly number[]): number[] {
  const out: number[] = [];
  for (const x of [...xs].map(clean).sort((a, b) => a - b)) if (out.length === 0 || Math.abs(x - out[out.length - 1]!) > 1e-6) out.push(x);
  return out;
}
