import type { Result } from '../../result';
import { openTradeIds } from '../book';
import { markTrade, type JournalTrade } from '../trades';
import { changeBook } from './change-book';
import type { JournalDeps } from './deps';

/** A day's marks for the learner's open trades (MFE / MAE); a trade with a missing mark is left for another day. */
export function recordMarks(
  deps: JournalDeps,
  userId: string,
  date: string,
  marksOf: (contracts: readonly string[]) => Promise<ReadonlyMap<string, number>>,
): Promise<Result<{ changed: number }>> {
  return changeBook(deps, userId, undefined, async (book) => {
    const stored = await deps.repo.getTrades(userId, openTradeIds(book));
    const marks = await marksOf([...new Set([...stored.values()].flatMap((s) => s.trade.legs.filter((l) => l.open > 0).map((l) => l.contract)))]);
    const changed = [...stored.values()].map((s) => markTrade(s.trade, marks, date)).filter((t): t is JournalTrade => t !== null);
    return { stored, change: { book, trades: changed, closed: [] } };
  });
}
