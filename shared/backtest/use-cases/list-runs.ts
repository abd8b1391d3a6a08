import { MAX_SAVED_RUNS, type RunSummary } from '../backtest.api';
import type { BacktestDeps } from './deps';

/** GET /api/backtest/runs: the learner's saved runs, newest first, as summaries, with how many and the limit. */
export async function listRuns(deps: Pick<BacktestDeps, 'runs'>, userId: string): Promise<{ runs: RunSummary[]; count: number; limit: number }> {
  const runs = [...(await deps.runs.list(userId))].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1));
  return { runs, count: runs.length, limit: MAX_SAVED_RUNS };
}
