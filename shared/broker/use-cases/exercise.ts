import { ok } from '../../result';
import type { BrokerEnvironment } from '../credentials-form';
import { logActivity, openApi, type BrokerDeps } from './deps';
import { refreshPositions } from './sync';

/** Exercises all held contracts of a long option; answers the positions synced after it. */
export async function exercise(deps: BrokerDeps, userId: string, environment: BrokerEnvironment, symbol: string) {
  const found = await openApi(deps, userId, environment);
  if (!found.ok) return found;
  const res = await found.value.api.exercise(symbol);
  if (!res.ok) {
    logActivity(deps, userId, environment, 'exercise_failed', { symbol, reason: res.error.message });
    return res;
  }
  logActivity(deps, userId, environment, 'position_exercised', { symbol });
  const positions = await refreshPositions(deps, userId, environment, found.value.api);
  return ok({ exercised: symbol, positions: positions.ok ? positions.value : [] });
}
