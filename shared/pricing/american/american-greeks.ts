/**
 * American price and Greeks by the Andersen-Lake-Offengenden engine (alo.ts), in the units of the European
 * greeks(): delta, gamma, theta per year of calendar time (dV/dt), vega per 1.00 of σ, rho per 1.00 of r.
 *
 * - Delta and gamma differentiate the early-exercise premium integral in S with the exercise boundary held
 *   fixed, which is exact: the boundary does not depend on S. For a call, priced as the put P(K, S, q, r) with
 *   V = S·u(K/S) (u the put per unit of strike), Δ = u(x) - x·u'(x) and Γ = x²·u''(x)/S with x = K/S.
 * - Theta, vega and rho by central differences of the engine's price (T ± 1e-4·T with the scheme of T kept,
 *   σ ± 1e-4·σ, r ± 1e-5): the engine is a fixed sequence of smooth operations (QD+ with a fixed number of
 *   Halley steps, two Newton steps), so its price is smooth in all three and the differences carry its accuracy.
 *   (Theta from the Black-Scholes-Merton equation, rV - (r - q)SΔ - ½σ²S²Γ, would cost nothing, but near the
 *   exercise boundary it is a small difference of large terms and magnifies the error of Γ there a hundredfold.)
 * - In the exercise region the value is the intrinsic value: Δ = ±1, the other Greeks 0.
 * - T = 0: as the European greeks() (intrinsic value, delta 1/0/-1, ±½ at the money). σ√T = 0: the best
 *   deterministic exercise time t* decides: at expiry, the European σ → 0 limits; now, intrinsic; in between,
 *   Δ = ±e^{-qt*}, ρ = ±K t* e^{-rt*}, the rest 0.
 * - Where early exercise never pays (a put with r <= 0 and r <= q, a call with q <= 0 and q <= r) these are the
 *   European Greeks; in the double-boundary case (q < r < 0 for a put) central differences of the tree price.
 */
import { bsmAll, checkOptionFields, DELTA, GAMMA, PRICE, RHO, THETA, VEGA } from '../bsm';
import type { Greeks, OptionInput } from '../types';
import { NEGLIGIBLE_PREMIUM, premiumBound, premiumDerivatives, premiumFromBoundary, schemeFor, solveBoundary, surelyExercised } from './alo';
import { aloValue, deterministicExerciseTime, fromPremium } from './american-price';

const european = new Float64Array(6);
const derivatives = new Float64Array(3);

/** Relative σ and T steps and absolute r step of the central differences for vega, theta and rho. */
const SIGMA_STEP = 1e-4;
const TIME_STEP = 1e-4;
const RATE_STEP = 1e-5;

function result(price: number, delta: number, gamma: number, theta: number, vega: number, rho: number): Greeks {
  return { delta, gamma, theta, vega, rho, price };
}

function fromEuropean(): Greeks {
  return result(
    european[PRICE] as number,
    european[DELTA] as number,
    european[GAMMA] as number,
    european[THETA] as number,
    european[VEGA] as number,
    european[RHO] as number,
  );
}

/** Greeks by central differences of the price function (the double-boundary case). */
function byDifferences(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): Greeks {
  const value = (s: number, t: number, rate: number, vol: number): number => aloValue(isCall, s, K, t, rate, q, vol);
  const price = value(S, T, r, sigma);
  const dS = 1e-3 * S;
  const up = value(S + dS, T, r, sigma);
  const down = value(S - dS, T, r, sigma);
  const dT = Math.min(1e-3 * T, 1 / 365);
  const dSigma = SIGMA_STEP * 10 * sigma;
  return result(
    price,
    (up - down) / (2 * dS),
    (up - 2 * price + down) / (dS * dS),
    -(value(S, T + dT, r, sigma) - value(S, T - dT, r, sigma)) / (2 * dT),
    (value(S, T, r, sigma + dSigma) - value(S, T, r, sigma - dSigma)) / (2 * dSigma),
    (value(S, T, r + 10 * RATE_STEP, sigma) - value(S, T, r - 10 * RATE_STEP, sigma)) / (20 * RATE_STEP),
  );
}

/** σ√T = 0 with T > 0: see the module comment. */
function deterministicGreeks(isCall: boolean, S: number, K: number, T: number, r: number, q: number, sigma: number): Greeks {
  const time = deterministicExerciseTime(isCall, S, K, T, r, q);
  if (!(time < T)) {
    bsmAll(isCall, S, K, T, r, q, sigma, european);
    return fromEuropean();
  }
  const sign = isCall ? 1 : -1;
  const dq = Math.exp(-q * time);
  const dr = Math.exp(-r * time);
  return result(sign * (S * dq - K * dr), sign * dq, 0, 0, 0, sign * K * time * dr);
}

