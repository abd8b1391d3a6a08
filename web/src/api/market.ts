import { queryOptions, useQueries, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { ChainView, ReaderAnswer } from '@shared/market/market-reader';
import { parseOcc } from '@shared/market/occ';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * Market data (GET /api/market/…, public): the fetchers, query options and hooks every screen reads it through — the
 * chain page, the strategy builder, the trade ticket, the admin page and the landing page's tapes.
 */

/** The answers are the server's own read model's (shared/market/market-reader.ts), as far as it has exported them. */
export type TickersView = ReaderAnswer<'tickers'>;
export type ExpiriesView = ReaderAnswer<'expiries'>;
export type QuotesView = ReaderAnswer<'quotes'>;
export type Quote = QuotesView['quotes'][number];
export type { ChainView };

/** GET /api/market/status: where the data comes from and when it was last synced (built in the handler, typed here until the market contract lands). */
export interface MarketStatus {
  source: 'live' | 'demo';
  provider: string;
  /** Whether a market-data provider key is set up; Sync Data needs one. */
  configured: boolean;
  lastSync: string | null;
  session: string | null;
  /** Why demo data is in use, when no provider is configured. */
  reason?: string;
}

/** POST /api/market/sync answers 202 `queued`, or 200 `recent` when a sync of that ticker ran moments ago. */
export interface SyncResponse {
  status: 'queued' | 'recent';
  message: string;
}

const path = (underlying: string) => `/api/market/${encodeURIComponent(underlying)}`;

// Status

export const getMarketStatus = (signal?: AbortSignal) => api.get<MarketStatus>('/api/market/status', undefined, signal);

export const marketStatusQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.market.status(), queryFn: ({ signal }) => getMarketStatus(signal), staleTime: 30_000 });

/** One cache entry for every screen; a screen that needs it fresher (the admin page) asks for a shorter staleTime. */
export const useMarketStatus = (staleTime?: number) => useQuery({ ...marketStatusQueryOptions(), ...(staleTime !== undefined ? { staleTime } : {}) });

// Tickers

/** Every liquid ticker; the list is short, so selectors search it in the browser as the learner types. */
export const getTickers = (signal?: AbortSignal) => api.get<TickersView>('/api/market/tickers', undefined, signal);

export const tickersQueryOptions = () => queryOptions({ queryKey: queryKeys.market.tickers(), queryFn: ({ signal }) => getTickers(signal), staleTime: 60_000 });

export const useTickers = (enabled = true) => useQuery({ ...tickersQueryOptions(), enabled });

// Expiries

export const getExpiries = (underlying: string, signal?: AbortSignal) => api.get<ExpiriesView>(`${path(underlying)}/expiries`, undefined, signal);

export const expiriesQueryOptions = (underlying: string) =>
  queryOptions({ queryKey: queryKeys.market.expiries(underlying), queryFn: ({ signal }) => getExpiries(underlying, signal), staleTime: 60_000 });

export const useExpiries = (underlying: string, enabled = true) => useQuery({ ...expiriesQueryOptions(underlying), enabled: enabled && !!underlying });

// Daily bars

export type DailyBarsView = ReaderAnswer<'history'>;
/** The daily bars are kept 30 days (the server refuses more): the price chart's candles. */
export const DAILY_BARS_KEPT_DAYS = 30;

export const getDailyBars = (underlying: string, signal?: AbortSignal) =>
  api.get<DailyBarsView>(`${path(underlying)}/history`, { days: DAILY_BARS_KEPT_DAYS }, signal);

export const useDailyBars = (underlying: string, enabled = true) =>
  useQuery({
    queryKey: queryKeys.market.history(underlying),
    queryFn: ({ signal }) => getDailyBars(underlying, signal),
    staleTime: 10 * 60_000,
    enabled: enabled && !!underlying,
  });

// Chains

export const getChain = (underlying: string, expiry: string, signal?: AbortSignal) => api.get<ChainView>(`${path(underlying)}/chain`, { expiry }, signal);

export const chainQueryOptions = (underlying: string, expiry: string) =>
  queryOptions({ queryKey: queryKeys.market.chain(underlying, expiry), queryFn: ({ signal }) => getChain(underlying, expiry, signal), staleTime: 30_000 });

