import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';
import { waitFor } from '../support/local-stack';

const stack = inject('stack');
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${stack.url}${path}`, { headers });
const json = async (path: string) => (await get(path)).json();
const CONTRACT_FIELDS = [
  'contract_ticker',
  'underlying_ticker',
  'contract_type',
  'strike_price',
  'expiration_date',
  'bid',
  'ask',
  'last',
  'mark',
  'volume',
  'open_interest',
  'implied_volatility',
  'delta',
  'gamma',
  'theta',
  'vega',
  'rho',
  'intrinsic_value',
  'time_value',
  'bid_ask_spread',
  'last_trade_timestamp',
];

beforeAll(async () => {
  // The stack fills the market at start; wait for that first run to be stored.
  await waitFor(
    () => json('/api/market/status'),
    (s) => s.lastSync !== null,
    60_000,
    'the first market ingestion',
  );
});

describe('the market API', () => {
  it('reports the data source: demo from the simulated market when no provider is configured', async () => {
    const status = await json('/api/market/status');
    expect(status).toMatchObject({ source: 'demo', provider: 'simulated', configured: false });
    expect(status.reason).toBeTruthy();
  });

  it('lists tickers sorted by ticker, searchable by symbol or name', async () => {
    const all = await json('/api/market/tickers');
    const symbols = all.tickers.map((t: { ticker: string }) => t.ticker);
    expect(symbols).toEqual([...symbols].sort());
    expect(symbols).toEqual(expect.arrayContaining(['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'MSFT', 'AMZN', 'GOOGL']));
    const spy = all.tickers.find((t: { ticker: string }) => t.ticker === 'SPY');
    expect(spy).toMatchObject({ name: 'SPDR S&P 500 ETF Trust', is_active: true });
    expect(spy.current_price).toBeGreaterThan(0);
    expect((await json('/api/market/tickers?q=tesla')).tickers.map((t: { ticker: string }) => t.ticker)).toEqual(['TSLA']);
  });

  it('lists expiries by date with their type, and filters by type', async () => {
    const { expiries, source } = await json('/api/market/SPY/expiries');
    expect(source).toBe('demo');
    const dates = expiries.map((e: { expiration_date: string }) => e.expiration_date);
    expect(dates).toEqual([...dates].sort());
    expect([...new Set(expiries.map((e: { expiry_type: string }) => e.expiry_type))]).toEqual(
      expect.arrayContaining(['Daily', 'Weekly', 'Monthly', 'Quarterly', 'LEAPS']),
    );
    const monthly = await json('/api/market/SPY/expiries?type=Monthly');
    expect(monthly.expiries.length).toBeGreaterThan(5);
    expect(monthly.expiries.every((e: { expiry_type: string }) => e.expiry_type === 'Monthly')).toBe(true);
  });

  it('serves a whole chain with every field of the spec, cacheable with an ETag', async () => {
    const { expiries } = await json('/api/market/SPY/expiries?type=Weekly');
    const expiry = expiries[0].expiration_date;
    const res = await get(`/api/market/SPY/chain?expiry=${expiry}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
    const etag = res.headers.get('etag')!;
    const chain = await res.json();
    expect(chain.underlying.ticker).toBe('SPY');
    expect(chain.underlying.price).toBeGreaterThan(0);
    expect(chain.underlying.asOf).toMatch(/Z$/);
    expect(chain).toMatchObject({ source: 'demo', expiration_date: expiry, expiry_type: 'Weekly' });
    expect(chain.contracts.length).toBeGreaterThan(100);
    for (const field of CONTRACT_FIELDS) expect(chain.contracts[0]).toHaveProperty(field);

    const again = await get(`/api/market/SPY/chain?expiry=${expiry}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('gives 14 days of history by default for an underlying and a contract', async () => {
    const history = await json('/api/market/AAPL/history');
    expect(history.bars.length).toBeGreaterThanOrEqual(8);
    expect(history.bars.length).toBeLessThanOrEqual(11);
    const { expiries } = await json('/api/market/AAPL/expiries');
    const chain = await json(`/api/market/AAPL/chain?expiry=${expiries[1].expiration_date}`);
    const contract = chain.contracts[Math.floor(chain.contracts.length / 2)].contract_ticker;
    const contractHistory = await json(`/api/market/contracts/${contract}/history?days=7`);
    expect(contractHistory.contract).toBe(contract);
    expect(contractHistory.bars.length).toBeGreaterThan(0);
  });

  it('stores history with expiresAt 30 days after its date, so DynamoDB TTL enforces retention', async () => {
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } }),
    );
    const out = await db.send(
      new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'HIST#SPY' } }),
    );
    expect(out.Items!.length).toBeGreaterThan(5);
    for (const item of out.Items!) expect(item.expiresAt).toBe(Date.parse(`${item.SK}T00:00:00Z`) / 1000 + 30 * 86400);
  });

  it('answers bad input with 400 and the reason, and unknown things with 404', async () => {
    const cases: [string, number, string][] = [
      ['/api/market/SPY/chain?expiry=2026-02-30', 400, 'Expiry in the query: must be a date in the form YYYY-MM-DD'],
      ['/api/market/SPY/chain', 400, 'Expiry in the query: is required: a date in the form YYYY-MM-DD'],
      ['/api/market/SPY/chain?expiry=2099-01-03', 404, 'No SPY options expire on 2099-01-03'],
      ['/api/market/ZZZZ/chain?expiry=2030-01-18', 404, 'Unknown underlying: ZZZZ'],
      ['/api/market/SP%20Y/expiries', 400, 'Underlying in the address: must be a ticker symbol such as SPY'],
      ['/api/market/SPY/expiries?type=Yearly', 400, 'Type in the query: must be one of 0DTE, Daily, Weekly, Monthly, Quarterly, LEAPS'],
      ['/api/market/SPY/history?days=0', 400, 'Days in the query: must be at least 1'],
      ['/api/market/SPY/history?days=ten', 400, 'Days in the query'],
      ['/api/market/contracts/SPY123/history', 400, 'Contract in the address: must be an OCC option symbol'],
      ['/api/market/tickers?q=' + 'x'.repeat(41), 400, 'Search in the query: search at most 40 characters'],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect((await res.json()).error, path).toContain(message);
    }
  });

  it('refuses Sync Data when no provider is configured, and without sign-in', async () => {
    expect((await fetch(`${stack.url}/api/market/sync`, { method: 'POST', body: '{"underlying":"SPY"}' })).status).toBe(401);
    const user = await signUpAndSignIn(stack);
    const res = await fetch(`${stack.url}/api/market/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: '{"underlying":"SPY"}',
    });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toContain('No market-data provider is configured');
  });
});

