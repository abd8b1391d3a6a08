import { fail, ok } from '../../result';
import { WHOLE_CONTRACTS } from '../broker.errors';
import type { BrokerEnvironment } from '../credentials-form';
import { orderRecord } from '../order-mapping';
import { logActivity, openApi, warn, type BrokerDeps } from './deps';
import { refreshPositions } from './sync';

/** Closes all of a position, or qty contracts of it, with a market order; the stored positions are synced afterwards. */
export async function closePosition(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, symbol: string, qty?: number) {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  if (qty !== undefined && !(Number.isInteger(qty) && qty > 0)) return fail('bad_request', WHOLE_CONTRACTS);
  const res = await found.value.api.closePosition(symbol, qty);
  if (!res.ok) {
    logActivity(deps, userId, environment, 'position_close_failed', { symbol, reason: res.error.message });
    return res;
  }
  logActivity(deps, userId, environment, 'position_closed', { symbol, qty: qty ?? 'all', order_id: res.value.id });
  await refreshPositions(deps, userId, environment, found.value.api).catch((err: unknown) => warn(deps)('broker position sync failed', err));
  return ok({ order: orderRecord(res.value) });
}
