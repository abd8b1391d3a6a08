import { ok, type Result } from '../../result';
import { credentialsNotFound } from '../broker.errors';
import type { BrokerEnvironment } from '../credentials-form';
import { logActivity, type BrokerDeps } from './deps';

/** Deletes the key pair (its secret), the connection and what was synced under it. */
export async function deleteCredentials(deps: BrokerDeps, userId: string, environment: BrokerEnvironment): Promise<Result<{ deleted: BrokerEnvironment }>> {
  const link = await deps.repo.link(userId, environment);
  if (!link) return credentialsNotFound();
  await deps.keys.remove(userId, environment);
  await deps.repo.removeLink(userId, environment);
  logActivity(deps, userId, environment, 'credentials_deleted', { key_id: link.key_id_masked });
  return ok({ deleted: environment });
}
