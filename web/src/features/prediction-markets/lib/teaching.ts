import type { FairValueFigure, FairValues } from '@web/api/prediction-markets';

/**
 * The teaching panel's figures: each of the chain's three fair values beside the market's YES price, both read as
 * cents of the $1 payout, and how far the market is from each in percentage points (market − fair value).
 */
export interface FairValueRow {
  figure: FairValueFigure;
  /** The fair value in cents of the $1 payout (= percent). */
  cents: number;
  /** The market's YES price minus the fair value, in percentage points. */
  differencePp: number;
}

export function fairValueRows(fairValues: FairValues, yesPriceCents: number): FairValueRow[] {
  return [fairValues.atmIv, fairValues.strikeIv, fairValues.callSpread].map((figure) => {
    const cents = figure.value * 100;
    return { figure, cents, differencePp: yesPriceCents - cents };
  });
}

/** In words, which way the market leans against a fair value (within half a point counts as agreeing). */
export function differenceInWords(pp: number): string {
  if (Math.abs(pp) < 0.5) return 'about the same';
  return pp > 0 ? 'the market is dearer' : 'the market is cheaper';
}
