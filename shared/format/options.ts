import { formatNumber } from './number';

/** A US option's type as the product writes it: Call and Put (CE and PE are the Indian market's words; issue 24). */
export const optionTypeLabel = (type: 'call' | 'put', market: 'US' | 'IN' = 'US'): string =>
  market === 'IN' ? (type === 'call' ? 'CE' : 'PE') : type === 'call' ? 'Call' : 'Put';

const EXPIRY_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A contract as every screen and message writes it (issue 24 §5): "SPY Dec 18, 2026 $600 Call" — underlying,
 * expiry with its year, strike in dollars, Call or Put. The parts of an OCC symbol (shared/market/occ.ts parseOcc).
 */
export function contractName(o: { underlying: string; expiration: string; strike: number; type: 'call' | 'put' }): string {
  // In the learner's number style in the browser ($232,50); the server's messages keep $232.50.
  const strike = formatNumber(o.strike, { digits: Number.isInteger(o.strike) ? 0 : 2, grouping: false });
  return `${o.underlying} ${EXPIRY_DATE.format(new Date(`${o.expiration}T00:00:00Z`))} $${strike} ${optionTypeLabel(o.type)}`;
}
