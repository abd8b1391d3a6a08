import { ok } from '../../result';
import type { BrokerEnvironment } from '../credentials-form';
import { orderRecord } from '../order-mapping';
import { openApi, type BrokerDeps } from './deps';

/** One Alpaca order as Alpaca has it now (asked of Alpaca; nothing is stored). */
export async function readOrder(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, id: string) {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const res = await found.value.api.getOrder(id);
  return res.ok ? ok({ order: orderRecord(res.value) }) : res;
}
