import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';

export interface Quote {
  ticker: string;
  name: string;
  price: number;
  change: number;
  changePercent: number;
  asOf: string;
}

export const getQuotes = (tickers: readonly string[]) => api.get<{ quotes: Quote[] }>('/api/market/quotes', { tickers: tickers.join(',') });

/** End-of-day prices: a few minutes of staleness changes nothing. */
export const quotesQueryOptions = (tickers: readonly string[]) =>
  queryOptions({ queryKey: ['landing', 'quotes', tickers.join(',')], queryFn: () => getQuotes(tickers), staleTime: 5 * 60_000 });

export const useQuotes = (tickers: readonly string[]) => useQuery(quotesQueryOptions(tickers));
