import { analysisReader } from '@shared/analysis/analysis-reader';
import { simulatedPastReports } from '@shared/market/simulated-history';
import { dynamoSummaryStore } from '../adapters/dynamo/summary-repository';
import { marketDeps } from './market';

/** The composition root of the market analysis: the daily summaries and the market's store and clock. */
export function analysisDeps() {
  const market = marketDeps();
  return {
    reader: analysisReader({
      summaries: dynamoSummaryStore(),
      market: market.store,
      clock: market.clock,
      // The simulated market's path reaches back beyond the kept year: its last 12 reports. A real provider's come from the summaries.
      pastReports: (underlying, before, count) => simulatedPastReports(underlying, before, count),
    }),
    market: market.store,
    clock: market.clock,
  };
}
