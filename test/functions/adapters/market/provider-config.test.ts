import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isPlaceholderApiKey,
  PLACEHOLDER_API_KEYS,
  resolveProviderConfig,
  selectProvider,
  type ProviderConfig,
} from '../../../../functions/adapters/market/provider-config';
import type { MarketDataProvider } from '@shared/market/market-data.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { startFakePolygonServer, type FakePolygonServer } from '../../../support/fake-polygon-server';

const REAL_KEY = 'pk_live_4f8a2c1e9b7d6a5f3e2d1c0b';

function memorySecrets(values: Record<string, string> = {}) {
  const reads: string[] = [];
  const store: SecretStore = {
    async put(name, value) {
      values[name] = value;
    },
    async get(name) {
      reads.push(name);
      return values[name] ?? null;
    },
    async delete(name) {
      delete values[name];
    },
  };
  return { store, reads };
}

const simulated: MarketDataProvider = {
  name: 'simulated',
  source: 'demo',
  pacing: { betweenUnderlyingsMs: 0, betweenContractsMs: 0 },
  listContracts: async () => [],
  chainSnapshot: async () => ({ underlyingPrice: null, asOf: '2026-01-05T15:00:00.000Z', quotes: [] }),
  dailyBars: async () => [],
  previousClose: async () => null,
};

const notConfigured = (config: ProviderConfig): string => {
  if (config.configured) throw new Error('expected not configured');
  return config.reason;
};

