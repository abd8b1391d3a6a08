import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { dataBrowserApi } from '@shared/data-browser/data-browser.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

type Api = typeof dataBrowserApi;
export type ChainsPage = ResponseOf<Api['GET /api/admin/data/{underlying}/chains']>;
export type ContractsPage = ResponseOf<Api['GET /api/admin/data/{underlying}/chains/{expiration}']>;
export type StockBarsPage = ResponseOf<Api['GET /api/admin/data/{underlying}/stock-bars']>;
export type OptionBarsPage = ResponseOf<Api['GET /api/admin/data/{underlying}/option-bars']>;
export type SummariesPage = ResponseOf<Api['GET /api/admin/data/{underlying}/summaries']>;
export type HistorySeries = ResponseOf<Api['GET /api/admin/data/{underlying}/history']>;

/** The tables an operator browses, as the routes name them. */
export type DataTable = 'stock-bars' | 'option-bars' | 'chains' | 'summaries';

export interface PageQuery {
  from: string;
  to: string;
  limit: number;
  cursor?: string | undefined;
  contract?: string | undefined;
}

type Query = Record<string, string | number | undefined>;
const path = (underlying: string, rest: string) => `/api/admin/data/${encodeURIComponent(underlying)}/${rest}`;
/** A page stays on screen while the next one loads, so Next and Previous do not flash an empty table. */
const useRead = <T>(p: string, query: Query, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.admin.data(p, query), queryFn: () => api.get<T>(p, query), enabled, placeholderData: keepPreviousData, staleTime: 30_000 });

export const useTablePage = (underlying: string, table: DataTable, q: PageQuery | null) =>
  useRead<ChainsPage | StockBarsPage | OptionBarsPage | SummariesPage>(path(underlying, table), { ...q }, q !== null && !!underlying);

export const useChainContracts = (underlying: string, expiration: string | null, q: { limit: number; cursor?: string | undefined }) =>
  useRead<ContractsPage>(path(underlying, `chains/${expiration ?? ''}`), { ...q }, expiration !== null && !!underlying);

export const useHistory = (underlying: string, q: { from: string; to: string; contract?: string | undefined } | null) =>
  useRead<HistorySeries>(path(underlying, 'history'), { ...q }, q !== null && !!underlying);