/** The chain of one expiry; while another expiry of the same ticker loads, the last one stays on screen. */
export const useChain = (underlying: string, expiry: string | null) =>
  useQuery({
    ...chainQueryOptions(underlying, expiry ?? ''),
    enabled: !!underlying && !!expiry,
    placeholderData: (previous) => (previous && previous.underlying.ticker === underlying ? previous : undefined),
  });

export interface Chains {
  /** Loaded chains by expiry. */
  byExpiry: ReadonlyMap<string, ChainView>;
  /** Expiries still loading. */
  pending: ReadonlySet<string>;
  /** The first failure's message, if any. */
  error: string | null;
}

// Module-level, so TanStack re-runs it only when a result changes and the answer keeps its identity.
const combineChains = (results: UseQueryResult<ChainView>[]) => ({
  loaded: results.flatMap((r) => (r.data ? [r.data] : [])),
  errors: results.flatMap((r) => (r.isError ? [r.error.message] : [])),
});

/** The chains of several expiries of one underlying, loaded together (the strategy builder's legs). */
export const useChains = (underlying: string, expiries: readonly string[]): Chains => useChainsOf(underlying, expiries, chainQueryOptions);

/**
 * Several expiries' chains of one underlying read through `optionsOf` (today's market chain, or a past session's modelled
 * chain: api/backtest.ts), loaded together; no underlying, no reads.
 */
export function useChainsOf<T extends ChainView, K extends QueryKey>(
  underlying: string,
  expiries: readonly string[],
  optionsOf: (underlying: string, expiry: string) => UseQueryOptions<T, Error, T, K>,
): Chains {
  const result = useQueries({ queries: underlying ? expiries.map((e) => optionsOf(underlying, e)) : [], combine: combineChains });
  const key = expiries.join(',');
  return useMemo(() => {
    const byExpiry = new Map<string, ChainView>();
    for (const chain of result.loaded) if (chain.underlying.ticker === underlying) byExpiry.set(chain.expiration_date, chain);
    const wanted = key ? key.split(',') : [];
    const error = result.errors[0] ?? null;
    const pending = new Set(error ? [] : wanted.filter((e) => !byExpiry.has(e)));
    return { byExpiry, pending, error };
  }, [result, underlying, key]);
}

/**
 * One contract's quote, read from its chain's cache entry (the same data the chain page shows and the order fills at),
 * so opening the ticket from the chain costs no request. A symbol that is not an option stays disabled.
 */
export function useContractQuote(contract: string) {
  const occ = parseOcc(contract);
  const symbol = contract.toUpperCase().replace(/^O:/, '');
  const select = useCallback(
    (chain: ChainView) => {
      const quote = chain.contracts.find((c) => c.contract_ticker === symbol);
      if (!quote) throw new Error(`${contract} is not listed in the ${chain.underlying.ticker} chain for ${chain.expiration_date}.`);
      return { quote, underlying: chain.underlying, source: chain.source, expiryType: chain.expiry_type, daysToExpiry: chain.days_to_expiry };
    },
    [contract, symbol],
  );
  return useQuery({ ...chainQueryOptions(occ?.underlying ?? '', occ?.expiration ?? ''), enabled: !!occ, select });
}

// Quotes (the landing page's tapes)

export const getQuotes = (tickers: readonly string[]) => api.get<QuotesView>('/api/market/quotes', { tickers: tickers.join(',') });

/** End-of-day prices: a few minutes of staleness changes nothing. */
export const quotesQueryOptions = (tickers: readonly string[]) =>
  queryOptions({ queryKey: queryKeys.market.quotes(tickers), queryFn: () => getQuotes(tickers), staleTime: 5 * 60_000 });

export const useQuotes = (tickers: readonly string[]) => useQuery(quotesQueryOptions(tickers));

// Sync

/** Queues a sync of one underlying from the configured provider (signed in); the chain page polls the status after it. */
export const syncMarket = (underlying: string) => api.post<SyncResponse>('/api/market/sync', { underlying });
