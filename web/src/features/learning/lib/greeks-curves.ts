import { americanGreeks, greeks, inDisplayUnits, type Greeks, type OptionInput } from '@shared/pricing';

export type Style = 'american' | 'european';
export type GreekKey = 'delta' | 'gamma' | 'theta' | 'vega' | 'rho';

/** Price and the five Greeks by the widget's exercise style (shared/pricing: BSM, or Andersen-Lake-Offengenden). */
export const priceAndGreeks = (input: OptionInput, style: Style): Greeks => (style === 'american' ? americanGreeks(input) : greeks(input));

/** The five Greeks in the course's display units (shared/pricing: theta per calendar day, vega and rho per 1 point). */
export const displayGreeks = (g: Greeks): Record<GreekKey, number> => {
  const { delta, gamma, theta, vega, rho } = inDisplayUnits(g);
  return { delta, gamma, theta, vega, rho };
};

export const CURVE_POINTS = 41;

/** Each Greek against S, from 70% to 130% of the strike, with the other inputs held. */
export function greekCurves(
  input: OptionInput,
  style: Style,
): { S: number; price: number; delta: number; gamma: number; theta: number; vega: number; rho: number }[] {
  const lo = input.K * 0.7;
  const hi = input.K * 1.3;
  const points = [];
  for (let i = 0; i < CURVE_POINTS; i++) {
    const S = lo + ((hi - lo) * i) / (CURVE_POINTS - 1);
    const g = priceAndGreeks({ ...input, S }, style);
    points.push({ S: Math.round(S * 100) / 100, price: g.price, ...displayGreeks(g) });
  }
  return points;
}
