/**
 * Cash-or-nothing digital options paying 1 (one unit of currency) at expiry, and the call-spread digital.
 *
 *   d2 = [ln(S/K) + (r - q - σ²/2)T] / (σ√T)
 *   digital call = e^{-rT} Φ(d2)    (pays 1 if S_T is above K)
 *   digital put  = e^{-rT} Φ(-d2)   (pays 1 if S_T is below K);  call + put = e^{-rT}
 *
 * Φ(d2) is the risk-neutral probability that the underlying finishes above K, so the digital call's price is that
 * probability discounted. A "will it close above K?" yes/no contract that pays $1 is this digital call.
 *
 * The call-spread digital [C(K - h) - C(K + h)] / (2h) is the same discounted probability read from European call
 * prices: the limit h → 0 is -∂C/∂K = e^{-rT} P(S_T > K) (Breeden and Litzenberger, 1978). With one volatility
 * for every strike it tends to e^{-rT} Φ(d2); with a skew it carries the smile's slope, -∂C/∂σ · ∂σ/∂K, which
 * the flat-volatility digital leaves out.
 *
 * Units as the rest of the pricing core: T in years, r and q continuously compounded, σ annualised.
 * References: J. C. Hull, "Options, Futures, and Other Derivatives", 9th ed., the chapter on exotic options (binary options);
 * E. G. Haug, "The Complete Guide to Option Pricing Formulas", 2nd ed. (2007), cash-or-nothing options;
 * D. T. Breeden and R. H. Litzenberger, "Prices of State-Contingent Claims Implicit in Option Prices",
 * Journal of Business 51 (1978).
 *
 * Degenerate inputs: T = 0 pays 1 for a call when S >= K and for a put when S < K (a finish exactly at the strike
 * counts as above it, so call + put = 1 there too); σ√T = 0 with T > 0 pays e^{-rT} on the side of the strike the
 * forward S e^{(r-q)T} is on, half of it to each side exactly at the forward (the σ → 0⁺ limit).
 */
import { normCdf } from './normal-distribution';
import type { OptionInput } from './types';
import { isValidOption } from './validate';
import { throwForOption } from './bsm';

/** d2 of Black-Scholes-Merton: ln(F/K)/(σ√T) - σ√T/2 with F = S e^{(r-q)T}. Needs σ√T > 0. */
export function d2(S: number, K: number, T: number, r: number, q: number, sigma: number): number {
  const v = sigma * Math.sqrt(T);
  return (Math.log(S / K) + (r - q) * T) / v - 0.5 * v;
}

/**
 * Price of a cash-or-nothing digital paying 1: e^{-rT} Φ(d2) for a call, e^{-rT} Φ(-d2) for a put. Throws
 * RangeError on invalid input (the same checks and messages as `price`).
 */
export function digitalPrice(input: OptionInput): number {
  const { type, S, K, T, r, q, sigma } = input;
  if (!isValidOption(type, S, K, T, r, q, sigma)) throwForOption(type, S, K, T, r, q, sigma);
  const isCall = type === 'call';
  if (T === 0) return S >= K === isCall ? 1 : 0;
  const discount = Math.exp(-r * T);
  if (!(sigma > 0)) {
    const forwardOverStrike = Math.log(S / K) + (r - q) * T;
    const above = forwardOverStrike > 0 ? 1 : forwardOverStrike < 0 ? 0 : 0.5;
    return discount * (isCall ? above : 1 - above);
  }
  const d = d2(S, K, T, r, q, sigma);
  return discount * normCdf(isCall ? d : -d);
}

/**
 * The call-spread digital at strike K: [C(K - h) - C(K + h)] / (2h), from a European call price function of the
 * strike (which may price each strike at its own volatility). Throws RangeError unless 0 < h < K.
 */
export function callSpreadDigital(europeanCall: (strike: number) => number, K: number, h: number): number {
  if (!(K > 0 && K < Infinity)) throw new RangeError(`K must be a positive finite number, got ${String(K)}`);
  if (!(h > 0 && h < K)) throw new RangeError(`h must be above 0 and below K (${String(K)}), got ${String(h)}`);
  return (europeanCall(K - h) - europeanCall(K + h)) / (2 * h);
}
