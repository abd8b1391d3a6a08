import { formatUsd } from '@shared/format/money';
import { formatNumber, MINUS } from '@shared/format/number';

/**
 * The area's figures: money is kept in whole cents (a contract pays 100¢), and a price is at once a dollar amount and
 * an implied chance (42¢ pays $1.00, so 42%). The mid of a bid and an ask may be a half cent, so prices keep one decimal
 * where they have it.
 */

/** Cents as dollars with cents: 4237 → "$42.37", −5 → "−$0.05". */
export const formatCents = (cents: number): string => formatUsd(cents / 100);

/** Cents as dollars, P&L style, with the sign written out: +$1.20, −$0.45, $0.00. */
export function formatCentsPnl(cents: number): string {
  const text = formatUsd(Math.abs(cents) / 100);
  return cents > 0 ? `+${text}` : cents < 0 ? `${MINUS}${text}` : text;
}

/** A contract's price in cents: 42 → "42¢", 42.5 → "42.5¢"; a dash when there is none. */
export const formatPriceCents = (cents: number | null): string => (cents === null ? '—' : `${formatNumber(cents, { digits: 1, minDigits: 0 })}¢`);

/** A contract's price as dollars of its $1 payout: 42 → "$0.42", 42.5 → "$0.425". */
export const formatPriceDollars = (cents: number): string => `$${formatNumber(cents / 100, { digits: 3, minDigits: 2 })}`;

/** A price in cents read as an implied chance: 42 → "42%", 42.5 → "42.5%". */
export const formatChance = (cents: number): string => `${formatNumber(cents, { digits: 1, minDigits: 0 })}%`;

/** A probability (0–1) as a percentage with one decimal: 0.4123 → "41.2%". */
export const formatProbability = (p: number): string => `${formatNumber(p * 100, { digits: 1, minDigits: 1 })}%`;

/** A difference in percentage points, signed: +2.3 pp, −0.8 pp. */
export const formatPoints = (pp: number): string => `${formatNumber(pp, { digits: 1, minDigits: 1, sign: true })} pp`;

/** A change of price in cents, signed; "new" for a market the previous making did not have. */
export const formatChangeCents = (change: number | null): string =>
  change === null ? 'new' : change === 0 ? 'unchanged' : `${formatNumber(change, { digits: 1, minDigits: 0, sign: true })}¢`;

export const sideLabel = (side: 'yes' | 'no'): string => (side === 'yes' ? 'YES' : 'NO');
