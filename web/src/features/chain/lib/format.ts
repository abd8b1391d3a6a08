/**
 * How the chain page writes numbers (spec part 2 §2 and §9): a dash for an empty value, K/M from
 * 1e3/1e6, IV in percent with one decimal, prices with two decimals and the market's currency
 * (₹ with Indian digit grouping for INR, $ otherwise).
 */
export type Currency = 'USD' | 'INR';

/** What an empty value shows: a plain hyphen, as the spec says. */
export const DASH = '-';

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

const MONEY: Record<Currency, { symbol: string; format: Intl.NumberFormat; strike: Intl.NumberFormat }> = {
  USD: {
    symbol: '$',
    format: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    strike: new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  },
  INR: {
    symbol: '₹',
    format: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    strike: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 }),
  },
};

export const currencySymbol = (currency: Currency): string => MONEY[currency].symbol;

/** A price with its currency symbol and two decimals: $1,234.50, ₹1,23,456.00. */
export function formatMoney(value: number | null | undefined, currency: Currency = 'USD'): string {
  if (!isNumber(value)) return DASH;
  const { symbol, format } = MONEY[currency];
  return `${value < 0 ? '-' : ''}${symbol}${format.format(Math.abs(value))}`;
}

/** A strike with its currency symbol, decimals only where the strike has them: $577, $577.50. */
export function formatStrike(value: number, currency: Currency = 'USD'): string {
  const { symbol, strike } = MONEY[currency];
  const text = strike.format(value);
  // A half-dollar strike reads 577.5 from the formatter; prices always show two decimals.
  return `${symbol}${/\.\d$/.test(text) ? `${text}0` : text}`;
}

/** Volume and open interest: 950, 1.2K, 3.4M (K from 1,000, M from 1,000,000). */
export function formatCompact(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs < 1_000) return `${sign}${Math.round(abs)}`;
  // 999,950 would round to "1000.0K"; it reads better as 1.0M.
  if (abs < 999_950) return `${sign}${(abs / 1_000).toFixed(1)}K`;
  return `${sign}${(abs / 1_000_000).toFixed(1)}M`;
}

/** Implied volatility (a fraction from the API) in percent with one decimal: 0.14866 → 14.9%. */
export function formatIv(iv: number | null | undefined): string {
  return isNumber(iv) ? `${(iv * 100).toFixed(1)}%` : DASH;
}

export type Greek = 'delta' | 'gamma' | 'theta' | 'vega';

const GREEK_DECIMALS: Record<Greek, number> = { delta: 3, gamma: 4, theta: 3, vega: 3 };

/** Delta 3 decimals, gamma 4, theta (per calendar day) and vega (per vol point) 3. */
export function formatGreek(greek: Greek, value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const text = value.toFixed(GREEK_DECIMALS[greek]);
  // A tiny negative theta rounds to "-0.000"; a sign on zero only confuses.
  return /^-0\.0*$/.test(text) ? text.slice(1) : text;
}

/** Days to expiry as the expiry cards say it: Today, 1 day, N days. */
export function formatDaysToExpiry(days: number): string {
  if (days <= 0) return 'Today';
  return days === 1 ? '1 day' : `${days} days`;
}

const EXPIRY_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const EXPIRY_SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** An expiry date (YYYY-MM-DD, a calendar date with no time zone): "Fri, Nov 27, 2026". */
export function formatExpiryDate(isoDate: string): string {
  return EXPIRY_DATE.format(new Date(`${isoDate}T00:00:00Z`));
}

/** The short form used in labels: "Nov 27". */
export function formatExpiryShort(isoDate: string): string {
  return EXPIRY_SHORT.format(new Date(`${isoDate}T00:00:00Z`));
}

const AS_OF = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** When a quote was taken, in New York time where the US market keeps its clock: "Nov 20, 2026, 4:00 PM EST". */
export function formatAsOf(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? DASH : AS_OF.format(date);
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
  return days === 1 ? '1 day old' : `${days} days old`;
}
