/**
 * Money as the account selector and banners show it (spec part 1 §2): INR with a rupee sign, Indian
 * grouping and no decimals; everything else with a dollar sign and up to 2 decimals.
 */
export type Currency = 'USD' | 'INR' | string;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const usdUpTo2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const usd2 = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatBalance(amount: number, currency: Currency = 'USD'): string {
  return currency === 'INR' ? inr.format(amount) : usdUpTo2.format(amount);
}

/** Always two decimals: prices, costs, P&L. */
export const formatUsd = (amount: number): string => usd2.format(amount);

/** +$12.50 / −$3.00 for profit and loss. */
export function formatPnl(amount: number): string {
  const text = usd2.format(Math.abs(amount));
  return amount > 0.004 ? `+${text}` : amount < -0.004 ? `−${text}` : text;
}

export const pnlClass = (amount: number): string => (amount > 0.004 ? 'text-emerald-800' : amount < -0.004 ? 'text-red-700' : 'text-slate-700');
