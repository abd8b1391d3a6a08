import { fail, ok, type Result } from '../../result';
import { BACKTEST_MESSAGES } from '../backtest.messages';
import type { BacktestDeps } from './deps';

/**
 * DELETE /api/backtest/runs/{id}: removes the learner's run and frees its place under the limit. An id that is not one
 * of the learner's runs (unknown, another learner's, or deleted already) is not found: a retry after a delete answers
 * 404, and the run is gone either way.
 */
export async function deleteRun(deps: Pick<BacktestDeps, 'runs'>, userId: string, id: string): Promise<Result<null>> {
  return (await deps.runs.remove(userId, id)) ? ok(null) : fail('not_found', BACKTEST_MESSAGES.notFound);
}
