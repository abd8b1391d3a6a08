import type { Result } from '../../result';
import { applySettlement } from '../book';
import type { CloseMovement } from '../trades';
import { changeBook } from './change-book';
import type { JournalDeps } from './deps';

/** OptionExpired / OptionExercised: the contract's legs close at the option's value (0 worthless, else intrinsic). */
export function recordSettlement(
  deps: JournalDeps,
  userId: string,
  m: CloseMovement & { key: string },
  receipt?: unknown,
): Promise<Result<{ changed: number }>> {
  return changeBook(deps, userId, receipt, async (book) => {
    const ids = (book.open[m.contract] ?? []).map((h) => h.tradeId);
    const stored = await deps.repo.getTrades(userId, ids);
    return { stored, change: applySettlement(book, new Map([...stored].map(([id, s]) => [id, s.trade])), m) };
  });
}
