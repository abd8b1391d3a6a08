import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import type { Portfolio } from '../lib/types';

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

export const openAccount = (startingCapital: number) => api.post<Portfolio>('/api/account', { startingCapital });

export function useOpenAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openAccount,
    onSuccess: (portfolio) => {
      client.setQueryData(['portfolio'], portfolio);
      void client.invalidateQueries({ queryKey: ['accounts'] });
    },
  });
}
