/** How the module prints numbers: a minus sign, never "-$", and a fixed number of digits. */
const minus = (x: number, body: string) => (x < 0 && Number(body) !== 0 ? `−${body}` : body);

/** Dollars: usd(10.185) = "$10.19", usd(-3.1776) = "−$3.18". */
export const usd = (x: number, digits = 2): string => {
  const body = Math.abs(x).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return x < 0 && Number(Math.abs(x).toFixed(digits)) !== 0 ? `−$${body}` : `$${body}`;
};
/** Dollars with an explicit sign: "+$0.53", "−$3.18". */
export const signedUsd = (x: number, digits = 2): string =>
  x >= 0 || Number(Math.abs(x).toFixed(digits)) === 0 ? `+${usd(Math.abs(x), digits)}` : usd(x, digits);
/** A plain number: num(0.52279, 4) = "0.5228", num(-0.48, 2) = "−0.48". */
export const num = (x: number, digits: number): string => minus(x, Math.abs(x).toFixed(digits));
/** A plain number with an explicit sign: "+0.53", "−0.48". */
export const signedNum = (x: number, digits: number): string =>
  x < 0 && Number(Math.abs(x).toFixed(digits)) !== 0 ? num(x, digits) : `+${Math.abs(x).toFixed(digits)}`;
/** A fraction as a percentage: pct(0.15289) = "15.29%". */
export const pct = (x: number, digits = 2): string => `${num(x * 100, digits)}%`;
/** A date as "Dec 18, 2026". */
export const day = (iso: string): string =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Parses a figure's value as shown ("$10.19", "−$3.18", "+0.53", "15.29%", "1,234.5") back to a number. */
export function parseShown(shown: string): number {
  const m = /^([+−-]?)\$?([\d,]*\.?\d+)/.exec(shown.trim());
  if (!m) return Number.NaN;
  const x = Number(m[2]!.replace(/,/g, ''));
  return m[1] === '−' || m[1] === '-' ? -x : x;
}

/** Money in Markdown, where a bare "$" would open KaTeX maths: "\\$10.19". */
export const md = (shown: string): string => shown.replace(/\$/g, '\\$');
