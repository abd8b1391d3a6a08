/**
 * How numbers are written in the browser (issue 20, Display settings): the thousands separator and the decimal mark.
 * Four families cover the learners' locales: 1,234.56 (US, UK), 1.234,56 (Germany, Spain, Italy, Brazil), 1 234,56
 * (France, Nordics, Poland), 1 234.56 (SI / ISO 80000-1 style, Switzerland). The space is the narrow no-break space
 * (U+202F) Intl writes for fr-FR, so a figure never wraps. Rupee amounts keep the Indian grouping the spec asks for.
 */
export const NUMBER_STYLES = {
  'en-US': { group: ',', decimal: '.', label: '1,234.56 (US, UK)' },
  'de-DE': { group: '.', decimal: ',', label: '1.234,56 (Germany, Spain, Italy, Brazil)' },
  'fr-FR': { group: '\u202f', decimal: ',', label: '1 234,56 (France, Nordics, Poland)' },
  si: { group: '\u202f', decimal: '.', label: '1 234.56 (SI, Switzerland)' },
} as const;
export type NumberStyle = keyof typeof NUMBER_STYLES;
export const NUMBER_STYLE_IDS = Object.keys(NUMBER_STYLES) as [NumberStyle, ...NumberStyle[]];

let current: NumberStyle = 'en-US';

/**
 * The style every figure the app formats uses from now on. Only the browser calls it (with the learner's setting); the
 * server never does, so its messages keep 1,234.56.
 */
export function setNumberStyle(style: NumberStyle): void {
  current = style;
}
export const numberStyle = (): NumberStyle => current;

/** A figure written the en-US way ("$1,234.56", "−22.60") with the style's separators instead. */
export function localizeNumber(text: string, style: NumberStyle = current): string {
  if (style === 'en-US') return text;
  const { group, decimal } = NUMBER_STYLES[style];
  return text.replace(/[,.]/g, (c) => (c === ',' ? group : decimal));
}
