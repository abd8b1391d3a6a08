/** How the builder writes strikes and percentages; money and dates come from shared/format. */
export { strike } from '@web/components/strategy/strike';

export const percent = (p: number, digits = 1): string => `${(p * 100).toFixed(digits)}%`;
