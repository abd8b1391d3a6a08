import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { paperApi, PortfolioView } from '@shared/paper/paper.api';
import { api, ApiError } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learner's paper account (spec part 3 §3–§9): accounts, portfolio, orders and pre-trade checks, and every change
 * to the account. The types are the paper account's HTTP contract (shared/paper/paper.api.ts), the schemas the handler
 * validates with, so the pages cannot drift from the server. Every change invalidates the whole account (portfolio,
 * orders, accounts): a fill moves cash, positions and the balance the account selector shows.
 */
type Api = typeof paperApi;
export type { PortfolioView };
export type AccountsView = ResponseOf<Api['GET /api/accounts']>;
export type AccountSummary = AccountsView['accounts'][number];
export type PortfolioPosition = PortfolioView['positions'][number];
export type AccountSettings = PortfolioView['account']['settings'];
export type Order = ResponseOf<Api['GET /api/orders']>['orders'][number];
export type OrderRequest = BodyOf<Api['POST /api/orders']>;
export type PlacedOrder = ResponseOf<Api['POST /api/orders']>;
export type PreTradeAnswer = ResponseOf<Api['POST /api/compliance/pretrade']>;
export type ComplianceCheck = PreTradeAnswer['checks'][number];
export type SettingsPatch = BodyOf<Api['PUT /api/account/settings']>;
export type StartingCapital = BodyOf<Api['POST /api/account']>['startingCapital'];
export type AccountOpening = BodyOf<Api['POST /api/account']>;
export type OrderFilter = 'open' | 'filled' | 'canceled' | 'expired' | 'all';

// Reads

export const getAccounts = () => api.get<AccountsView>('/api/accounts');
export const accountsQueryOptions = () => queryOptions({ queryKey: queryKeys.paper.accounts(), queryFn: getAccounts, staleTime: 15_000 });
export const useAccounts = (enabled = true) => useQuery({ ...accountsQueryOptions(), enabled });

/** null when the learner has not opened a paper account yet (the API answers 404). */
export async function getPortfolio(): Promise<PortfolioView | null> {
  try {
    return await api.get<PortfolioView>('/api/portfolio');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
export const portfolioQueryOptions = () => queryOptions({ queryKey: queryKeys.paper.portfolio(), queryFn: getPortfolio, staleTime: 10_000 });
export const usePortfolio = () => useQuery(portfolioQueryOptions());

export const getOrders = (status: OrderFilter) => api.get<{ orders: Order[] }>('/api/orders', status === 'all' ? undefined : { status });
export const ordersQueryOptions = (status: OrderFilter) =>
  queryOptions({ queryKey: queryKeys.paper.orders(status), queryFn: () => getOrders(status), staleTime: 5_000 });
export const useOrders = (status: OrderFilter) => useQuery(ordersQueryOptions(status));

/** The checks an order would meet, without placing it (the ticket and the builder run it as the learner edits). */
export const preTrade = (order: OrderRequest) => api.post<PreTradeAnswer>('/api/compliance/pretrade', order);

// Changes

export const placeOrder = (order: OrderRequest) => api.post<PlacedOrder>('/api/orders', order);
export const cancelOrder = (orderId: string) => api.del<ResponseOf<Api['DELETE /api/orders/{id}']>>(`/api/orders/${encodeURIComponent(orderId)}`);
/** `clientOrderId` is made when the learner confirms, so a retry of that confirmation closes once (issue 16). */
export const closePosition = ({
  symbol,
  quantity,
  clientOrderId,
  whenClosed,
}: {
  symbol: string;
  quantity?: number;
  clientOrderId: string;
  whenClosed?: 'next-session' | 'last-close';
}) =>
  api.post<ResponseOf<Api['POST /api/positions/{contract}/close']>>(`/api/positions/${encodeURIComponent(symbol)}/close`, {
    clientOrderId,
    ...(quantity ? { quantity } : {}),
    ...(whenClosed ? { whenClosed } : {}),
  });
/** A strategy's legs closed as one order; `clientOrderId` made when the learner starts the close. */
export const closeStrategy = ({ id, clientOrderId, whenClosed }: { id: string; clientOrderId: string; whenClosed?: 'next-session' | 'last-close' }) =>
  api.post<ResponseOf<Api['POST /api/strategies/{id}/close']>>(`/api/strategies/${encodeURIComponent(id)}/close`, {
    clientOrderId,
    ...(whenClosed ? { whenClosed } : {}),
  });
/** Moves a position into a strategy (existing, or new with a name), or out of any (`groupId` null). */
export const regroupPosition = ({ symbol, groupId, name }: { symbol: string; groupId: string | null; name?: string }) =>
  api.put<ResponseOf<Api['PUT /api/positions/{contract}/group']>>(`/api/positions/${encodeURIComponent(symbol)}/group`, { groupId, ...(name ? { name } : {}) });
export const exercisePosition = ({ symbol, quantity }: { symbol: string; quantity?: number }) =>
  api.post<ResponseOf<Api['POST /api/positions/{contract}/exercise']>>(`/api/positions/${encodeURIComponent(symbol)}/exercise`, quantity ? { quantity } : {});
export const updateSettings = (patch: SettingsPatch) => api.put<ResponseOf<Api['PUT /api/account/settings']>>('/api/account/settings', patch);
export const openAccount = (opening: AccountOpening) => api.post<PortfolioView>('/api/account', opening);
export const resetAccount = (startingCapital: StartingCapital) => api.post<PortfolioView>('/api/account/reset', { startingCapital });

/** A change to the account: when it succeeds, every view of the account is refetched before the mutation settles. */
function useAccountChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.paper.all }) });
}

export const usePlaceOrder = () => useAccountChange(placeOrder);
export const useCancelOrder = () => useAccountChange(cancelOrder);
export const useClosePosition = () => useAccountChange(closePosition);
export const useExercise = () => useAccountChange(exercisePosition);
export const useCloseStrategy = () => useAccountChange(closeStrategy);
export const useRegroupPosition = () => useAccountChange(regroupPosition);
export const useUpdateSettings = () => useAccountChange(updateSettings);

/** Opening or resetting answers with the new portfolio: it goes straight into the cache, and the other views refetch. */
export function useAccountMutation(kind: 'open' | 'reset') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (opening: AccountOpening) => (kind === 'open' ? openAccount(opening) : resetAccount(opening.startingCapital)),
    onSuccess: (portfolio) => {
      client.setQueryData(queryKeys.paper.portfolio(), portfolio);
      void client.invalidateQueries({ queryKey: queryKeys.paper.accounts() });
      void client.invalidateQueries({ queryKey: queryKeys.paper.orders() });
    },
  });
}