/**
 * American price and Greeks for valid inputs (see americanGreeks); only price, delta and gamma (the rest NaN)
 * unless withSensitivities.
 */
export function americanGreeksUnchecked(
  isCall: boolean,
  S: number,
  K: number,
  T: number,
  r: number,
  q: number,
  sigma: number,
  withSensitivities = true,
): Greeks {
  if (T === 0) {
    bsmAll(isCall, S, K, T, r, q, sigma, european);
    return fromEuropean();
  }
  if (!(sigma * Math.sqrt(T) > 0)) return deterministicGreeks(isCall, S, K, T, r, q, sigma);
  // The put-space problem: spot, strike, rate and dividend yield of the put equal to this option.
  const spot = isCall ? K : S;
  const strike = isCall ? S : K;
  const rate = isCall ? q : r;
  const dividend = isCall ? r : q;
  bsmAll(isCall, S, K, T, r, q, sigma, european);
  if (rate <= 0 && rate <= dividend) return fromEuropean();
  if (rate <= 0) return byDifferences(isCall, S, K, T, r, q, sigma);
  const intrinsic = Math.max(isCall ? S - K : K - S, 0);
  const s = spot / strike;
  if (dividend >= 0 && premiumBound(s, T, rate, dividend, sigma) <= NEGLIGIBLE_PREMIUM) {
    // A negligible premium (as aloPutPremium decides): the European value and Greeks.
    european[PRICE] = Math.max(european[PRICE] as number, intrinsic);
    return fromEuropean();
  }
  // Surely in the exercise region (as aloPutPremium decides): the intrinsic value, delta ±1.
  if (surelyExercised(s, T, rate, dividend, sigma))
    return result(fromPremium(european[PRICE] as number, intrinsic, NaN, strike, 0), isCall ? 1 : -1, 0, 0, 0, 0);
  const scheme = schemeFor(T);
  solveBoundary(scheme, T, rate, dividend, sigma);
  const premium = premiumFromBoundary(scheme, s, rate, dividend, sigma);
  if (premium !== premium) return result(fromPremium(european[PRICE] as number, intrinsic, premium, strike, 0), isCall ? 1 : -1, 0, 0, 0, 0);
  premiumDerivatives(scheme, s, sigma, derivatives);
  const piPrime = derivatives[1] as number;
  const piSecond = derivatives[2] as number;
  const price = fromPremium(european[PRICE] as number, intrinsic, premium, strike, strike * Math.max(1, Math.exp(-rate * T)));
  // Premium part of delta and gamma: for a put V = K·π(S/K); for a call V = S·π(K/S).
  const delta = (european[DELTA] as number) + (isCall ? premium - s * piPrime : piPrime);
  const gamma = (european[GAMMA] as number) + (isCall ? (s * s * piSecond) / S : piSecond / K);
  if (!withSensitivities) return result(price, delta, gamma, NaN, NaN, NaN);
  const dT = TIME_STEP * T;
  const theta = (aloValue(isCall, S, K, T - dT, r, q, sigma, scheme) - aloValue(isCall, S, K, T + dT, r, q, sigma, scheme)) / (2 * dT);
  const dSigma = SIGMA_STEP * sigma;
  const vega = (aloValue(isCall, S, K, T, r, q, sigma + dSigma) - aloValue(isCall, S, K, T, r, q, sigma - dSigma)) / (2 * dSigma);
  const rho = (aloValue(isCall, S, K, T, r + RATE_STEP, q, sigma) - aloValue(isCall, S, K, T, r - RATE_STEP, q, sigma)) / (2 * RATE_STEP);
  return result(price, delta, gamma, theta, vega, rho);
}

/**
 * American price and Greeks (delta, gamma, theta per year, vega per 1.00 of σ, rho per 1.00 of r) by the
 * Andersen-Lake-Offengenden engine. Throws RangeError on invalid input, as greeks() does.
 */
export function americanGreeks(input: OptionInput): Greeks {
  const { type, S, K, T, r, q, sigma } = input;
  checkOptionFields(type, S, K, T, r, q, sigma);
  return americanGreeksUnchecked(type === 'call', S, K, T, r, q, sigma);
}
