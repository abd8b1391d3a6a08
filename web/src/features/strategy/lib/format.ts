/** How the builder writes figures: dollars with cents, "Unlimited" for unbounded, a dash for unknown. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usd0 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const strikeFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const DASH = '-';

export function money(x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return DASH;
  if (!Number.isFinite(x)) return 'Unlimited';
  return `${x < -0.004 ? '−' : ''}${usd.format(Math.abs(x))}`;
}

/** Whole dollars, for chart axes. */
export const moneyShort = (x: number): string => `${x < 0 ? '−' : ''}${usd0.format(Math.abs(x))}`;

/** A P&L figure with its sign: +$12.50, −$3.00. */
export function signedMoney(x: number): string {
  if (!Number.isFinite(x)) return 'Unlimited';
  return x > 0.004 ? `+${usd.format(x)}` : x < -0.004 ? `−${usd.format(-x)}` : usd.format(0);
}

/** A P&L figure with its sign in whole dollars, for dense tables: +$13, −$1,342. */
export function signedDollars(x: number): string {
  if (!Number.isFinite(x)) return 'Unlimited';
  const r = Math.round(x);
  return r > 0 ? `+${usd0.format(r)}` : r < 0 ? `−${usd0.format(-r)}` : usd0.format(0);
}

export const strike = (k: number): string => `$${strikeFormat.format(k)}`;

export const percent = (p: number, digits = 1): string => `${(p * 100).toFixed(digits)}%`;

export const longDate = (iso: string): string => dateFormat.format(new Date(`${iso}T00:00:00Z`));
export const shortDay = (iso: string): string => shortDate.format(new Date(`${iso}T00:00:00Z`));

export const pnlTone = (x: number): string => (x > 0.004 ? 'text-emerald-800' : x < -0.004 ? 'text-red-700' : 'text-slate-700');
