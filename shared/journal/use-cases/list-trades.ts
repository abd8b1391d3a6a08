import { openTradeIds } from '../book';
import { filterRows, type ClosedTradeRow, type StatsFilter } from '../stats';
import type { JournalAccount } from '../trades';
import type { JournalDeps } from './deps';
import { countedRows, ledgerOf } from './ledger';

export interface TradeSummary {
  id: string;
  account: JournalAccount;
  status: 'open' | 'closed';
  strategy: string;
  underlying: string;
  openedAt: string;
  closedAt: string | null;
  date: string | null;
  pnl: number;
  risk: number | null;
  maxProfit: number | null;
  exitReason: ClosedTradeRow['exitReason'] | null;
  setupTags: string[];
  mistakeTags: string[];
  reflected: boolean;
  legs: number;
  agent?: string;
}

/** GET /api/journal/trades: one account's open trades, or closed ones with the statistics filters (and one New York day); newest first. */
export async function listTrades(
  deps: JournalDeps,
  userId: string,
  q: StatsFilter & { status: 'open' | 'closed'; date?: string; limit: number },
): Promise<{ trades: TradeSummary[]; total: number; toReflect: number }> {
  const { rows, book } = await ledgerOf(deps, userId);
  const toReflect = countedRows(rows).filter((r) => !r.reflected).length;
  if (q.status === 'open') {
    const stored = await deps.repo.getTrades(userId, openTradeIds(book));
    const account = q.account ?? 'paper';
    const open = [...stored.values()]
      .filter(({ trade: t }) => t.account === account)
      .map(({ trade: t }) => ({
        id: t.id,
        account: t.account,
        status: 'open' as const,
        strategy: t.strategy,
        underlying: t.underlying,
        openedAt: t.openedAt,
        closedAt: null,
        date: null,
        pnl: t.realizedPnl,
        risk: t.entry.maxLoss,
        maxProfit: t.entry.maxProfit,
        exitReason: null,
        setupTags: t.setupTags,
        mistakeTags: t.mistakeTags,
        reflected: t.entryId !== null,
        legs: t.legs.length,
        ...(t.agent ? { agent: t.agent } : {}),
      }))
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
    return { trades: open.slice(0, q.limit), total: open.length, toReflect };
  }
  const kept = filterRows(rows, q)
    .filter((r) => !q.date || r.date === q.date)
    .sort((a, b) => b.closedAt.localeCompare(a.closedAt));
  return { trades: kept.slice(0, q.limit).map((r) => ({ ...r, status: 'closed' as const })), total: kept.length, toReflect };
}
