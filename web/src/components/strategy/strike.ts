import { formatNumber } from '@shared/format/number';

/** How strategy screens write a strike: "$585", "$232.5", in the learner's number style. */
export const strike = (k: number): string => `$${formatNumber(k, { digits: 2, minDigits: 0 })}`;