describe('the admin market operations', () => {
  it('are for the admin group only: stats, cleanup and a manual run through the event bus', async () => {
    const learner = await signUpAndSignIn(stack);
    const asLearner = await fetch(`${stack.url}/api/admin/market/stats`, { headers: { authorization: `Bearer ${learner.idToken}` } });
    expect(asLearner.status).toBe(403);

    const admin = await signUpAndSignIn(stack, { name: 'Operator' });
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: admin.email, GroupName: 'admin' }));
    const { idToken } = await signIn(stack, admin.email, admin.password);
    const auth = { authorization: `Bearer ${idToken}` };

    const stats = await (await fetch(`${stack.url}/api/admin/market/stats`, { headers: auth })).json();
    const byKind = Object.fromEntries(stats.kinds.map((k: { kind: string }) => [k.kind, k]));
    expect(byKind.chain.count).toBeGreaterThan(100);
    expect(byKind['stock'].count).toBeGreaterThan(50);
    expect(byKind['option'].count).toBeGreaterThan(100);
    expect(byKind['stock'].oldest <= byKind['stock'].newest).toBe(true);
    expect(stats.retentionDays).toBe(30);

    const cleanup = await fetch(`${stack.url}/api/admin/market/cleanup`, { method: 'POST', headers: auth });
    expect(cleanup.status).toBe(200);
    expect((await cleanup.json()).deleted).toEqual({ bars: expect.any(Number), chains: expect.any(Number), expiries: expect.any(Number) });

    const before = (await json('/api/market/status')).lastSync;
    const run = await fetch(`${stack.url}/api/admin/market/ingest`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"underlyings":["SPY"]}',
    });
    expect(run.status).toBe(202);
    await expect.poll(async () => (await json('/api/market/status')).lastSync, { timeout: 30_000, interval: 500 }).not.toBe(before);
  });
});
