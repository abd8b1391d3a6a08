import { ok } from '../../result';
import type { BrokerEnvironment } from '../credentials-form';
import { orderRecord } from '../order-mapping';
import { logActivity, openApi, warn, type BrokerDeps } from './deps';
import { refreshOrders } from './sync';

/** Cancels an open Alpaca order; the stored orders are synced afterwards, without waiting. */
export async function cancelOrder(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, id: string) {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const { api } = found.value;
  const res = await api.cancelOrder(id);
  if (!res.ok) {
    logActivity(deps, userId, environment, 'order_cancel_failed', { order_id: id, reason: res.error.message });
    return res;
  }
  logActivity(deps, userId, environment, 'order_canceled', { order_id: id });
  const after = await api.getOrder(id);
  void refreshOrders(deps, userId, environment, api).catch((err: unknown) => warn(deps)('broker order sync failed', err));
  return after.ok ? ok({ order: orderRecord(after.value) }) : after;
}
