import { fixedClock } from '@shared/ports/clock.port';
import { makePredictionMarkets } from '@shared/prediction/use-cases/make-markets';
import { memoryMarketSnapshots } from '../../../support/memory-market-snapshots';
import { spyMarketStore } from '../stored-chains';

/** 18:05 New York on Monday 30 Nov 2026, after the day's ingestion. */
export const MADE_AT = '2026-11-30T23:05:00.000Z';

/** The SPY markets made from the fixture's chains (four expiries, 4 Dec to 24 Dec 2026). */
export async function madeMarkets() {
  const chains = await spyMarketStore();
  const snapshots = memoryMarketSnapshots();
  await makePredictionMarkets({ chains, snapshots, clock: fixedClock(MADE_AT) }, ['SPY']);
  return snapshots;
}
