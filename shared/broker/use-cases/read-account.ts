import { ok, type Result } from '../../result';
import { credentialsNotFound } from '../broker.errors';
import type { BrokerAccountInfo } from '../broker.port';
import type { BrokerEnvironment } from '../credentials-form';
import type { BrokerDeps } from './deps';

/** The account figures the last sync (or validation) stored, and when; a read: it neither calls Alpaca nor writes. */
export async function readAccount(
  deps: BrokerDeps,
  userId: string,
  environment: BrokerEnvironment,
): Promise<Result<{ environment: BrokerEnvironment; host: string; standIn: boolean; account: BrokerAccountInfo | null; syncedAt: string | null }>> {
  const link = await deps.repo.link(userId, environment);
  if (!link || !link.is_active) return credentialsNotFound();
  const account = link.account ?? null;
  return ok({ environment, ...deps.target(environment), account, syncedAt: account?.last_synced_at ?? null });
}
