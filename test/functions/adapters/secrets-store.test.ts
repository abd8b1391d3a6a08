import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceExistsException,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { secretsManagerSecretStore } from '../../../functions/adapters/secrets/secret-store';

const client = new SecretsManagerClient({ region: 'us-east-1' });
const mock = mockClient(client);
const store = secretsManagerSecretStore(client);

describe('secretsManagerSecretStore', () => {
  beforeEach(() => mock.reset());

  it('creates a secret, or puts a new value when it exists', async () => {
    mock.on(CreateSecretCommand).rejectsOnce(new ResourceExistsException({ message: 'exists', $metadata: {} }));
    mock.on(PutSecretValueCommand).resolves({});
    await store.put('a/b', 'v');
    expect(mock.commandCalls(PutSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: 'a/b', SecretString: 'v' });
  });

  it('reads null for a missing secret', async () => {
    mock.on(GetSecretValueCommand).rejects(new ResourceNotFoundException({ message: 'nope', $metadata: {} }));
    expect(await store.get('missing')).toBeNull();
  });

  it('deletes at once, without a recovery window', async () => {
    mock.on(DeleteSecretCommand).resolves({});
    await store.delete('a/b');
    expect(mock.commandCalls(DeleteSecretCommand)[0]!.args[0].input).toEqual({ SecretId: 'a/b', ForceDeleteWithoutRecovery: true });
  });
});
