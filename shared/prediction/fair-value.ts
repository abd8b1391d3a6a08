/**
 * A market's fair value read from the option chain, three ways. A contract paying $1 if the close is at or above K
 * is a cash-or-nothing digital call, D(K); a bucket [K1, K2) is D(K1) − D(K2) (a missing lower bound is the whole
 * discounted dollar e^(−rT), a missing upper bound is 0):
 *
 * 1. e^(−rT)·N(d₂) at the expiry's at-the-money IV: the lognormal answer, one volatility for every strike;
 * 2. e^(−rT)·N(d₂) at the strike's own IV: the smile's level at K, but not its slope;
 * 3. the call-spread digital [C(K − h) − C(K + h)] / 2h: the same discounted probability read from call prices
 *    around K, each at its own IV, so it carries the skew (Breeden and Litzenberger, 1978; Hull, "Options,
 *    Futures, and Other Derivatives", the chapter on exotic options, binary options).
 *
 * The chain's quotes are American-style prices, whose early-exercise premium is no part of the probability, so the
 * call spread is computed from European (Black-Scholes-Merton) prices at each strike's implied volatility; between
 * listed strikes the IV is interpolated linearly. Every figure carries its formula, its inputs and the data's date.
 */
import { callSpreadDigital, digitalPrice, price } from '../pricing';
import { d2 } from '../pricing/digital';
import type { ExpiryModel, SmilePoint } from './chain-model';
import { ivAt } from './chain-model';
import type { MarketKey } from './markets';

export type FairValueMethod = 'atm-iv' | 'strike-iv' | 'call-spread';

export interface FigureInput {
  name: string;
  value: number;
}

/** One fair value with what it was computed from. */
export interface FairValueFigure {
  method: FairValueMethod;
  label: string;
  /** Dollars a $1 contract is worth: the discounted risk-neutral probability of YES (0 to e^(−rT)). */
  value: number;
  formula: string;
  inputs: FigureInput[];
  /** ISO instant of the chain's quotes. */
  asOf: string;
  note?: string;
}

export interface FairValues {
  atmIv: FairValueFigure;
  strikeIv: FairValueFigure;
  callSpread: FairValueFigure;
}

const D2 = 'd₂ = [ln(S/K) + (r − q − σ²/2)·T] / (σ·√T)';
const CALL = 'C(k) = the Black-Scholes-Merton European call at strike k and its own IV σ(k)';
export const AMERICAN_NOTE =
  "The chain's prices are American-style, and an American option's early-exercise premium says nothing about where the price will close, " +
  "so the call spread is computed from European (Black-Scholes-Merton) prices at each strike's implied volatility, interpolated linearly between listed strikes.";

/**
 * The call spread's half-width at K: half the distance to the nearest other listed strike (so the spread stays
 * within the listed neighbours, where the smile is known), or 0.5% of K when fewer than two strikes are listed.
 */
export function spreadHalfWidth(smile: readonly SmilePoint[], K: number): number {
  let gap = Infinity;
  for (const p of smile) if (p.strike !== K) gap = Math.min(gap, Math.abs(p.strike - K));
  return Number.isFinite(gap) ? Math.min(gap / 2, K / 2) : 0.005 * K;
}

/** The three digitals at one strike, with their inputs. */
interface StrikeDigitals {
  K: number;
  atm: number;
  atmD2: number;
  sigmaK: number;
  strike: number;
  strikeD2: number;
  h: number;
  callBelow: number;
  callAbove: number;
  spread: number;
}

function digitalsAt(model: ExpiryModel, K: number): StrikeDigitals {
  const { S, T, r, q, atmIv, smile } = model;
  const sigmaK = ivAt(smile, K);
  const h = spreadHalfWidth(smile, K);
  const call = (k: number) => price({ type: 'call', S, K: k, T, r, q, sigma: ivAt(smile, k) });
  return {
    K,
    atm: digitalPrice({ type: 'call', S, K, T, r, q, sigma: atmIv }),
    atmD2: d2(S, K, T, r, q, atmIv),
    sigmaK,
    strike: digitalPrice({ type: 'call', S, K, T, r, q, sigma: sigmaK }),
    strikeD2: d2(S, K, T, r, q, sigmaK),
    h,
    callBelow: call(K - h),
    callAbove: call(K + h),
    spread: callSpreadDigital(call, K, h),
  };
}

