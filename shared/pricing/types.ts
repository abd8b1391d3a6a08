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

/**
 * Implied volatility as a value: the volatility, or why the premium has none. `lower` and `upper` are the bounds
 * the premium must lie in (lower <= premium < upper; the premium equal to `lower` gives σ = 0): for a European
 * option max(±(S e^{-qT} - K e^{-rT}), 0) and S e^{-qT} (call) or K e^{-rT} (put); for an American option its
 * value at σ = 0 (the intrinsic value, or the best deterministic exercise value where waiting pays) and S (call) or
 * K (put), or the European bounds where early exercise never pays.
 */
export type ImpliedVolResult =
  | { ok: true; sigma: number }
  | {
      ok: false;
      /** 'below-lower-bound': premium < lower; 'at-or-above-upper-bound': premium >= upper; 'expired': T = 0, no σ matters. */
      reason: 'below-lower-bound' | 'at-or-above-upper-bound' | 'expired';
      premium: number;
      lower: number;
      upper: number;
    };

export type AmericanMethod = 'alo' | 'bjerksund-stensland' | 'baw' | 'binomial';

export interface AmericanInput extends OptionInput {
  /** Default 'alo' (Andersen-Lake-Offengenden 2016, exact to about 2e-6 of the strike). */
  method?: AmericanMethod;
  /** Tree steps for method 'binomial' (Leisen-Reimer, rounded up to odd); default 501, at most 100000. */
  steps?: number;
}
