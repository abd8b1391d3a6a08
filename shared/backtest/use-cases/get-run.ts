import { fail, ok, type Result } from '../../result';
import type { SavedRunJson } from '../backtest.api';
import { BACKTEST_MESSAGES } from '../backtest.messages';
import type { BacktestDeps } from './deps';
import { publicRun } from './run-and-save';

/** GET /api/backtest/runs/{id}: the learner's own run in full; any other id (another learner's included) is not found. */
export async function getRun(deps: Pick<BacktestDeps, 'runs'>, userId: string, id: string): Promise<Result<SavedRunJson>> {
  const run = await deps.runs.get(userId, id);
  return run ? ok(publicRun(run)) : fail('not_found', BACKTEST_MESSAGES.notFound);
}
