import { formatNumber } from './number';
import { formatExpiry } from './time';

/** A US option's type as the product writes it: Call and Put (CE and PE are the Indian market's words; issue 24). */
export const optionTypeLabel = (type: 'call' | 'put', market: 'US' | 'IN' = 'US'): string =>
  market === 'IN' ? (type === 'call' ? 'CE' : 'PE') : type === 'call' ? 'Call' : 'Put';

/**
 * A contract as every screen and message writes it (issue 24 §5): "SPY Dec 18, 2026 $600 Call" — underlying,
 * expiry with its year, strike in dollars, Call or Put. The parts of an OCC symbol (shared/market/occ.ts parseOcc).
 */
export function contractName(o: { underlying: string; expiration: string; strike: number; type: 'call' | 'put' }): string {
  // In the learner's number style in the browser ($232,50); the server's messages keep $232.50.
  const strike = formatNumber(o.strike, { digits: Number.isInteger(o.strike) ? 0 : 2, grouping: false });
  return `${o.underlying} ${formatExpiry(o.expiration)} $${strike} ${optionTypeLabel(o.type)}`;
}

/** A leg of a trade: "Sell SPY Jan 15, 2027 $579 Put", the contract as contractName writes it after Buy or Sell. */
export const legName = (action: 'buy' | 'sell', o: Parameters<typeof contractName>[0]): string => `${action === 'sell' ? 'Sell' : 'Buy'} ${contractName(o)}`;
