/** How the builder writes strikes and percentages; money and dates come from shared/format. */
const strikeFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const strike = (k: number): string => `$${strikeFormat.format(k)}`;

export const percent = (p: number, digits = 1): string => `${(p * 100).toFixed(digits)}%`;
