import { parseOcc } from '../../../../../shared/market/occ';

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: '2-digit', timeZone: 'UTC' });

/** "SPY Nov 27, 26 600 Call" — how a learner reads an OCC symbol. */
export function contractLabel(symbol: string): string {
  const o = parseOcc(symbol);
  if (!o) return symbol;
  const date = monthDay.format(new Date(`${o.expiration}T00:00:00Z`));
  const strike = Number.isInteger(o.strike) ? String(o.strike) : o.strike.toFixed(2);
  return `${o.underlying} ${date} ${strike} ${o.type === 'call' ? 'Call' : 'Put'}`;
}

export const signedQuantity = (q: number) => (q > 0 ? `+${q}` : String(q));
