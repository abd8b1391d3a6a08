import type { AlertFigures, HeldPosition } from '@shared/alerts/alerts.port';
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
 * (through the quote source), and the learner's paper option positions valued at their marks (one read per learner).
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
    async positions(userId) {
      const held = (await deps.paper.getPositions(userId)).filter((p) => p.kind === 'option' && p.quantity !== 0 && parseOcc(p.symbol));
      const valued = new Map<string, HeldPosition>();
      if (held.length === 0) return valued;
      const quotes = await deps.quotes.quotes(held.map((p) => p.symbol));
      for (const p of held) {
        const m = quotes.get(p.symbol)?.mark;
        if (m !== undefined && m !== null) valued.set(p.symbol, { quantity: p.quantity, unrealizedPnl: (m - p.avgPrice) * p.quantity * MULTIPLIER });
      }
      return valued;
    },
  };
}
