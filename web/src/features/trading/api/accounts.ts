import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api-client';
import type { AccountsAnswer, Portfolio } from '../lib/types';

export const getAccounts = () => api.get<AccountsAnswer>('/api/accounts');
export const accountsQueryOptions = () => queryOptions({ queryKey: ['accounts'], queryFn: getAccounts, staleTime: 15_000 });
export const useAccounts = (enabled = true) => useQuery({ ...accountsQueryOptions(), enabled });

export const openAccount = (startingCapital: number) => api.post<Portfolio>('/api/account', { startingCapital });
export const resetAccount = (startingCapital: number) => api.post<Portfolio>('/api/account/reset', { startingCapital });

/** Opening or resetting changes every paper-trading view. */
export function useAccountMutation(kind: 'open' | 'reset') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (startingCapital: number) => (kind === 'open' ? openAccount(startingCapital) : resetAccount(startingCapital)),
    onSuccess: (portfolio) => {
      client.setQueryData(['portfolio'], portfolio);
      void client.invalidateQueries({ queryKey: ['accounts'] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
