const integer = new Intl.NumberFormat('en-US');
const price = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatCount = (n: number): string => integer.format(n);
export const formatPrice = (n: number): string => price.format(n);

/** '+1.23 (+0.45%)'; the sign is written out so the direction never relies on colour alone. */
export function formatChange(change: number, percent: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${price.format(Math.abs(change))} (${sign}${price.format(Math.abs(percent))}%)`;
}

/** 'Nov 20, 4:00 PM ET': quotes are end-of-day, as of the New York close. */
export function formatAsOf(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date)} ET`;
}
