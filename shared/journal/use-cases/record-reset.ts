import type { Result } from '../../result';
import { applyReset, openTradeIds } from '../book';
import { changeBook } from './change-book';
import type { JournalDeps } from './deps';

/** AccountReset: the earlier run's open trades end without a close. */
export function recordReset(deps: JournalDeps, userId: string, previousRun: number, at: string, receipt?: unknown): Promise<Result<{ changed: number }>> {
  return changeBook(deps, userId, receipt, async (book) => {
    const stored = await deps.repo.getTrades(userId, openTradeIds(book));
    return { stored, change: applyReset(book, new Map([...stored].map(([id, s]) => [id, s.trade])), previousRun, at) };
  });
}
