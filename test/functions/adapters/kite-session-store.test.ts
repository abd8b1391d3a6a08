import { CreateSecretCommand, GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { kiteSessionStore } from '../../../functions/adapters/secrets/kite-session-store';
import { secretsManagerSecretStore } from '../../../functions/adapters/secrets/secret-store';

const client = new SecretsManagerClient({ region: 'us-east-1' });
const mock = mockClient(client);
const store = kiteSessionStore({ secrets: secretsManagerSecretStore(client), prefix: 'options-academy/dev' });
const answer = (byName: Record<string, string>) =>
  mock.on(GetSecretValueCommand).callsFake(({ SecretId }: { SecretId: string }) => {
    if (!(SecretId in byName)) throw new ResourceNotFoundException({ message: 'nope', $metadata: {} });
    return { SecretString: byName[SecretId] };
  });
const session = { accessToken: 'tok', expiresAt: '2026-12-01T00:30:00.000Z', createdAt: '2026-11-30T05:00:00.000Z', kiteUserId: 'AB1234' };

describe('the Kite keys and session in Secrets Manager', () => {
  beforeEach(() => mock.reset());

  it('reads the keys from <prefix>/kite, trimmed', async () => {
    answer({ 'options-academy/dev/kite': JSON.stringify({ apiKey: ' key1 ', apiSecret: 'secret1' }) });
    expect(await store.credentials()).toEqual({ apiKey: 'key1', apiSecret: 'secret1' });
  });

  it('counts missing, malformed and placeholder keys as not configured', async () => {
    for (const value of [
      undefined,
      'not json',
      JSON.stringify({ apiKey: 'key1' }),
      JSON.stringify({ apiKey: 'your_api_key', apiSecret: 'secret1' }),
      JSON.stringify({ apiKey: 'key1', apiSecret: '  ' }),
      JSON.stringify({ apiKey: 'demo', apiSecret: 'placeholder' }),
    ]) {
      answer(value === undefined ? {} : { 'options-academy/dev/kite': value });
      expect(await store.credentials(), String(value)).toBeNull();
    }
  });

  it('keeps the session in <prefix>/kite-session and reads it back; a malformed one is none', async () => {
    mock.on(CreateSecretCommand).resolves({});
    await store.saveSession(session);
    const put = mock.commandCalls(CreateSecretCommand)[0]!.args[0].input;
    expect(put.Name).toBe('options-academy/dev/kite-session');
    expect(JSON.parse(put.SecretString!)).toEqual(session);

    answer({ 'options-academy/dev/kite-session': put.SecretString! });
    expect(await store.session()).toEqual(session);
    answer({ 'options-academy/dev/kite-session': JSON.stringify({ ...session, accessToken: '' }) });
    expect(await store.session()).toBeNull();
    answer({});
    expect(await store.session()).toBeNull();
  });
});
