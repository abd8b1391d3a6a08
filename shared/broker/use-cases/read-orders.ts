import { ok, type Result } from '../../result';
import { credentialsNotFound } from '../broker.errors';
import type { BrokerOrderRecord } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import type { BrokerDeps } from './deps';

/** The orders the last sync stored (the 100 newest), and when; a read: it neither calls Alpaca nor writes. */
export async function readOrders(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
): Promise<Result<{ orders: BrokerOrderRecord[]; syncedAt: string | null }>> {
  const [link, synced] = await Promise.all([deps.repo.link(userId, environment), deps.repo.syncedOrders(userId, environment)]);
  if (!link || !link.is_active) return credentialsNotFound();
  return ok(synced);
}
