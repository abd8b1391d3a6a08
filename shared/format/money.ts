import { cents } from '../kernel/money';
import { localizeNumber as L } from './number-style';
import { formatNumber, MINUS } from './number';

/**
 * Money as Options Academy writes it, on every page and in the server's messages: US dollars with cents, rupees with
 * Indian digit grouping, P&L with its sign written out (so the direction never relies on colour alone).
 */
export type Currency = 'USD' | 'INR';

/** What an empty value shows: a plain hyphen (spec part 2 §2). */
export const DASH = '-';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * $1,234.56, rounded to cents, with the one minus sign every figure uses (−$3.00) and never "−$0.00": the format of
 * the server's messages (compliance checks, activity, fills) and of every page.
 */
export function formatUsd(x: number): string {
  const c = cents(x);
  return L(c < 0 ? `${MINUS}${usd.format(-c)}` : usd.format(Math.abs(c)));
}

/**
 * An amount with its currency symbol and two decimals, for tiles and table cells: $1,234.50, −$3.00, ₹1,23,456.79;
 * a dash when there is no figure, "Unlimited" for an unbounded one (a naked call's loss).
 */
export function formatMoney(x: number | null | undefined, currency: Currency = 'USD'): string {
  if (x === null || x === undefined || Number.isNaN(x)) return DASH;
  if (!Number.isFinite(x)) return 'Unlimited';
  const text = currency === 'INR' ? inr.format(Math.abs(x)) : L(usd.format(Math.abs(x)));
  return x < -0.004 ? `${MINUS}${text}` : text;
}

/** Whole dollars, for chart axes: $1,000, −$250. */
export const formatWholeDollars = (x: number): string => `${x < 0 ? MINUS : ''}${L(usdWhole.format(Math.abs(x)))}`;

/**
 * An account balance (spec part 1 §2): dollars with up to two decimals, that is none for whole dollars ($100,000)
 * and cents otherwise ($98,765.40, never "$98,765.4": issue 24 §5); rupees with Indian grouping and no decimals (₹2,50,000).
 */
export function formatBalance(amount: number, currency: string = 'USD'): string {
  if (currency === 'INR') return inrWhole.format(amount);
  const c = cents(amount);
  return Number.isInteger(c) ? formatWholeDollars(c) : formatUsd(c);
}

/** Whether a P&L figure is a gain, a loss or nothing, to the half cent. */
export const pnlDirection = (x: number): 'gain' | 'loss' | 'flat' => (x > 0.004 ? 'gain' : x < -0.004 ? 'loss' : 'flat');

/** A P&L figure with its sign: +$12.50, −$3.00, $0.00; "Unlimited" for an unbounded one. */
export function formatPnl(x: number): string {
  if (!Number.isFinite(x)) return 'Unlimited';
  const text = L(usd.format(Math.abs(x)));
  const direction = pnlDirection(x);
  return direction === 'gain' ? `+${text}` : direction === 'loss' ? `${MINUS}${text}` : text;
}

/** A price without its symbol, two decimals: 598.12 (the ticker tapes). */
export const formatPrice = (x: number): string => formatNumber(x);

/** A price change and its percentage, signed: +1.23 (+0.45%), −2.50 (−0.42%). */
export function formatChange(change: number, percent: number): string {
  const sign = change > 0 ? '+' : change < 0 ? MINUS : '';
  return `${sign}${formatNumber(Math.abs(change))} (${sign}${formatNumber(Math.abs(percent))}%)`;
}

/**
 * A plain signed figure (a Greek, a quantity of shares) with the same minus sign as money: "−22.60", "1,234.50",
 * never "−0.00". `digits` decimals, thousands separated.
 */
export const formatFixed = (x: number, digits = 2): string => formatNumber(x, { digits });
