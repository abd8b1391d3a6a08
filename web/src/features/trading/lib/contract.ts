import { formatNumber } from '@shared/format/number';

/** +2 for a long position of two, −2 for a short one. */
export const signedQuantity = (q: number) => formatNumber(q, { digits: 0, sign: true });
