import { addDays, daysBetween, newYorkParts } from '../market/dates';
import type { Clock } from '../ports/clock.port';
import { SUMMARY_RETENTION_DAYS, type DailySummaryStore } from '../metrics/daily-summary';
import { volatilityMetrics } from './history-metrics';
import { statsFromChains, type UnderlyingStatsSource } from './screener';

/**
 * The screener's underlying figures with the daily summaries (issue 22): price, IV30 and the put/call ratio from the
 * chains, and from the kept year of `SUM#<und>` rows the figures a history gives — IV rank and percentile (hidden until
 * 60 sessions, history-metrics.ts), HV20, IV/HV and the next earnings date. The handler keeps the answer for the chain
 * snapshot, so a year of rows per underlying is read once per ingestion, not per query.
 */
export function summaryStatsSource(store: Pick<DailySummaryStore, 'listSummaries'>, clock: Clock): UnderlyingStatsSource {
  return {
    async stats(sets) {
      const today = newYorkParts(clock.now()).date;
      return Promise.all(
        sets.map(async (set) => {
          const base = statsFromChains(set);
          const rows = await store.listSummaries(set.ticker, addDays(today, -SUMMARY_RETENTION_DAYS));
          if (!rows.length) return base;
          const m = volatilityMetrics(rows, today);
          return {
            ...base,
            ivRank: m.ivRank,
            ivPercentile: m.ivPercentile,
            hv20: m.hv20,
            ivHv: base.iv30 !== null && m.hv20 !== null && m.hv20 > 0 ? base.iv30 / m.hv20 : m.ivHvRatio,
            earningsDate: m.nextEarnings,
            daysToEarnings: m.nextEarnings !== null ? daysBetween(today, m.nextEarnings) : null,
            historyDays: rows.filter((r) => r.iv30 !== null).length,
          };
        }),
      );
    },
  };
}

/** The year of IV30 against HV20 for the volatility explorer, oldest first; null before any row is kept. */
export async function volatilityHistory(
  store: Pick<DailySummaryStore, 'listSummaries'>,
  clock: Clock,
  ticker: string,
): Promise<{ dates: string[]; iv30: (number | null)[]; hv20: (number | null)[] } | null> {
  const today = newYorkParts(clock.now()).date;
  const rows = await store.listSummaries(ticker, addDays(today, -SUMMARY_RETENTION_DAYS));
  if (!rows.length) return null;
  return { dates: rows.map((r) => r.date), iv30: rows.map((r) => r.iv30), hv20: rows.map((r) => r.hv20) };
}
