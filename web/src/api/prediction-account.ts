import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { predictionApi } from '@shared/prediction/prediction.api';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learner's demo prediction account (issue 36): play money, never mixed with the paper account. The balance, the
 * positions, the orders and the settlements; placing and canceling orders and resetting the balance. The types are the
 * area's HTTP contract (shared/prediction/prediction.api.ts). An order changes the account and the market's volume, so
 * it invalidates the whole area; a cancel changes the account only; a reset answers with the new account.
 */
type Api = typeof predictionApi;
export type DemoAccount = ResponseOf<Api['GET /api/predictions/account']>;
export type PredictionPosition = DemoAccount['positions'][number];
export type PredictionOrder = DemoAccount['openOrders'][number];
export type Settlement = DemoAccount['settlements'][number];
export type PredictionOrderBody = BodyOf<Api['POST /api/predictions/orders']>;

export const getDemoAccount = (signal?: AbortSignal) => api.get<DemoAccount>('/api/predictions/account', undefined, signal);
export const demoAccountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.prediction.account(), queryFn: ({ signal }) => getDemoAccount(signal), staleTime: 10_000 });
export const useDemoAccount = () => useQuery(demoAccountQueryOptions());

export const placePredictionOrder = (body: PredictionOrderBody) => api.post<ResponseOf<Api['POST /api/predictions/orders']>>('/api/predictions/orders', body);
export const cancelPredictionOrder = (orderId: string) =>
  api.del<ResponseOf<Api['DELETE /api/predictions/orders/{orderId}']>>(`/api/predictions/orders/${encodeURIComponent(orderId)}`);
export const resetDemoAccount = () => api.post<DemoAccount>('/api/predictions/account/reset');

export function usePlacePredictionOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: placePredictionOrder, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.prediction.all }) });
}

export function useCancelPredictionOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelPredictionOrder, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.prediction.account() }) });
}

/** The reset answers with the fresh account: it goes straight into the cache. */
export function useResetDemoAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetDemoAccount,
    onSuccess: (account) => client.setQueryData(queryKeys.prediction.account(), account),
  });
}
