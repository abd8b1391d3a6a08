import { greeks, inDisplayUnits, type Greeks, type OptionType } from '../../pricing';
import { fail, ok, type Result } from '../../result';
import { isIsoDate } from '../dates';
import { nseDaysToExpiry } from './nse-calendar';
import { continuousRepoRate, RBI_REPO_RATE } from './repo-rate';

/**
 * The Indian Greeks calculator: the price and Greeks of one NSE option, per share and per lot, from inputs a learner
 * types or takes from a contract. NSE options are European, so the model is Black-Scholes-Merton on the spot with the
 * RBI repo rate (continuous, repo-rate.ts) and an optional dividend yield. Days to expiry are calendar days from the
 * trade date to the expiry date (nse-calendar.ts nseDaysToExpiry) and T = days / 365. NSE's own option chain solves
 * IV with a flat 10% interest rate (the note on its option-chain page), so IVs here differ a little from NSE's.
 */
export interface IndianGreeksInput {
  type: OptionType;
  /** Spot price of the index or share, in rupees. */
  spot: number;
  strike: number;
  /** Either days to expiry (calendar days, may be fractional), or the expiry date with the trade date. */
  days?: number;
  expiry?: string;
  /** The trade date (YYYY-MM-DD, Asia/Kolkata) the days are counted from when an expiry date is given. */
  today?: string;
  /** Implied volatility as a fraction (0.15 = 15%). */
  iv: number;
  /** RBI repo rate as a simple annual fraction; the latest known (repo-rate.ts) when omitted. */
  repoRate?: number;
  /** Continuous dividend yield; 0 when omitted. */
  dividendYield?: number;
  /** Shares (or index units) per contract. */
  lotSize: number;
}

export interface IndianGreeksResult {
  daysToExpiry: number;
  /** Years, days / 365. */
  T: number;
  /** The repo rate used (simple) and the continuous rate it prices with. */
  repoRate: number;
  r: number;
  q: number;
  /** Per share: price, delta, gamma, theta per calendar day, vega and rho per 1 percentage point. */
  perShare: Greeks;
  /** Per lot: each of the above times the lot size. */
  perLot: Greeks;
  /** The formulas, with the inputs' numbers, as the page shows them. */
  formula: string[];
}

/** The calculator's refusals, worded for the learner; the page shows the same words beside the field at fault. */
export const INDIAN_GREEKS_MESSAGES = {
  type: 'Choose a call (CE) or a put (PE).',
  spot: 'Spot price must be a positive number of rupees.',
  strike: 'Strike must be a positive number of rupees.',
  iv: 'Implied volatility must be above 0% and at most 500%.',
  lotSize: 'Lot size must be a whole number of shares, at least 1.',
  repoRate: 'Repo rate must be between 0% and 100%.',
  dividendYield: 'Dividend yield must be between 0% and 100%.',
  days: 'Days to expiry must be 0 or more.',
  dates: 'Dates must be written YYYY-MM-DD.',
  expired: 'This contract has already expired.',
  noExpiry: 'Give the days to expiry, or the expiry date and the trade date.',
} as const;
const M = INDIAN_GREEKS_MESSAGES;

const positive = (x: number | undefined): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;

const times = (g: Greeks, k: number): Greeks => ({
  price: g.price * k,
  delta: g.delta * k,
  gamma: g.gamma * k,
  theta: g.theta * k,
  vega: g.vega * k,
  rho: g.rho * k,
});

const fmt = (x: number, digits = 4) => Number(x.toFixed(digits)).toString();

export function indianGreeks(input: IndianGreeksInput): Result<IndianGreeksResult> {
  const { type, spot, strike, iv, lotSize } = input;
  if (type !== 'call' && type !== 'put') return fail('bad_request', M.type);
  if (!positive(spot)) return fail('bad_request', M.spot);
  if (!positive(strike)) return fail('bad_request', M.strike);
  if (!positive(iv) || iv > 5) return fail('bad_request', M.iv);
  if (!Number.isInteger(lotSize) || lotSize < 1) return fail('bad_request', M.lotSize);
  const repoRate = input.repoRate ?? RBI_REPO_RATE.rate;
  if (!Number.isFinite(repoRate) || repoRate < 0 || repoRate > 1) return fail('bad_request', M.repoRate);
  const q = input.dividendYield ?? 0;
  if (!Number.isFinite(q) || q < 0 || q > 1) return fail('bad_request', M.dividendYield);

  let days: number;
  if (input.days !== undefined) {
    if (!Number.isFinite(input.days) || input.days < 0) return fail('bad_request', M.days);
    days = input.days;
  } else if (input.expiry !== undefined && input.today !== undefined) {
    if (!isIsoDate(input.expiry) || !isIsoDate(input.today)) return fail('bad_request', M.dates);
    if (input.expiry < input.today) return fail('unprocessable', M.expired);
    days = nseDaysToExpiry(input.today, input.expiry);
  } else {
    return fail('bad_request', M.noExpiry);
  }

  const T = days / 365;
  const r = continuousRepoRate(repoRate);
  const perShare = inDisplayUnits(greeks({ type, S: spot, K: strike, T, r, q, sigma: iv }));
  const formula = [
    `T = ${fmt(days, 2)} days / 365 = ${fmt(T, 6)} years`,
    `r = 365 × ln(1 + ${fmt(repoRate * 100, 2)}% / 365) = ${fmt(r * 100, 4)}% (RBI repo rate, compounded daily, as a continuous rate)`,
    `d1 = [ln(S/K) + (r − q + σ²/2)T] / (σ√T), d2 = d1 − σ√T, with S = ${fmt(spot, 2)}, K = ${fmt(strike, 2)}, q = ${fmt(q * 100, 2)}%, σ = ${fmt(iv * 100, 2)}%`,
    type === 'call' ? 'Call = S·e^(−qT)·N(d1) − K·e^(−rT)·N(d2); Δ = e^(−qT)·N(d1)' : 'Put = K·e^(−rT)·N(−d2) − S·e^(−qT)·N(−d1); Δ = −e^(−qT)·N(−d1)',
    'Γ = e^(−qT)·φ(d1) / (S·σ√T); vega = S·e^(−qT)·φ(d1)·√T / 100 (per 1 point of IV); theta per calendar day = ∂V/∂t / 365; rho per 1 point of rate',
    `Per lot = per share × ${lotSize} (lot size)`,
  ];
  return ok({ daysToExpiry: days, T, repoRate, r, q, perShare, perLot: times(perShare, lotSize), formula });
}
