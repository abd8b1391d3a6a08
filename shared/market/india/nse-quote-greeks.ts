import { chainGreeks, inDisplayUnits, type Greeks } from '../../pricing';

/**
 * IV and Greeks of NSE option quotes from their premiums, for a feed whose quotes carry neither (Kite's do not) and for
 * the simulated NSE market, which quotes the same way: the implied volatility solved back from each premium and the
 * Greeks taken at it (shared/pricing chainGreeks, market mode), European, Black-Scholes-Merton on the spot with the
 * repo rate r (continuous) and the dividend yield q. One function for both, so the two chains are computed alike.
 */
export interface NseQuoteGreeksInput {
  S: number;
  r: number;
  q: number;
  /** Per quote: 1 for a call (CE), 0 for a put (PE); the strike; years to expiry; the premium the IV is solved from. */
  isCall: Uint8Array;
  K: Float64Array;
  T: Float64Array;
  price: Float64Array;
}

export interface NseQuoteGreeks {
  /** Null where no volatility gives the premium (a premium at or past its bound, or no time left). */
  iv: number | null;
  /** Per share in display units (theta per calendar day, vega and rho per 1 point); null where IV is null. */
  greeks: Greeks | null;
}

export function nseQuoteGreeks(input: NseQuoteGreeksInput): NseQuoteGreeks[] {
  const market = chainGreeks({ S: input.S, r: input.r, q: input.q, isCall: input.isCall, K: input.K, T: input.T, price: input.price });
  const out: NseQuoteGreeks[] = [];
  for (let i = 0; i < input.isCall.length; i++) {
    const iv = market.iv[i]!;
    // NaN where the solver found no volatility.
    const solved = iv === iv && input.T[i]! > 0;
    out.push({
      iv: solved ? iv : null,
      greeks: solved
        ? inDisplayUnits({
            price: market.price[i]!,
            delta: market.delta[i]!,
            gamma: market.gamma[i]!,
            theta: market.theta[i]!,
            vega: market.vega[i]!,
            rho: market.rho[i]!,
          })
        : null,
    });
  }
  return out;
}
