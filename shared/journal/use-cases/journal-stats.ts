import { computeStats, filterRows, type JournalStats, type StatsFilter } from '../stats';
import type { JournalDeps } from './deps';
import { ledgerOf } from './ledger';

/** GET /api/journal/stats: the figures over the filtered closed trades; the drawdown's % on the paper account's starting capital. */
export async function journalStats(deps: JournalDeps, userId: string, filter: StatsFilter): Promise<JournalStats> {
  const paper = !filter.account || filter.account === 'paper';
  const [{ rows }, account] = await Promise.all([ledgerOf(deps, userId), paper ? deps.paper.getAccount(userId) : null]);
  // The paper account's starting capital is the base of its equity curve; an Alpaca account's is not known here.
  return computeStats(filterRows(rows, filter), account?.startingCapital ?? 0);
}
