/**
 * Options math core: European pricing and Greeks (Black-Scholes-Merton, Black-76), cash-or-nothing digitals and
 * the call-spread digital, implied volatility
 * (Jäckel's "Let's Be Rational"), American pricing, Greeks, implied volatility and chains (Andersen-Lake-
 * Offengenden; Bjerksund-Stensland 2002, Barone-Adesi-Whaley and a binomial tree as named methods) and
 * chain-wide batch computation over typed arrays. Pure TypeScript, no dependencies.
 *
 * Units everywhere: T in years, r and q continuously compounded, σ annualised; theta per year, vega per 1.00 of
 * σ, rho per 1.00 of r.
 */
export { price, greeks } from './bsm';
export { black76 } from './black76';
export { callSpreadDigital, digitalPrice } from './digital';
export { impliedVol, impliedVolResult } from './implied-vol';
export { americanPrice } from './american/american-price';
export { americanGreeks } from './american/american-greeks';
export { americanImpliedVol, americanImpliedVolResult } from './american/american-implied-vol';
export { americanChain } from './american/american-chain';
export type { AmericanChainOptions } from './american/american-chain';
export { callPutBatch, chainGreeks } from './chain';
export { inDisplayUnits } from './display-units';
export type { ChainBatch, ChainOutput } from './chain';
export type { AmericanInput, AmericanMethod, Black76Input, Greeks, ImpliedVolInput, ImpliedVolResult, OptionInput, OptionType } from './types';
