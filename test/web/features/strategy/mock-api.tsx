import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Mock } from 'vitest';

/**
 * Stand-ins for the api modules the strategy feature reads (web/src/api/market.ts, web/src/api/paper-account.ts and
 * its own drafts): the same hooks over TanStack Query, calling mocked fetchers. Each test file creates the fetchers
 * with vi.hoisted and passes them to these factories from vi.mock.
 */
export interface MockApi {
  getTickers: Mock;
  getExpiries: Mock;
  getChain: Mock;
  getPortfolio: Mock;
  openAccount: Mock;
  preTrade: Mock;
  placeOrder: Mock;
  getDrafts: Mock;
  createDraft: Mock;
  updateDraft: Mock;
  deleteDraft: Mock;
}

export const tickersModule = (api: MockApi) => ({
  getTickers: api.getTickers,
  useTickers: () => useQuery({ queryKey: ['market', 'tickers'], queryFn: () => api.getTickers() }),
});

export const expiriesModule = (api: MockApi) => ({
  getExpiries: api.getExpiries,
  useExpiries: (u: string, enabled = true) => useQuery({ queryKey: ['market', 'expiries', u], queryFn: () => api.getExpiries(u), enabled: enabled && !!u }),
});

/** Several expiries' chains through one fetcher, as the builder reads them (byExpiry, pending, the first error). */
function useChainsThrough(key: string, u: string, expiries: readonly string[], fetch: (u: string, e: string) => Promise<unknown>) {
  const results = useQueries({ queries: expiries.map((e) => ({ queryKey: [key, 'chain', u, e], queryFn: () => fetch(u, e), enabled: !!u })) });
  const byExpiry = new Map();
  const pending = new Set<string>();
  let error: string | null = null;
  results.forEach((r, i) => {
    if (r.data) byExpiry.set(expiries[i]!, r.data);
    else if (r.isError) error ??= (r.error as Error).message;
    else if (u) pending.add(expiries[i]!);
  });
  return { byExpiry, pending, error };
}

export const chainModule = (api: MockApi) => ({
  getChain: api.getChain,
  useChains: (u: string, expiries: readonly string[]) => useChainsThrough('market', u, expiries, (x, e) => api.getChain(x, e)),
  // The real module's generic reader (api/backtest.ts reads its as-of chains through it); a test of the as-of builder mocks that module too.
  useChainsOf: () => ({ byExpiry: new Map(), pending: new Set(), error: null }),
});

/** Stand-ins for the as-of reads of web/src/api/backtest.ts (the builder as of a past session), over mocked fetchers. */
export interface AsOfApi {
  getAsOfDay: Mock;
  getAsOfChain: Mock;
}
export const asOfModule = (api: AsOfApi) => ({
  getAsOfDay: api.getAsOfDay,
  getAsOfChain: api.getAsOfChain,
  useAsOfDay: (u: string, date: string | null) => useQuery({ queryKey: ['as-of', u, date], queryFn: () => api.getAsOfDay(u, date), enabled: !!u && !!date }),
  useAsOfExpiries: (u: string, date: string | null) =>
    useQuery({
      queryKey: ['as-of', u, date],
      queryFn: () => api.getAsOfDay(u, date),
      enabled: !!u && !!date,
      select: (d: { expirations: { date: string }[] }) => ({ expiries: d.expirations.map((e) => ({ expiration_date: e.date })) }),
    }),
  useAsOfChains: (u: string, date: string | null, expiries: readonly string[]) =>
    useChainsThrough('as-of', date ? u : '', expiries, (x, e) => api.getAsOfChain(x, date, e)),
});

export const portfolioModule = (api: MockApi) => ({
  getPortfolio: api.getPortfolio,
  usePortfolio: () => useQuery({ queryKey: ['portfolio'], queryFn: () => api.getPortfolio() }),
  useAccountMutation: () => {
    const client = useQueryClient();
    return useMutation({
      mutationFn: (c: { startingCapital: number }) => api.openAccount(c.startingCapital),
      onSuccess: (p) => client.setQueryData(['portfolio'], p),
    });
  },
});

export const ordersModule = (api: MockApi) => ({
  preTrade: api.preTrade,
  placeOrder: api.placeOrder,
  usePlaceOrder: () => {
    const client = useQueryClient();
    return useMutation({ mutationFn: (o: unknown) => api.placeOrder(o), onSuccess: () => client.invalidateQueries({ queryKey: ['portfolio'] }) });
  },
});

export const marketModule = (api: MockApi) => ({ ...tickersModule(api), ...expiriesModule(api), ...chainModule(api) });

export const paperAccountModule = (api: MockApi) => ({
  ...portfolioModule(api),
  ...ordersModule(api),
  // Raising the trading level from a refused order (the builder's RaiseLevel); these tests do not raise it.
  useUpdateSettings: () => useMutation({ mutationFn: async () => ({ settings: {} }) }),
  // The account selector's list: the paper account first (chosen unless a test picks another in localStorage), and a
  // connected Alpaca paper and live account.
  useAccounts: () => ({
    data: {
      accounts: [
        { id: 'paper', name: 'Paper Trading', mode: 'paper' },
        { id: 'alpaca-paper', name: 'Alpaca Paper', mode: 'paper' },
        { id: 'alpaca-live', name: 'Alpaca Live', mode: 'live' },
      ],
      needsSetup: false,
    },
    isPending: false,
  }),
});

export const draftsModule = (api: MockApi) => {
  const useDraftMutation = (fn: (args: never) => Promise<unknown>) => {
    const client = useQueryClient();
    return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: ['drafts'] }) });
  };
  return {
    getDrafts: api.getDrafts,
    useDrafts: () => useQuery({ queryKey: ['drafts'], queryFn: () => api.getDrafts() }),
    useCreateDraft: () => useDraftMutation((body) => api.createDraft(body)),
    useUpdateDraft: () => useDraftMutation(({ id, body }: { id: string; body: unknown }) => api.updateDraft(id, body)),
    useDeleteDraft: () => useDraftMutation((id: string) => api.deleteDraft(id)),
  };
};

/** jsdom has no ResizeObserver; the chart only needs it to exist. */
export function stubResizeObserver() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