describe('resolveProviderConfig', () => {
  it('is configured from POLYGON_API_KEY, on the default base URL', async () => {
    expect(await resolveProviderConfig({ env: { POLYGON_API_KEY: ` ${REAL_KEY} ` } })).toEqual({
      configured: true,
      provider: 'polygon',
      apiKey: REAL_KEY,
      baseUrl: 'https://api.polygon.io',
    });
  });

  it('reads a raw key from the secret named by POLYGON_SECRET_NAME', async () => {
    const { store } = memorySecrets({ 'academy/polygon': `${REAL_KEY}\n` });
    const config = await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 'academy/polygon' }, secrets: store });
    expect(config).toMatchObject({ configured: true, apiKey: REAL_KEY });
  });

  it('reads {"apiKey": ...} JSON from the secret', async () => {
    const { store } = memorySecrets({ 'academy/polygon': JSON.stringify({ apiKey: REAL_KEY, note: 'rotated monthly' }) });
    const config = await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 'academy/polygon' }, secrets: store });
    expect(config).toMatchObject({ configured: true, apiKey: REAL_KEY });
  });

  it('prefers the environment key and then does not read the secret', async () => {
    const { store, reads } = memorySecrets({ 'academy/polygon': 'other-real-key-123456' });
    const config = await resolveProviderConfig({ env: { POLYGON_API_KEY: REAL_KEY, POLYGON_SECRET_NAME: 'academy/polygon' }, secrets: store });
    expect(config).toMatchObject({ configured: true, apiKey: REAL_KEY });
    expect(reads).toEqual([]);
  });

  it("reads the secret when the environment holds only a template's placeholder", async () => {
    const { store } = memorySecrets({ 'academy/polygon': REAL_KEY });
    const config = await resolveProviderConfig({ env: { POLYGON_API_KEY: 'your_polygon_api_key', POLYGON_SECRET_NAME: 'academy/polygon' }, secrets: store });
    expect(config).toMatchObject({ configured: true, apiKey: REAL_KEY });
  });

  it('is not configured without any key', async () => {
    expect(notConfigured(await resolveProviderConfig({ env: {} }))).toMatch(/No market-data API key/);
  });

  it.each([...PLACEHOLDER_API_KEYS, 'DEMO', ' your_api_key ', '', '   '])('treats %j in POLYGON_API_KEY as not configured', async (key) => {
    const reason = notConfigured(await resolveProviderConfig({ env: { POLYGON_API_KEY: key } }));
    expect(reason).toMatch(/placeholder|No market-data API key/);
  });

  it.each([...PLACEHOLDER_API_KEYS, JSON.stringify({ apiKey: 'YOUR_API_KEY' }), '  '])('treats the secret value %j as not configured', async (value) => {
    const { store } = memorySecrets({ s: value });
    const reason = notConfigured(await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 's' }, secrets: store }));
    expect(reason).toMatch(/placeholder|No market-data API key/);
  });

  it('knows the placeholders in one list, case-insensitively', () => {
    expect(PLACEHOLDER_API_KEYS).toEqual(expect.arrayContaining(['your_polygon_api_key', 'YOUR_API_KEY', 'demo', 'placeholder']));
    expect(isPlaceholderApiKey('Placeholder')).toBe(true);
    expect(isPlaceholderApiKey(undefined)).toBe(true);
    expect(isPlaceholderApiKey(REAL_KEY)).toBe(false);
  });

  it('is not configured when the named secret does not exist', async () => {
    const { store } = memorySecrets();
    expect(notConfigured(await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 'missing' }, secrets: store }))).toMatch(/"missing" does not exist/);
  });

  it('is not configured when the secret cannot be read, without saying more than the error kind', async () => {
    const store: SecretStore = {
      put: async () => undefined,
      delete: async () => undefined,
      get: async () => {
        throw Object.assign(new Error('AccessDenied for arn:aws:secretsmanager:...'), { name: 'AccessDeniedException' });
      },
    };
    const reason = notConfigured(await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 's' }, secrets: store }));
    expect(reason).toBe('The market-data secret "s" could not be read (AccessDeniedException).');
  });

  it('is not configured when a secret is named but no store is given', async () => {
    expect(notConfigured(await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 's' } }))).toMatch(/no secret store/);
  });

  it.each(['{"key": "abc"}', '{not json'])('is not configured when the secret is JSON without an apiKey: %j', async (value) => {
    const { store } = memorySecrets({ s: value });
    expect(notConfigured(await resolveProviderConfig({ env: { POLYGON_SECRET_NAME: 's' }, secrets: store }))).toMatch(/neither a key nor JSON/);
  });

  it.each(['false', '0', 'off', 'OFF', ' False '])('is not configured when MARKET_REALTIME is %j, even with a real key', async (flag) => {
    const { store, reads } = memorySecrets({ s: REAL_KEY });
    const config = await resolveProviderConfig({ env: { POLYGON_API_KEY: REAL_KEY, POLYGON_SECRET_NAME: 's', MARKET_REALTIME: flag }, secrets: store });
    expect(notConfigured(config)).toMatch(/Real-time market data is turned off/);
    expect(reads).toEqual([]);
  });

  it.each(['true', '1', 'on', ''])('stays configured when MARKET_REALTIME is %j', async (flag) => {
    expect(await resolveProviderConfig({ env: { POLYGON_API_KEY: REAL_KEY, MARKET_REALTIME: flag } })).toMatchObject({ configured: true });
  });

  it('takes the base URL from POLYGON_BASE_URL, without a trailing slash', async () => {
    const config = await resolveProviderConfig({ env: { POLYGON_API_KEY: REAL_KEY, POLYGON_BASE_URL: 'http://127.0.0.1:4010/' } });
    expect(config).toMatchObject({ configured: true, baseUrl: 'http://127.0.0.1:4010' });
  });

  it.each(['not a url', 'ftp://example.com'])('is not configured with POLYGON_BASE_URL %j', async (url) => {
    expect(notConfigured(await resolveProviderConfig({ env: { POLYGON_API_KEY: REAL_KEY, POLYGON_BASE_URL: url } }))).toMatch(/POLYGON_BASE_URL/);
  });

  it('never puts the key in a reason', async () => {
    const reason = notConfigured(await resolveProviderConfig({ env: { POLYGON_API_KEY: REAL_KEY, MARKET_REALTIME: 'off' } }));
    expect(reason).not.toContain(REAL_KEY);
  });
});

describe('selectProvider', () => {
  let server: FakePolygonServer;

  beforeAll(async () => {
    server = await startFakePolygonServer({ contracts: { SPY: 10 } });
  });

  afterAll(async () => {
    await server.close();
  });

  it('chooses the simulated market with the reason when not configured', () => {
    const selection = selectProvider({ configured: false, reason: 'No market-data API key is configured.' }, simulated);
    expect(selection.provider).toBe(simulated);
    expect(selection.reason).toBe('No market-data API key is configured.');
  });

  it('chooses the live provider, pointed at the configured base URL, when configured', async () => {
    server.setPrevClose('SPY', 601.5);
    const config = await resolveProviderConfig({ env: { POLYGON_API_KEY: server.apiKey, POLYGON_BASE_URL: server.baseUrl } });
    const selection = selectProvider(config, simulated);

    expect(selection.reason).toBeNull();
    expect(selection.provider).toMatchObject({ name: 'polygon', source: 'live' });
    expect(await selection.provider.previousClose('SPY')).toBe(601.5);
    expect(server.requests.at(-1)).toMatchObject({ path: '/v2/aggs/ticker/SPY/prev', query: { apiKey: server.apiKey } });
  });
});