const common = (model: ExpiryModel): FigureInput[] => [
  { name: 'S', value: model.S },
  { name: 'T', value: model.T },
  { name: 'r', value: model.r },
  { name: 'q', value: model.q },
];

/** The three fair values of a market on this expiry (its key's lower and upper bounds decide the payoff). */
export function fairValues(model: ExpiryModel, key: Pick<MarketKey, 'lower' | 'upper'>): FairValues {
  const { lower, upper } = key;
  if (lower === null && upper === null) throw new RangeError('a market has at least one bound');
  const discount = Math.exp(-model.r * model.T);
  const lo = lower === null ? null : digitalsAt(model, lower);
  const hi = upper === null ? null : digitalsAt(model, upper);
  // D(no lower bound) = e^(−rT): the whole discounted dollar; D(no upper bound) = 0.
  const value = (pick: (d: StrikeDigitals) => number) => (lo === null ? discount : pick(lo)) - (hi === null ? 0 : pick(hi));
  const asOf = model.asOf;
  const single = hi === null ? 'D(K)' : lo === null ? 'e^(−rT) − D(K₂)' : 'D(K₁) − D(K₂)';
  const ends = [lo, hi].filter((d): d is StrikeDigitals => d !== null);
  const named = (d: StrikeDigitals, suffix: string) => (ends.length === 1 ? suffix : `${suffix}${d === lo ? '₁' : '₂'}`);
  const strikes = ends.map((d) => ({ name: named(d, 'K'), value: d.K }));
  const digitalsOf = (pick: (d: StrikeDigitals) => number) => ends.map((d) => ({ name: `D(${named(d, 'K')})`, value: pick(d) }));

  return {
    atmIv: {
      method: 'atm-iv',
      label: 'e^(−rT)·N(d₂) at the ATM IV',
      value: value((d) => d.atm),
      formula: `${single}, D(K) = e^(−rT)·N(d₂), ${D2}, σ = the expiry's at-the-money IV`,
      inputs: [
        ...common(model),
        ...strikes,
        { name: 'σ (ATM)', value: model.atmIv },
        ...ends.map((d) => ({ name: `d₂(${named(d, 'K')})`, value: d.atmD2 })),
        ...digitalsOf((d) => d.atm),
      ],
      asOf,
    },
    strikeIv: {
      method: 'strike-iv',
      label: "e^(−rT)·N(d₂) at the strike's own IV",
      value: value((d) => d.strike),
      formula: `${single}, D(K) = e^(−rT)·N(d₂), ${D2}, σ = σ(K), the strike's own IV`,
      inputs: [
        ...common(model),
        ...strikes,
        ...ends.map((d) => ({ name: `σ(${named(d, 'K')})`, value: d.sigmaK })),
        ...ends.map((d) => ({ name: `d₂(${named(d, 'K')})`, value: d.strikeD2 })),
        ...digitalsOf((d) => d.strike),
      ],
      asOf,
    },
    callSpread: {
      method: 'call-spread',
      label: 'Call-spread digital from European prices at each strike’s IV',
      value: value((d) => d.spread),
      formula: `${single}, D(K) = [C(K − h) − C(K + h)] / 2h, ${CALL}`,
      inputs: [
        ...common(model),
        ...strikes,
        ...ends.flatMap((d) => [
          { name: named(d, 'h'), value: d.h },
          { name: `σ(${named(d, 'K')} − ${named(d, 'h')})`, value: ivAt(model.smile, d.K - d.h) },
          { name: `σ(${named(d, 'K')} + ${named(d, 'h')})`, value: ivAt(model.smile, d.K + d.h) },
          { name: `C(${named(d, 'K')} − ${named(d, 'h')})`, value: d.callBelow },
          { name: `C(${named(d, 'K')} + ${named(d, 'h')})`, value: d.callAbove },
        ]),
        ...digitalsOf((d) => d.spread),
      ],
      asOf,
      note: AMERICAN_NOTE,
    },
  };
}
