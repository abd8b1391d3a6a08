import { randomBytes } from 'node:crypto';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { simulationSecretName } from '../functions/adapters/secrets/secret-names';

/**
 * The simulated market's deployment secret on a laptop, kept in the local Secrets Manager (encrypted under the data
 * directory, local/secret-vault.ts) as the CDK keeps it in AWS: made at the first start, 48 random characters, and kept
 * across restarts, so the stored market data and what the next ingestion stores follow the same path. A value given
 * (SIMULATION_SECRET: the tests and benches give theirs) is stored instead. The value is never printed.
 */
export async function ensureSimulationSecret(store: SecretStore, prefix: string, given: string | undefined): Promise<'given' | 'kept' | 'made'> {
  return ensureDeploymentSecret(store, simulationSecretName(prefix), given);
}

/**
 * A deployment secret the CDK generates in AWS, made here at the first start (48 random characters) and kept across
 * restarts; a value given is stored instead. Used for the simulated market's key and the unsubscribe links' key.
 */
export async function ensureDeploymentSecret(store: SecretStore, name: string, given: string | undefined): Promise<'given' | 'kept' | 'made'> {
  if (given) {
    await store.put(name, given);
    return 'given';
  }
  if ((await store.get(name)) !== null) return 'kept';
  await store.put(name, randomBytes(36).toString('base64url'));
  return 'made';
}
