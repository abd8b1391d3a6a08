import { chainGreeks, inDisplayUnits, type Greeks } from '../../pricing';

/**
 * IV and Greeks of NSE option quotes from their premiums, for a feed whose quotes carry neither (Kite's do not) and for
 * the simulated NSE market, which quotes the same way: the implied volatility solved back from each premium and the
 * Greeks taken at it (shared/pricing chainGreeks, market mode), European, Black-Scholes-Merton on the spot with the
 * repo rate r (continuous) and the dividend yield q. One function for both, so the two chains are computed alike and
 * served to the same digits.
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

const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * Each figure to the digits the US chain serves (shared/market/chain.ts: delta, theta, vega and rho to 5 decimals, gamma
 * to 6, the price to the paisa), IV to 6 decimals, one more than the US chain's, so that the Indian Greeks calculator,
 * which prices a chain contract at its IV, gives back the chain's premium to the paisa. Unrounded doubles (17 digits)
 * made a NIFTY chain of one expiry 100 KB of JSON for nothing a learner reads.
 */
const served = (g: Greeks): Greeks => ({
  price: round(g.price, 2),
  delta: round(g.delta, 5),
  gamma: round(g.gamma, 6),
  theta: round(g.theta, 5),
  vega: round(g.vega, 5),
  rho: round(g.rho, 5),
});

export function nseQuoteGreeks(input: NseQuoteGreeksInput): NseQuoteGreeks[] {
  const market = chainGreeks({ S: input.S, r: input.r, q: input.q, isCall: input.isCall, K: input.K, T: input.T, price: input.price });
  const out: NseQuoteGreeks[] = [];
  for (let i = 0; i < input.isCall.length; i++) {
    const iv = market.iv[i]!;
    // NaN where the solver found no volatility.
    const solved = iv === iv && input.T[i]! > 0;
    out.push({
      iv: solved ? round(iv, 6) : null,
      greeks: solved
        ? served(
            inDisplayUnits({
              price: market.price[i]!,
              delta: market.delta[i]!,
              gamma: market.gamma[i]!,
              theta: market.theta[i]!,
              vega: market.vega[i]!,
              rho: market.rho[i]!,
            }),
          )
        : null,
    });
  }
  return out;
}
