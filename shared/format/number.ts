import { localizeNumber } from './number-style';

/**
 * Plain figures (Greeks, percentages, ratios, counts, prices without their symbol) in the learner's number style
 * (issue 20): formatted the en-US way by Intl, then given the style's separators by localizeNumber, so the 1,234.56
 * output is what the app always wrote. The minus is the typographic one money uses (−3.00), and a figure that rounds to
 * zero carries no sign. Money with its currency symbol is shared/format/money.ts (built on these).
 */
export const MINUS = '−';

export interface NumberOptions {
  /** Most decimals (default 2). */
  digits?: number;
  /** Fewest decimals (default `digits`: a fixed number of decimals). */
  minDigits?: number;
  /** Write a plus on a positive figure (+1.20), as P&L and changes do. */
  sign?: boolean;
  /** Thousands separators (default on). */
  grouping?: boolean;
}

// One formatter per shape: the chain formats every Greek cell with these, and making a formatter is slow.
const formats = new Map<string, Intl.NumberFormat>();
function format(max: number, min: number, grouping: boolean): Intl.NumberFormat {
  const key = `${max}/${min}/${grouping}`;
  let f = formats.get(key);
  if (!f) formats.set(key, (f = new Intl.NumberFormat('en-US', { minimumFractionDigits: min, maximumFractionDigits: max, useGrouping: grouping })));
  return f;
}

/** A figure in the learner's style: formatNumber(-1234.5) → "−1,234.50" (or "−1.234,50"); never "−0.00". */
export function formatNumber(x: number, { digits = 2, minDigits = digits, sign = false, grouping = true }: NumberOptions = {}): string {
  const text = localizeNumber(format(digits, Math.min(minDigits, digits), grouping).format(Math.abs(x)));
  if (!/[1-9]/.test(text)) return text;
  return x < 0 ? `${MINUS}${text}` : sign && x > 0 ? `+${text}` : text;
}

/** A fraction as a percentage: formatPercent(0.14866) → "14.9%"; `digits` decimals of the percentage. */
export const formatPercent = (fraction: number, digits = 1, options: Omit<NumberOptions, 'digits'> = {}): string =>
  `${formatNumber(fraction * 100, { ...options, digits })}%`;

/** A whole count with thousands separators: 12,345 (12.345, 12 345). Rounds a fraction. */
export const formatCount = (n: number): string => formatNumber(Math.round(n), { digits: 0 });

/** An empty figure as pages with an em dash write it: the formatted value, or `dash` for null, undefined or NaN. */
export const orDash =
  (f: (x: number, digits?: number) => string, dash = '—') =>
  (x: number | null | undefined, digits?: number): string =>
    x === null || x === undefined || Number.isNaN(x) ? dash : f(x, digits);

/** A strike or price level without its currency symbol, decimals only where it has them: 577, 577.5, 1,234.25. */
export const formatLevel = (x: number): string => formatNumber(x, { digits: 2, minDigits: 0 });
