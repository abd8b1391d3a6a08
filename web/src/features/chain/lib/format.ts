import { DASH, formatFixed, type Currency } from '@shared/format/money';
import { plural } from '@shared/format/words';
import { localizeNumber } from '@shared/format/number-style';
import { formatNumber, formatPercent } from '@shared/format/number';

/**
 * How the chain page writes its numbers (spec part 2 §2 and §9): a dash for an empty value, K/M from 1e3/1e6, IV in
 * percent with one decimal, Greeks to their decimals, strikes with the market's currency. Money and times come from
 * shared/format.
 */
const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

const STRIKE: Record<Currency, { symbol: string; format: Intl.NumberFormat }> = {
  USD: { symbol: '$', format: new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 }) },
  INR: { symbol: '₹', format: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 }) },
};

export const currencySymbol = (currency: Currency): string => STRIKE[currency].symbol;

/** A strike with its currency symbol, decimals only where the strike has them: $577, $577.50. */
export function formatStrike(value: number, currency: Currency = 'USD'): string {
  const { symbol, format } = STRIKE[currency];
  const raw = format.format(value);
  // A half-dollar strike reads 577.5 from the formatter; prices always show two decimals.
  const text = /\.\d$/.test(raw) ? `${raw}0` : raw;
  return `${symbol}${currency === 'USD' ? localizeNumber(text) : text}`;
}

/** Volume and open interest: 950, 1.2K, 3.4M (K from 1,000, M from 1,000,000), 1,2K in the 1.234,56 style. */
export function formatCompact(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs < 1_000) return `${sign}${Math.round(abs)}`;
  // 999,950 would round to "1000.0K"; it reads better as 1.0M.
  if (abs < 999_950) return `${sign}${formatNumber(abs / 1_000, { digits: 1 })}K`;
  return `${sign}${formatNumber(abs / 1_000_000, { digits: 1, grouping: false })}M`;
}

/** Implied volatility (a fraction from the API) in percent with one decimal: 0.14866 → 14.9%. */
export function formatIv(iv: number | null | undefined): string {
  return isNumber(iv) ? formatPercent(iv, 1, { grouping: false }) : DASH;
}

export type Greek = 'delta' | 'gamma' | 'theta' | 'vega';

const GREEK_DECIMALS: Record<Greek, number> = { delta: 3, gamma: 4, theta: 3, vega: 3 };

/** Delta 3 decimals, gamma 4, theta (per calendar day) and vega (per vol point) 3. */
export function formatGreek(greek: Greek, value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  // The product's one minus sign; a tiny negative theta that rounds to zero shows no sign.
  return formatFixed(value, GREEK_DECIMALS[greek]);
}

/** Days to expiry as the expiry cards say it: Today, 1 day, N days. */
export function formatDaysToExpiry(days: number): string {
  if (days <= 0) return 'Today';
  return plural(days, 'day');
}

/** How old a quote is, in words: "just now", "12 min old", "3 h old", "1 day old", "4 days old". */
export function formatAge(instant: string, now: Date): string {
  const ms = now.getTime() - new Date(instant).getTime();
  if (!Number.isFinite(ms)) return DASH;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min old`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h old`;
  const days = Math.floor(hours / 24);
  return `${plural(days, 'day')} old`;
}
