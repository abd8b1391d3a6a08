import { localizeNumber } from '@shared/format/number-style';

/** How strategy screens write a strike: "$585", "$232.5". */
const strikeFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const strike = (k: number): string => `$${localizeNumber(strikeFormat.format(k))}`;
