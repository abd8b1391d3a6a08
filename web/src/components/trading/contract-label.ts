import { parseOcc } from '@shared/market/occ';

const monthDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: '2-digit', timeZone: 'UTC' });

/** "SPY Dec 18, 26 600 Call": an OCC symbol as a learner reads it. */
export function contractLabel(symbol: string): string {
  const o = parseOcc(symbol);
  if (!o) return symbol;
  const date = monthDay.format(new Date(`${o.expiration}T00:00:00Z`));
  return `${o.underlying} ${date} ${Number.isInteger(o.strike) ? String(o.strike) : o.strike.toFixed(2)} ${o.type === 'call' ? 'Call' : 'Put'}`;
}
