/** How the builder writes strikes and percentages; money and dates come from shared/format. */
import { formatPercent } from '@shared/format/number';
export { strike } from '@web/components/strategy/strike';

export const percent = (p: number, digits = 1): string => formatPercent(p, digits);
