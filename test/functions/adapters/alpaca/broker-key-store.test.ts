import {
  CreateSecretCommand,
  DeleteSecretCommand,
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { secretsBrokerKeyStore } from '../../../../functions/adapters/alpaca/broker-key-store';
import { secretsManagerSecretStore } from '../../../../functions/adapters/secrets/secret-store';

const client = new SecretsManagerClient({ region: 'us-east-1' });
const mock = mockClient(client);
const store = secretsBrokerKeyStore(secretsManagerSecretStore(client), 'options-academy/test');
const keys = { apiKey: 'PKABCDEFGHIJKLMNOPQRS', apiSecret: 'x'.repeat(40) };

describe('the broker key store over Secrets Manager', () => {
  beforeEach(() => mock.reset());

  it('keeps one secret per learner and environment under the broker prefix', async () => {
    mock.on(CreateSecretCommand).resolves({});
    await store.save('user-1', 'paper', keys);
    expect(mock.commandCalls(CreateSecretCommand)[0]!.args[0].input).toEqual({
      Name: 'options-academy/test/broker/user-1/paper',
      SecretString: JSON.stringify(keys),
    });
  });

  it('reads the key pair back, and null when there is none', async () => {
    mock.on(GetSecretValueCommand, { SecretId: 'options-academy/test/broker/user-1/live' }).resolves({ SecretString: JSON.stringify(keys) });
    mock
      .on(GetSecretValueCommand, { SecretId: 'options-academy/test/broker/user-2/live' })
      .rejects(new ResourceNotFoundException({ message: 'no', $metadata: {} }));
    expect(await store.load('user-1', 'live')).toEqual(keys);
    expect(await store.load('user-2', 'live')).toBeNull();
  });

  it("says 'Failed to decrypt Alpaca credentials' for a secret that does not read back", async () => {
    mock.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ apiKey: 'PK' }) });
    await expect(store.load('user-1', 'paper')).rejects.toThrow('Failed to decrypt Alpaca credentials');
  });

  it('deletes the secret at once', async () => {
    mock.on(DeleteSecretCommand).resolves({});
    await store.remove('user-1', 'paper');
    expect(mock.commandCalls(DeleteSecretCommand)[0]!.args[0].input).toEqual({
      SecretId: 'options-academy/test/broker/user-1/paper',
      ForceDeleteWithoutRecovery: true,
    });
  });
});
