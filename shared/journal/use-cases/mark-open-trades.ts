import { newYorkParts } from '../../market/dates';
import type { JournalDeps } from './deps';
import { recordMarks } from './record-marks';

/**
 * After new quotes (ChainIngested, the 18:00 New York ingestion above all): each learner's open trades get the day's
 * mark, the last one of a day standing as its end-of-day mark. Returns how many learners were marked.
 */
export async function markOpenTrades(
  deps: JournalDeps,
  marksOf: (contracts: readonly string[]) => Promise<ReadonlyMap<string, number>>,
  onFailure: (userId: string, error: unknown) => void,
): Promise<number> {
  const date = newYorkParts(deps.clock.now()).date;
  let marked = 0;
  for (const userId of await deps.repo.learnersWithOpenTrades()) {
    try {
      const r = await recordMarks(deps, userId, date, marksOf);
      if (r.ok && r.value.changed > 0) marked++;
    } catch (err) {
      onFailure(userId, err);
    }
  }
  return marked;
}
