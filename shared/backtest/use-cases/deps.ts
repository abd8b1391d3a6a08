import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { BacktestRunRepository, RunSharer, SummaryHistorySource } from '../backtest.port';

/** What the backtester's use cases need: the saved runs, the stored daily summaries, the community feed, time and ids. */
export interface BacktestDeps {
  runs: BacktestRunRepository;
  history: SummaryHistorySource;
  sharer: RunSharer;
  clock: Clock;
  ids: IdGenerator;
}
