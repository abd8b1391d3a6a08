import { formatExpiry } from '@shared/format/time';
import { formatLevel } from '@shared/format/number';

/** A contract as a learner reads it: "SPY 600 call, Dec 18, 2026". */
export const contractLabel = (row: { underlying: string; strike: number; type: 'call' | 'put'; expiration: string }): string =>
  `${row.underlying} ${formatLevel(row.strike)} ${row.type}, ${formatExpiry(row.expiration)}`;
