import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { traced } from '../../commons/powertools';

/**
 * Secrets Manager behind the SecretStore port. In AWS the regional endpoint; locally the same client
 * pointed by AWS_ENDPOINT_URL_SECRETS_MANAGER at local/aws-endpoints.ts.
 */
export function secretsManagerSecretStore(client: SecretsManagerClient = traced(new SecretsManagerClient({}))): SecretStore {
  return {
    async put(name, value) {
      try {
        await client.send(new CreateSecretCommand({ Name: name, SecretString: value }));
      } catch (err) {
        if (!(err instanceof ResourceExistsException)) throw err;
        await client.send(new PutSecretValueCommand({ SecretId: name, SecretString: value }));
      }
    },
    async get(name) {
      try {
        const out = await client.send(new GetSecretValueCommand({ SecretId: name }));
        return out.SecretString ?? null;
      } catch (err) {
        if (err instanceof ResourceNotFoundException) return null;
        throw err;
      }
    },
    async delete(name) {
      try {
        // A learner removing their broker keys means now, not after a recovery window.
        await client.send(new DeleteSecretCommand({ SecretId: name, ForceDeleteWithoutRecovery: true }));
      } catch (err) {
        if (!(err instanceof ResourceNotFoundException)) throw err;
      }
    },
  };
}
