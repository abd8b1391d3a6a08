/**
 * Input and output shapes of the pricing core.
 *
 * Units everywhere: S, K, F and prices in currency units; T in years; r and q continuously compounded
 * annual rates (0.05 = 5%); sigma annualised volatility (0.2 = 20%).
 */

export type OptionType = 'call' | 'put';

/** A European (or American) option on a spot asset paying a continuous dividend yield q. */
export interface OptionInput {
  type: OptionType;
  /** Spot price of the underlying, > 0. */
  S: number;
  /** Strike, > 0. */
  K: number;
  /** Time to expiry in years, >= 0. */
  T: number;
  /** Continuously compounded risk-free rate. */
  r: number;
  /** Continuous dividend yield (or foreign rate, or lease rate). */
  q: number;
  /** Annualised volatility, >= 0. */
  sigma: number;
}

/**
 * Sensitivities of the option value, in raw (undisplayed) units:
 * theta per year of calendar time (dV/dt = -dV/dT), vega per 1.00 of volatility, rho per 1.00 of rate.
 * The display layer converts to per day (/365) and per 1% (/100).
 * `greeks()` also returns the option's price, computed from the same intermediates, so price plus all five
 * Greeks is one call.
 */
export interface Greeks {
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
  /** The option value (equal to `price()` of the same input). */
  price: number;
}

/** A European option on a forward or futures price F (Black 1976); the premium is discounted at r. */
export interface Black76Input {
  type: OptionType;
  /** Forward or futures price, > 0. */
  F: number;
  K: number;
  T: number;
  r: number;
  sigma: number;
}

/** What implied volatility is solved from: the option's market premium (spot units, discounted). */
export interface ImpliedVolInput {
  type: OptionType;
  S: number;
  K: number;
  T: number;
  r: number;
  q: number;
  /** Observed option premium. */
  price: number;
}

export type AmericanMethod = 'alo' | 'bjerksund-stensland' | 'baw' | 'binomial';

export interface AmericanInput extends OptionInput {
  /** Default 'alo' (Andersen-Lake-Offengenden 2016, exact to about 2e-6 of the strike). */
  method?: AmericanMethod;
  /** Tree steps for method 'binomial' (Leisen-Reimer, rounded up to odd); default 501, at most 100000. */
  steps?: number;
}
