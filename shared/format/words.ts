import { formatCount } from './number';

/**
 * Counted words and ordinals, one way across the app: "1 contract", "2 contracts"; "1st", "2nd", "3rd", "11th",
 * "93rd". English rules from Intl.PluralRules (cardinal and ordinal), so no page gets a count or an ordinal wrong.
 */
const cardinal = new Intl.PluralRules('en-US');
const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1 → "1st", 2 → "2nd", 3 → "3rd", 11 → "11th", 93 → "93rd"; rounded to a whole number first. */
export function formatOrdinal(n: number): string {
  const whole = Math.round(n);
  return `${formatCount(whole)}${SUFFIX[ordinalRules.select(whole)] ?? 'th'}`;
}

/** The noun alone, in the form its count takes: nounFor(1, 'Breakeven') → "Breakeven", nounFor(2, 'call') → "calls". */
export const nounFor = (count: number, singular: string, pluralForm = `${singular}s`): string => (cardinal.select(count) === 'one' ? singular : pluralForm);

/** The count with its noun, singular for exactly one: plural(1, 'contract') → "1 contract"; plural(3, 'entry', 'entries'). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${nounFor(count, singular, pluralForm)}`;
}
