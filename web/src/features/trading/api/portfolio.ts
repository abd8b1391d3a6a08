import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@web/lib/api-client';
import type { AccountSettings, Portfolio } from '../lib/types';

/** null when the learner has not opened a paper account yet (the API answers 404). */
export async function getPortfolio(): Promise<Portfolio | null> {
  try {
    return await api.get<Portfolio>('/api/portfolio');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const portfolioQueryOptions = () => queryOptions({ queryKey: ['portfolio'], queryFn: getPortfolio, staleTime: 10_000 });
export const usePortfolio = () => useQuery(portfolioQueryOptions());

function useInvalidateTrading() {
  const client = useQueryClient();
  return () => Promise.all(['portfolio', 'orders', 'accounts'].map((k) => client.invalidateQueries({ queryKey: [k] })));
}

export function useClosePosition() {
  const invalidate = useInvalidateTrading();
  return useMutation({
    mutationFn: ({ symbol, quantity }: { symbol: string; quantity?: number }) =>
      api.post(`/api/positions/${encodeURIComponent(symbol)}/close`, quantity ? { quantity } : {}),
    onSuccess: invalidate,
  });
}

export function useExercise() {
  const invalidate = useInvalidateTrading();
  return useMutation({
    mutationFn: ({ symbol, quantity }: { symbol: string; quantity?: number }) =>
      api.post<{ activity: { text: string } }>(`/api/positions/${encodeURIComponent(symbol)}/exercise`, quantity ? { quantity } : {}),
    onSuccess: invalidate,
  });
}

export function useUpdateSettings() {
  const invalidate = useInvalidateTrading();
  return useMutation({
    mutationFn: (patch: Partial<AccountSettings>) => api.put<{ settings: AccountSettings }>('/api/account/settings', patch),
    onSuccess: invalidate,
  });
}
