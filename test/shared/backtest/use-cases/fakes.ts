import type { RunSummary } from '@shared/backtest/backtest.api';
import type { BacktestRunRepository, BacktestShare, RunSharer, ShareAuthor, StoredRun, SummaryHistorySource } from '@shared/backtest/backtest.port';
import type { BacktestDeps } from '@shared/backtest/use-cases/deps';
import { runSummary } from '@shared/backtest/saved-run';
import { tradingDaysEnding } from '@shared/market/calendar';
import { simulatedSummaries } from '@shared/market/simulated-history';
import type { DailySummary } from '@shared/metrics/daily-summary';
import { fail, ok } from '@shared/result';

export const LAST_SESSION = tradingDaysEnding('2026-11-27', 1)[0]!;
const made = new Map<string, DailySummary[]>();
/** The simulated market's summaries of an underlying, as the ingestion stores them: 275 sessions up to LAST_SESSION. */
export const storedRows = (und: string): DailySummary[] => {
  if (!made.has(und)) made.set(und, simulatedSummaries(und, LAST_SESSION, 275));
  return made.get(und)!;
};

/** The learner's runs in memory, with the limit and the clientRunId guard kept as the Dynamo transaction keeps them. */
export function memoryRuns(): BacktestRunRepository & { saves: number } {
  const byUser = new Map<string, Map<string, StoredRun>>();
  const runsOf = (u: string) => byUser.get(u) ?? byUser.set(u, new Map()).get(u)!;
  const repo = {
    saves: 0,
    async byClientRunId(u: string, cid: string) {
      return [...runsOf(u).values()].find((r) => r.clientRunId === cid) ?? null;
    },
    async count(u: string) {
      return runsOf(u).size;
    },
    async save(u: string, run: StoredRun, max: number) {
      const existing = await repo.byClientRunId(u, run.clientRunId);
      if (existing) return { outcome: 'exists' as const, run: existing };
      if (runsOf(u).size >= max) return { outcome: 'full' as const };
      repo.saves++;
      runsOf(u).set(run.id, structuredClone(run));
      return { outcome: 'saved' as const };
    },
    async list(u: string): Promise<RunSummary[]> {
      return [...runsOf(u).values()].map(runSummary);
    },
    async get(u: string, id: string) {
      return runsOf(u).get(id) ?? null;
    },
    async remove(u: string, id: string) {
      return runsOf(u).delete(id);
    },
    async markShared(u: string, id: string, postId: string) {
      const r = runsOf(u).get(id);
      if (r) r.sharedPostId = postId;
    },
  };
  return repo;
}

export function memoryHistory(symbols: readonly string[] = ['SPY', 'QQQ', 'IWM', 'AAPL']): SummaryHistorySource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    async stored() {
      return symbols.map((s) => {
        const rows = storedRows(s);
        return { symbol: s, first: rows[0]!.date, last: rows.at(-1)!.date, sessions: rows.length };
      });
    },
    async history(und) {
      reads.push(und);
      return symbols.includes(und) ? storedRows(und) : [];
    },
  };
}

export function memorySharer(dailyMax = 10): RunSharer & { posts: { id: string; author: ShareAuthor; input: BacktestShare; shown: boolean }[] } {
  const posts: { id: string; author: ShareAuthor; input: BacktestShare; shown: boolean }[] = [];
  return {
    posts,
    async share(author, input) {
      if (posts.filter((p) => p.author.userId === author.userId).length >= dailyMax) return fail('rate_limited', 'You have shared 10 strategies today.');
      const id = `01P0ST${String(posts.length).padStart(20, '0')}`;
      posts.push({ id, author, input, shown: true });
      return ok({ postId: id });
    },
    async postShown(id) {
      return posts.some((p) => p.id === id && p.shown);
    },
  };
}

export function fakeDeps(overrides: Partial<BacktestDeps> = {}) {
  let n = 0;
  const runs = memoryRuns();
  const history = memoryHistory();
  const sharer = memorySharer();
  const deps = {
    runs,
    history,
    sharer,
    clock: { now: () => new Date(Date.UTC(2026, 10, 30, 4, 0, n)) },
    ids: { newId: () => `01JRAN${String(++n).padStart(20, '0')}` },
    ...overrides,
  };
  return { deps, runs, history, sharer };
}

/** A year of weekly short puts on SPY, from the year before the last stored session. */
export const weeklyPut = (over: Record<string, unknown> = {}) => ({
  underlying: 'SPY',
  from: storedRows('SPY')[23]!.date,
  to: LAST_SESSION,
  strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } }] },
  entry: { schedule: { kind: 'weekday', weekday: 1 }, daysToExpiry: 30 },
  exit: { profitTargetPct: 50 },
  size: { kind: 'contracts', contracts: 1 },
  ...over,
});
