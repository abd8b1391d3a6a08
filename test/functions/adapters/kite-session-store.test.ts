import { describe, expect, it } from 'vitest';
import { secretsKiteSessionStore } from '../../../functions/adapters/secrets/kite-session-store';
import type { SecretStore } from '@shared/ports/secret-store.port';

function memorySecrets(init: Record<string, string> = {}): SecretStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(init));
  return {
    values,
    put: async (n, v) => void values.set(n, v),
    get: async (n) => values.get(n) ?? null,
    delete: async (n) => void values.delete(n),
  };
}

const PREFIX = 'options-academy/dev';
const SESSION = { accessToken: 'tok', expiresAt: '2026-12-01T00:30:00.000Z', createdAt: '2026-11-30T03:00:00.000Z', kiteUserId: 'AB1234' };

describe('the Kite session store on Secrets Manager', () => {
  it('reads the keys from <prefix>/kite and the login from <prefix>/kite-session, and saves a login there', async () => {
    const secrets = memorySecrets({ [`${PREFIX}/kite`]: JSON.stringify({ apiKey: 'key1', apiSecret: 'secret1' }) });
    const store = secretsKiteSessionStore(secrets, PREFIX);
    expect(await store.credentials()).toEqual({ apiKey: 'key1', apiSecret: 'secret1' });
    expect(await store.session()).toBeNull();
    await store.saveSession(SESSION);
    expect(JSON.parse(secrets.values.get(`${PREFIX}/kite-session`)!)).toEqual(SESSION);
    expect(await store.session()).toEqual(SESSION);
  });

  it('counts missing, unreadable and placeholder keys as none: the feed is then not configured', async () => {
    for (const value of [undefined, 'not json', '{"apiKey":"key1"}', '{"apiKey":"changeme","apiSecret":"x"}', '{"apiKey":"k","apiSecret":"  "}']) {
      const secrets = memorySecrets(value === undefined ? {} : { [`${PREFIX}/kite`]: value });
      expect(await secretsKiteSessionStore(secrets, PREFIX).credentials(), String(value)).toBeNull();
    }
    const broken = memorySecrets({ [`${PREFIX}/kite-session`]: '{"accessToken":""}' });
    expect(await secretsKiteSessionStore(broken, PREFIX).session()).toBeNull();
  });
});
