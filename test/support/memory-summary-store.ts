import type { DailySummary, DailySummaryStore } from '@shared/metrics/daily-summary';

/** The daily-summary store in memory, for unit tests of the ingestion and the analysis use cases. */
export function memorySummaryStore() {
  const rows = new Map<string, DailySummary>();
  const of = (underlying: string, fromDate: string) =>
    [...rows.values()].filter((r) => r.underlying === underlying && r.date >= fromDate).sort((a, b) => a.date.localeCompare(b.date));
  return {
    rows,
    async putSummaries(list) {
      for (const r of list) rows.set(`${r.underlying}|${r.date}`, r);
    },
    async listSummaries(underlying, fromDate) {
      return of(underlying, fromDate);
    },
    async summaryDates(underlying, fromDate) {
      return of(underlying, fromDate).map((r) => r.date);
    },
  } satisfies DailySummaryStore & { rows: Map<string, DailySummary> };
}
