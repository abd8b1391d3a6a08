import { MAX_SAVED_RUNS } from './backtest.api';

/** What the backtester's routes say when they refuse (the learner reads these words). */
export const BACKTEST_MESSAGES = {
  full: `You have ${MAX_SAVED_RUNS} saved backtests, the most you can keep. Delete one to save another.`,
  notFound: 'This backtest is not one of your saved runs.',
  tooLarge: 'This run has too many overlapping trades to save (more than one stored run can hold). Enter less often, or allow fewer open positions at once.',
  noTradeToShare: 'This run found no trade, so there are no legs to share. Change the rule that filtered everything out and run it again.',
} as const;
