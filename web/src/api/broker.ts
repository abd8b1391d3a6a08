import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { brokerApi } from '@shared/broker/broker.api';
import type { BrokerEnvironment } from '@shared/broker/credentials-form';
import type { Order } from '@shared/trading/order';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learner's Alpaca connections (issue 21; spec part 3 §2–§9), through our API only: the key pair is sent once
 * (save) and never comes back. Account, positions and orders are read as the last sync stored them; a live screen
 * asks for a sync (POST .../sync) when it opens and every 30 s while it is visible (the spec's broker sync interval),
 * then reads again. The reads never call Alpaca or write.
 */
type Api = typeof brokerApi;
export type CredentialsList = ResponseOf<Api['GET /api/broker/credentials']>;
export type BrokerLink = CredentialsList['credentials'][number];
export type BrokerAccount = ResponseOf<Api['GET /api/broker/{environment}/account']>;
export type BrokerPosition = ResponseOf<Api['GET /api/broker/{environment}/positions']>['positions'][number];
export type BrokerOrder = ResponseOf<Api['GET /api/broker/{environment}/orders']>['orders'][number];
export type BrokerSync = ResponseOf<Api['POST /api/broker/{environment}/sync']>;
export type Validation = ResponseOf<Api['POST /api/broker/{environment}/credentials/validate']>;
export type CredentialsSave = BodyOf<Api['PUT /api/broker/{environment}/credentials']>;

/** Spec part 3 §9: the broker sync interval. */
export const BROKER_SYNC_INTERVAL_MS = 30_000;

const base = (environment: BrokerEnvironment) => `/api/broker/${environment}`;

export const useBrokerCredentials = () =>
  useQuery({ queryKey: queryKeys.broker.credentials(), queryFn: () => api.get<CredentialsList>('/api/broker/credentials'), staleTime: 10_000 });

export const useBrokerAccount = (environment: BrokerEnvironment | null) =>
  useQuery({
    queryKey: queryKeys.broker.account(environment ?? ''),
    queryFn: () => api.get<BrokerAccount>(`${base(environment!)}/account`),
    enabled: !!environment,
  });

export const useBrokerPositions = (environment: BrokerEnvironment | null) =>
  useQuery({
    queryKey: queryKeys.broker.positions(environment ?? ''),
    queryFn: () => api.get<{ positions: BrokerPosition[] }>(`${base(environment!)}/positions`),
    enabled: !!environment,
  });

export const useBrokerOrders = (environment: BrokerEnvironment | null) =>
  useQuery({
    queryKey: queryKeys.broker.orders(environment ?? ''),
    queryFn: () => api.get<{ orders: BrokerOrder[] }>(`${base(environment!)}/orders`),
    enabled: !!environment,
  });

/** The learner's Alpaca account synced into the table now (idempotent); the live screens then read it again. */
export const syncBroker = (environment: BrokerEnvironment) => api.post<BrokerSync>(`${base(environment)}/sync`);

/**
 * Syncs the account when a live screen opens and every 30 s while the page is visible (not in a hidden tab), then
 * refreshes the live screens' reads. A failed sync leaves the stored copy (and its time) on screen.
 */
export function useBrokerSync(environment: BrokerEnvironment | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!environment) return undefined;
    let stopped = false;
    const sync = () => {
      if (document.visibilityState !== 'visible') return;
      syncBroker(environment)
        .then(() => {
          if (!stopped) void client.invalidateQueries({ queryKey: queryKeys.broker.all });
        })
        .catch(() => undefined);
    };
    sync();
    const timer = setInterval(sync, BROKER_SYNC_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') sync();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [environment, client]);
}

export const saveCredentials = (environment: BrokerEnvironment, body: CredentialsSave) =>
  api.put<{ credentials: BrokerLink }>(`/api/broker/${environment}/credentials`, body);
export const validateCredentials = (environment: BrokerEnvironment) => api.post<Validation>(`/api/broker/${environment}/credentials/validate`);
export const deleteCredentials = (environment: BrokerEnvironment) => api.del<{ deleted: BrokerEnvironment }>(`/api/broker/${environment}/credentials`);
export const acknowledgeDisclosures = (environment: BrokerEnvironment, disclosures: string[]) =>
  api.post<{ credentials: BrokerLink }>(`${base(environment)}/acknowledgements`, { disclosures });

/** After any change to a connection: the connections, the accounts the selector lists, and the live screens. */
export function useBrokerRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.broker.all }), client.invalidateQueries({ queryKey: queryKeys.paper.accounts() })]);
}

export function useBrokerAction<T, V>(fn: (v: V) => Promise<T>) {
  const refresh = useBrokerRefresh();
  return useMutation({ mutationFn: fn, onSuccess: () => void refresh() });
}

/** Cancels through the one order path (DELETE /api/orders/{id} with the Alpaca account's id). */
export const cancelBrokerOrder = ({ environment, id }: { environment: BrokerEnvironment; id: string }) =>
  api.del<{ order: Order }>(`/api/orders/${encodeURIComponent(id)}?accountId=alpaca-${environment}`);
export const closeBrokerPosition = ({ environment, symbol }: { environment: BrokerEnvironment; symbol: string }) =>
  api.del<{ order: BrokerOrder }>(`${base(environment)}/positions/${encodeURIComponent(symbol)}`);
export const exerciseBrokerPosition = ({ environment, symbol }: { environment: BrokerEnvironment; symbol: string }) =>
  api.post<{ exercised: string }>(`${base(environment)}/positions/${encodeURIComponent(symbol)}/exercise`);
