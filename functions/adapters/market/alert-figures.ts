import type { AlertFigures } from '@shared/alerts/alerts.port';
import { volatilityMetrics } from '@shared/analysis/history-metrics';
import { addDays } from '@shared/market/dates';
import { parseOcc } from '@shared/market/occ';
import type { DailySummaryStore } from '@shared/metrics/daily-summary';
import type { PaperAccountRepository, QuoteSource } from '@shared/paper/paper.port';

/** Calendar days of daily summaries read for an IV rank: a year of sessions and some. */
const HISTORY_DAYS = 380;
/** Shares per contract: a US equity option's multiplier. */
const MULTIPLIER = 100;

/**
 * The figures alerts are evaluated on, from what the ingestion stored: the underlying's daily summaries (its close, the
 * close before, and the IV rank the analysis pages show, from the same rows), the contract's mark from the stored chain
 * (through the quote source), and the learner's paper position valued at that mark.
 */
export function storedAlertFigures(deps: {
  summaries: Pick<DailySummaryStore, 'listSummaries'>;
  quotes: Pick<QuoteSource, 'quotes'>;
  paper: Pick<PaperAccountRepository, 'getPositions'>;
}): AlertFigures {
  const mark = async (contract: string): Promise<number | null> => (await deps.quotes.quotes([contract])).get(contract)?.mark ?? null;
  return {
    async underlyingDay(underlying, tradingDay) {
      const rows = (await deps.summaries.listSummaries(underlying, addDays(tradingDay, -HISTORY_DAYS))).filter((r) => r.date <= tradingDay);
      const last = rows.at(-1);
      if (!last || last.date !== tradingDay) return null;
      return { close: last.close, previousClose: rows.at(-2)?.close ?? null, ivRank: volatilityMetrics(rows, tradingDay).ivRank };
    },
    contractMark: mark,
    async position(userId, contract) {
      const occ = parseOcc(contract);
      if (!occ) return null;
      const held = (await deps.paper.getPositions(userId)).find((p) => p.kind === 'option' && p.symbol === contract);
      if (!held || held.quantity === 0) return null;
      const m = await mark(contract);
      if (m === null) return null;
      return { quantity: held.quantity, unrealizedPnl: (m - held.avgPrice) * held.quantity * MULTIPLIER };
    },
  };
}
