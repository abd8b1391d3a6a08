import { ok, type Result } from '../../result';
import { credentialsNotFound } from '../broker.errors';
import type { BrokerPositionRecord } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import type { BrokerDeps } from './deps';

/** The positions the last sync stored, and when; a read: it neither calls Alpaca nor writes. */
export async function readPositions(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
): Promise<Result<{ positions: BrokerPositionRecord[]; syncedAt: string | null }>> {
  const [link, synced] = await Promise.all([deps.repo.link(userId, environment), deps.repo.syncedPositions(userId, environment)]);
  if (!link || !link.is_active) return credentialsNotFound();
  return ok(synced);
}
