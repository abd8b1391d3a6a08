import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderRequest } from '@shared/paper/types';
import { api } from '@web/lib/api-client';
import type { ComplianceCheck, Order, PreTradeAnswer } from '../lib/types';

/** The checks the order will meet, without placing it. */
export const preTrade = (order: OrderRequest) => api.post<PreTradeAnswer>('/api/compliance/pretrade', order);

export const placeOrder = (order: OrderRequest) => api.post<{ order: Order; checks: ComplianceCheck[] }>('/api/orders', order);

export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: () => Promise.all(['portfolio', 'orders', 'accounts'].map((k) => client.invalidateQueries({ queryKey: [k] }))),
  });
}
