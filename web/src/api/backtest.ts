import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { backtestApi } from '@shared/backtest/backtest.api';
import type { Draft } from '@shared/drafts/drafts';
import { api } from '@web/lib/api-client';
import { useChainsOf, type Chains } from './market';
import { queryKeys } from './query-keys';

/**
 * The strategy backtester (issue 39): the stored end-of-day history a run can use, running a backtest (saved with its
 * result and "what this teaches"), the learner's saved runs, and sharing one to the community feed. The types are the
 * area's contract (shared/backtest/backtest.api.ts). A run, a delete or a share changes the saved list.
 */
type Api = typeof backtestApi;
export type BacktestHistory = ResponseOf<Api['GET /api/backtest/history']>;
export type HistoryUnderlying = BacktestHistory['underlyings'][number];
export type RunBody = BodyOf<Api['POST /api/backtest/runs']>;
export type SavedRun = ResponseOf<Api['GET /api/backtest/runs/{id}']>['run'];
export type RunResult = SavedRun['result'];
export type RunTrade = RunResult['trades'][number];
export type RunTeaches = SavedRun['teaches'];
export type SavedRuns = ResponseOf<Api['GET /api/backtest/runs']>;
export type RunSummary = SavedRuns['runs'][number];
export type ShareRunBody = BodyOf<Api['POST /api/backtest/runs/{id}/share']>;
/** A stored session for the builder "as of" it, and one expiry's chain that day, modelled (the market chain's shape). */
export type AsOfDay = ResponseOf<Api['GET /api/backtest/as-of/{underlying}']>;
export type AsOfChain = ResponseOf<Api['GET /api/backtest/as-of/{underlying}/chain']>;

/** The most legs a run's own strategy takes (StrategyRuleSchema, shared/backtest/rules.ts): the form's and the builder link's limit. */
export const MAX_BACKTEST_LEGS = 4;

const base = '/api/backtest';
const runPath = (id: string) => `${base}/runs/${encodeURIComponent(id)}`;

export const getHistory = (signal?: AbortSignal) => api.get<BacktestHistory>(`${base}/history`, undefined, signal);
export const getRuns = (signal?: AbortSignal) => api.get<SavedRuns>(`${base}/runs`, undefined, signal);
export const getRun = (id: string, signal?: AbortSignal) => api.get<{ run: SavedRun }>(runPath(id), undefined, signal);
export const runBacktest = (body: RunBody) => api.post<{ run: SavedRun }>(`${base}/runs`, body);
export const deleteRun = (id: string) => api.del<null>(runPath(id));
export const getAsOfDay = (underlying: string, date: string, signal?: AbortSignal) =>
  api.get<AsOfDay>(`${base}/as-of/${encodeURIComponent(underlying)}`, { date }, signal);
export const getAsOfChain = (underlying: string, date: string, expiry: string, signal?: AbortSignal) =>
  api.get<AsOfChain>(`${base}/as-of/${encodeURIComponent(underlying)}/chain`, { date, expiry }, signal);
export const shareRun = (id: string, body: ShareRunBody) => api.post<ResponseOf<Api['POST /api/backtest/runs/{id}/share']>>(`${runPath(id)}/share`, body);

/** The stored history changes once a session: an hour is fresh enough for the form. */
export const backtestHistoryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backtest.history(), queryFn: ({ signal }) => getHistory(signal), staleTime: 60 * 60_000 });
export const useBacktestHistory = () => useQuery(backtestHistoryQueryOptions());

export const backtestRunsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.backtest.runs(), queryFn: ({ signal }) => getRuns(signal), staleTime: 30_000 });
export const useBacktestRuns = () => useQuery(backtestRunsQueryOptions());

/** A saved run never changes: kept as long as the page lives. */
export const backtestRunQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.backtest.run(id), queryFn: ({ signal }) => getRun(id, signal), staleTime: Infinity });
export const useBacktestRun = (id: string | null) => useQuery({ ...backtestRunQueryOptions(id ?? ''), enabled: !!id });

/** A past session never changes: read once a page. */
export const asOfDayQueryOptions = (underlying: string, date: string) =>
  queryOptions({ queryKey: queryKeys.backtest.asOfDay(underlying, date), queryFn: ({ signal }) => getAsOfDay(underlying, date, signal), staleTime: Infinity });
/** The builder's day as of `date` (null: today's builder, nothing read). */
export const useAsOfDay = (underlying: string, date: string | null) =>
  useQuery({ ...asOfDayQueryOptions(underlying, date ?? ''), enabled: !!underlying && !!date });

const listedThen = (day: AsOfDay) => ({ expiries: day.expirations.map((e) => ({ expiration_date: e.date, days_to_expiry: e.daysToExpiry })) });
/** The expiries listed on the as-of day, in the shape of the market's expiries (the same cache entry as the day). */
export const useAsOfExpiries = (underlying: string, date: string | null) =>
  useQuery({ ...asOfDayQueryOptions(underlying, date ?? ''), enabled: !!underlying && !!date, select: listedThen });

export const asOfChainQueryOptions = (underlying: string, date: string, expiry: string) =>
  queryOptions({
    queryKey: queryKeys.backtest.asOfChain(underlying, date, expiry),
    queryFn: ({ signal }) => getAsOfChain(underlying, date, expiry, signal),
    staleTime: Infinity,
  });
/** The modelled chains of several expiries as of `date`, as the builder reads chains (null date: none read). */
export const useAsOfChains = (underlying: string, date: string | null, expiries: readonly string[]): Chains =>
  useChainsOf(date ? underlying : '', expiries, (u, e) => asOfChainQueryOptions(u, date ?? '', e));

/** Runs a backtest; the answer is the saved run, put in the cache under its id, and the saved list is read again. */
export function useRunBacktest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runBacktest,
    onSuccess: ({ run }) => client.setQueryData(queryKeys.backtest.run(run.id), { run }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.backtest.runs() }),
  });
}

export function useDeleteRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRun,
    onSuccess: (_, id) => client.removeQueries({ queryKey: queryKeys.backtest.run(id) }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.backtest.runs() }),
  });
}

/** Shares a saved run as a strategy post: the community's feeds are read again, so the post is there. */
export function useShareRun() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShareRunBody }) => shareRun(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.community.feeds() }),
  });
}

/**
 * The learner's strategy drafts, for the form's "start from a saved draft": the same key and answer as the builder's
 * drafts (GET /api/drafts), so both read one cache.
 */
export const backtestDraftsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.drafts(), queryFn: () => api.get<{ drafts: Draft[] }>('/api/drafts'), staleTime: 30_000 });
export const useBacktestDrafts = () => useQuery(backtestDraftsQueryOptions());
export type { Draft };
