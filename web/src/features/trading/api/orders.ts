import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderRequest } from '@shared/paper/types';
import { api } from '@web/lib/api-client';
import type { ComplianceCheck, Order } from '../lib/types';

export type OrderFilter = 'open' | 'filled' | 'canceled' | 'expired' | 'all';

export const getOrders = (status: OrderFilter) => api.get<{ orders: Order[] }>('/api/orders', status === 'all' ? undefined : { status });
export const ordersQueryOptions = (status: OrderFilter) => queryOptions({ queryKey: ['orders', status], queryFn: () => getOrders(status), staleTime: 5_000 });
export const useOrders = (status: OrderFilter) => useQuery(ordersQueryOptions(status));

export const preTrade = (order: OrderRequest) => api.post<{ canProceed: boolean; checks: ComplianceCheck[] }>('/api/compliance/pretrade', order);

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: OrderRequest) => api.post<{ order: Order; checks: ComplianceCheck[] }>('/api/orders', order),
    onSuccess: () => Promise.all(['portfolio', 'orders', 'accounts'].map((k) => client.invalidateQueries({ queryKey: [k] }))),
  });
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api.del<{ order: Order }>(`/api/orders/${orderId}`),
    onSuccess: () => Promise.all(['portfolio', 'orders'].map((k) => client.invalidateQueries({ queryKey: [k] }))),
  });
}
