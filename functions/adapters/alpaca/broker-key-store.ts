import { z } from 'zod';
import type { BrokerKeyStore } from '@shared/broker/broker.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { brokerSecretsPrefix } from '../secrets/secret-names';

/**
 * A learner's Alpaca key pair in Secrets Manager: one secret per learner and environment, named
 * `<prefix>/broker/<user id>/<environment>` (the grant of the brokerage function covers that prefix only), KMS-encrypted
 * at rest by Secrets Manager; locally the stand-in endpoint encrypts it with AES-256-GCM. The value is read only to call
 * Alpaca.
 */
const Stored = z.object({ apiKey: z.string(), apiSecret: z.string() });

export const brokerSecretName = (prefix: string, userId: string, environment: string): string => `${brokerSecretsPrefix(prefix)}${userId}/${environment}`;

export function secretsBrokerKeyStore(secrets: SecretStore, prefix: string): BrokerKeyStore {
  return {
    save: (userId, environment, credentials) => secrets.put(brokerSecretName(prefix, userId, environment), JSON.stringify(Stored.parse(credentials))),
    async load(userId, environment) {
      const value = await secrets.get(brokerSecretName(prefix, userId, environment));
      if (value === null) return null;
      const parsed = Stored.safeParse(JSON.parse(value));
      // Spec part 3 §8 'Failed to decrypt Alpaca credentials': a secret that does not read back is an error, not absent keys.
      if (!parsed.success) throw new Error('Failed to decrypt Alpaca credentials');
      return parsed.data;
    },
    remove: (userId, environment) => secrets.delete(brokerSecretName(prefix, userId, environment)),
  };
}
