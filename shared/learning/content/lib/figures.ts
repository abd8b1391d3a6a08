import type { OptionContract } from '../../../market/chain';
import { formatUsd } from '../../../format/money';
import { optionTypeLabel } from '../../../format/options';
import { formatShortDate } from '../../../format/time';
import type { ChainSnapshot } from '../../snapshot';
import type { Figure } from '../types';

/**
 * Figures and words for content computed from a snapshot (issue 17): money as the product writes it (shared/format),
 * a contract named as the chain names it, and the source line under every example.
 */
export const usd = formatUsd;

const usdThousandths = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * A price per share as quoted: cents ($10.29), or tenths of a cent where the figure has them, as a mark or mid
 * halfway between two cent quotes does ($10.185), so that the mid shown is the mid computed.
 */
export function perShare(x: number): string {
  const thousandths = Math.round(x * 1000);
  return thousandths % 10 === 0 ? formatUsd(thousandths / 1000) : usdThousandths.format(thousandths / 1000);
}

/** A percentage with `digits` decimals and the typographic minus: 1.84%, −100%. */
export const pct = (fraction: number, digits = 2): string => {
  const text = `${Math.abs(fraction * 100).toFixed(digits)}%`;
  return fraction < 0 && Number(text.slice(0, -1)) !== 0 ? `−${text}` : text;
};

/** A number with fixed decimals and grouping, no currency: 35,197. */
export const num = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "Nov 20, 2026". */
export const dateLabel = (isoDate: string): string => `${formatShortDate(isoDate)}, ${isoDate.slice(0, 4)}`;

/** "the Dec 18 577 call": a contract as a lesson says it. */
export const contractLabel = (c: OptionContract): string =>
  `${formatShortDate(c.expiration_date)} ${c.strike_price} ${optionTypeLabel(c.contract_type).toLowerCase()}`;

/** The line under every example: the data, its date, and that it is end-of-day simulated data. */
export const sourceLine = (s: ChainSnapshot): string =>
  `${s.underlying} option chain, end of day, ${dateLabel(s.session)} (simulated market): ${s.underlying} at ${usd(s.underlyingPrice)}`;

export const figure = (label: string, value: string, formula: string, inputs: string[]): Figure => ({ label, value, formula, inputs });

/** Rounds to cents as money is shown (shared/kernel/money), so a question's key is the figure the lesson shows. */
export { cents } from '../../../kernel/money';

/** A template of Markdown and maths with backslashes kept (`String.raw`); not named `md`, which Prettier would reformat as Markdown. */
export const tex = String.raw;
/** Money inside Markdown: the dollar sign escaped, so remark-math never reads it as maths. */
export const m = (x: number): string => usd(x).replace('$', '\\$');
/** A per-share price inside Markdown, to the tenth of a cent where it has one (a mid). */
export const mp = (x: number): string => perShare(x).replace('$', '\\$');
/** Rounds away binary fuzz (10.184999… → 10.185), so a key is the figure shown. */
export const exact = (x: number): number => Math.round(x * 1e6) / 1e6;
