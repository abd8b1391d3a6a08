import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { journalApi } from '@shared/journal/journal.api';
import { api } from '@web/lib/api-client';
import type { JournalAccount } from '@shared/journal/trades';
import { queryKeys } from './query-keys';

/**
 * The trading journal (issue 18): trades the server makes from the learner's paper orders, the learner's entries,
 * the statistics and the CSV export. The types are the area's HTTP contract (shared/journal/journal.api.ts). Saving an
 * entry changes the journal and the learning progress (XP, the entry count), so it invalidates both.
 */
type Api = typeof journalApi;
export type TradesView = ResponseOf<Api['GET /api/journal/trades']>;
export type TradeSummary = TradesView['trades'][number];
export type TradeDetail = ResponseOf<Api['GET /api/journal/trades/{id}']>;
export type JournalTrade = TradeDetail['trade'];
export type JournalEntry = NonNullable<TradeDetail['entry']>;
export type EntriesView = ResponseOf<Api['GET /api/journal/entries']>;
export type EntryBody = BodyOf<Api['POST /api/journal/entries']>;
export type EntryWritten = ResponseOf<Api['POST /api/journal/entries']>;
export type JournalStats = ResponseOf<Api['GET /api/journal/stats']>;

export interface JournalFilter {
  /** The paper account unless another is chosen: each account's trades and figures stay apart. */
  account?: JournalAccount;
  from?: string;
  to?: string;
  strategy?: string;
  underlying?: string;
  tag?: string;
  mistake?: string;
}

const enc = encodeURIComponent;

export const getTrades = (query: JournalFilter & { status: 'open' | 'closed'; date?: string; limit?: number }, signal?: AbortSignal) =>
  api.get<TradesView>('/api/journal/trades', { ...query }, signal);
export const useJournalTrades = (query: JournalFilter & { status: 'open' | 'closed'; date?: string; limit?: number }) =>
  useQuery({
    queryKey: queryKeys.journal.trades({ ...query }),
    queryFn: ({ signal }) => getTrades(query, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

export const getTrade = (id: string, signal?: AbortSignal) => api.get<TradeDetail>(`/api/journal/trades/${enc(id)}`, undefined, signal);
export const tradeQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.journal.trade(id), queryFn: ({ signal }) => getTrade(id, signal), staleTime: 15_000 });
export const useJournalTrade = (id: string) => useQuery({ ...tradeQueryOptions(id), enabled: !!id });

export const getEntries = (kind?: string, signal?: AbortSignal) => api.get<EntriesView>('/api/journal/entries', { kind, limit: 100 }, signal);
export const useJournalEntries = (kind?: string) =>
  useQuery({ queryKey: queryKeys.journal.entries(kind), queryFn: ({ signal }) => getEntries(kind, signal), staleTime: 15_000 });

export const getStats = (filter: JournalFilter, signal?: AbortSignal) => api.get<JournalStats>('/api/journal/stats', { ...filter }, signal);
export const useJournalStats = (filter: JournalFilter) =>
  useQuery({
    queryKey: queryKeys.journal.stats({ ...filter }),
    queryFn: ({ signal }) => getStats(filter, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
  });

/** The CSV text of the closed trades or the entries (the server answers text/csv). */
export const getExport = (kind: 'trades' | 'entries') => api.get<string>('/api/journal/export.csv', { kind });

function useInvalidateJournal() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.journal.all }), client.invalidateQueries({ queryKey: queryKeys.learning.all })]);
}

export const createEntry = (body: EntryBody) => api.post<EntryWritten>('/api/journal/entries', body);
export const updateEntry = ({ id, body }: { id: string; body: EntryBody }) => api.put<EntryWritten>(`/api/journal/entries/${enc(id)}`, body);
export const deleteEntry = (id: string) => api.del<void>(`/api/journal/entries/${enc(id)}`);

export function useSaveEntry() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: EntryBody }) => (id ? updateEntry({ id, body }) : createEntry(body)),
    onSettled: invalidate,
  });
}

export function useDeleteEntry() {
  const invalidate = useInvalidateJournal();
  return useMutation({ mutationFn: deleteEntry, onSettled: invalidate });
}
