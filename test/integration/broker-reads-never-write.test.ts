import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { learner, monthlyChain, newKey } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';

/**
 * Reads change nothing (issue 31): a learner who holds paper and live (Alpaca stand-in) orders and positions sends
 * every GET route of functions/routes.ts, with the path parameters filled with their own ids, and every item of the
 * table is the same afterwards. A stack of its own, so no other test file writes meanwhile.
 *
 * Left out of the comparison, and only these: items that are no learner's and that the stack's background jobs write
 * on their own schedule (the market-data ingestion's chains, expiries, tickers and daily summaries under `MARKET`,
 * `CHAIN#`, `EXPIRY#`, `EXP#`, `TICKERS` and `SUM#`, and the job runs under `JOBRUN#`).
 */
const BACKGROUND = /^(MARKET|CHAIN#|EXPIRY#|EXP#|TICKERS|SUM#|JOBRUN#)/;

let stack: SpawnedStack;
let db: DynamoDBDocumentClient;
beforeAll(async () => {
  stack = await spawnLocalStack({ dataDir: newDataDir('reads') });
  // The start-up ingestion stores the chains the orders trade (slower on a busy machine than monthlyChain waits).
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s: { lastSync: string | null }) => s.lastSync !== null,
    240_000,
    'market data',
  );
  db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
}, 420_000);
afterAll(() => stack?.stop());

/** A full copy of every item of the table (a test-only Scan), keyed by PK and SK, background items left out. */
async function everyItem(): Promise<Map<string, string>> {
  const items = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: stack.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      if (BACKGROUND.test(String(item.PK))) continue;
      items.set(`${String(item.PK)} | ${String(item.SK)}`, JSON.stringify(item, Object.keys(item).sort()));
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** The items that differ between two copies: added, removed or changed. */
function changes(before: Map<string, string>, after: Map<string, string>) {
  const out: { key: string; before: string | undefined; after: string | undefined }[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()]))
    if (before.get(key) !== after.get(key)) out.push({ key, before: before.get(key), after: after.get(key) });
  return out;
}

describe('every GET route with a learner holding paper and live orders and positions', () => {
  it('leaves every item of the table unchanged', async () => {
    const chain = await monthlyChain(stack, 'SPY');
    const atm = chain.nearest('call', chain.price);
    const otm = chain.nearest('call', chain.price * 1.03);
    const { call, user } = await learner(stack, 100_000);
    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const order = (contract: string, extra: Record<string, unknown> = {}) => ({
      clientOrderId: newKey(),
      type: 'market',
      timeInForce: 'day',
      whenClosed: 'last-close',
      legs: [{ contract, side: 'buy', quantity: 1 }],
      ...extra,
    });

    // Paper: a filled order (a position) and a resting limit.
    const paperFill = await ok('POST', '/api/orders', order(atm.contract_ticker));
    await ok('POST', '/api/orders', order(otm.contract_ticker, { type: 'limit', limitPrice: 0.01 }));
    // Live, through the Alpaca stand-in: keys, validation, disclosures, a filled order and a resting one, then a sync.
    await ok('PUT', '/api/broker/paper/credentials', {
      apiKey: 'PKREADSNEVERWRITE0123',
      apiSecret: 'readsNeverWriteSecret0123456789abcdefghij',
      optionsTradingLevel: 3,
    });
    expect((await ok('POST', '/api/broker/paper/credentials/validate')).valid).toBe(true);
    await ok('POST', '/api/broker/paper/acknowledgements', { disclosures: ['options_risk', 'pdt_rules'] });
    const liveFill = await ok('POST', '/api/orders', { ...order(atm.contract_ticker), accountId: 'alpaca-paper', strategy: 'Long Call' });
    const resting = await ok('POST', '/api/orders', { ...order(otm.contract_ticker, { type: 'limit', limitPrice: 0.01 }), accountId: 'alpaca-paper' });
    expect(resting.order.status).toBe('open');
    // Canceled through the one order path: with no live order still open, the scheduled broker sync (a job that writes
    // the learner's synced items during market hours) has nothing to do while the copies are compared.
    expect((await ok('DELETE', `/api/orders/${resting.order.orderId}?accountId=alpaca-paper`)).order.status).toBe('canceled');
    const synced = await ok('POST', '/api/broker/paper/sync');
    expect(synced.positions.length).toBeGreaterThan(0);
    expect(synced.orders.map((o: { status: string }) => o.status)).toEqual(['canceled', 'filled']);
    const liveOrderId: string = liveFill.order.orderId;

    // The fills' consumers (journal, XP, statistics) settle before the copy is taken: two copies a few seconds apart agree.
    await expect.poll(async () => (await ok('GET', `/api/journal/trades/${liveOrderId}`)).trade?.id, { timeout: 30_000 }).toBe(liveOrderId);
    let settled = await everyItem();
    await expect
      .poll(
        async () => {
          await new Promise((r) => setTimeout(r, 2_000));
          const next = await everyItem();
          const moved = changes(settled, next).length;
          settled = next;
          return moved;
        },
        { timeout: 60_000, interval: 0 },
      )
      .toBe(0);

    // The learner's own ids for the path parameters.
    const me = await ok('GET', '/api/me');
    const modules = (await ok('GET', '/api/learning/modules')).modules as { id: string }[];
    const entries = (await ok('GET', '/api/journal/entries')).entries as { id: string }[];
    const posts = (await ok('GET', '/api/community/posts')).posts as { id: string }[] | undefined;
    const expiry: string = (await ok('GET', '/api/market/SPY/expiries?type=Monthly')).expiries[0].expiration_date;
    const fill = (paperFill as { order: { orderId: string } }).order.orderId;
    const alpacaOrderId: string = synced.orders[0].alpaca_order_id;
    const params: Record<string, string> = {
      publicId: me.profile.publicId,
      underlying: 'SPY',
      contract: atm.contract_ticker,
      postId: posts?.[0]?.id ?? '01JAAAAAAAAAAAAAAAAAAAAAAA',
      id: fill,
      category: 'risk_manager',
      environment: 'paper',
      snapshot: 'spy-2026-11-20',
      expiration: expiry,
    };
    const pathOf = (routeKey: string) => {
      let path = routeKey.slice('GET '.length);
      if (routeKey.startsWith('GET /api/learning/modules/')) path = path.replace('{id}', modules[0]!.id);
      if (routeKey.startsWith('GET /api/journal/trades/')) path = path.replace('{id}', liveOrderId);
      if (routeKey.startsWith('GET /api/journal/entries/')) path = path.replace('{id}', entries[0]?.id ?? fill);
      if (routeKey.startsWith('GET /api/broker/')) path = path.replace('{id}', alpacaOrderId);
      return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
    };
    const queries: Record<string, string> = {
      'GET /api/market/quotes': '?tickers=SPY,QQQ',
      'GET /api/market/{underlying}/chain': `?expiry=${expiry}`,
      'GET /api/market/{underlying}/history': '?days=30',
      'GET /api/market/contracts/{contract}/history': '?days=30',
      'GET /api/broker/{environment}/contracts': '?underlying=SPY',
      'GET /api/health': '?deep=1',
    };

    const gets = routes.filter((r) => r.routeKey.startsWith('GET '));
    expect(gets.length).toBeGreaterThan(40);
    const before = await everyItem();
    const answered: [string, number][] = [];
    for (const r of gets) {
      const path = pathOf(r.routeKey) + (queries[r.routeKey] ?? '');
      answered.push([r.routeKey, (await call('GET', path)).status]);
      // The paper orders read, and the live ones through the one order path.
      if (r.routeKey === 'GET /api/orders')
        answered.push(['GET /api/orders?accountId=alpaca-paper', (await call('GET', `${path}?accountId=alpaca-paper`)).status]);
    }
    // Every GET was served (an admin route refuses a learner with 403; nothing answered 5xx).
    expect(answered.filter(([, status]) => status >= 500)).toEqual([]);
    expect(answered.filter(([key, status]) => status === 403 && !key.includes('/admin/'))).toEqual([]);
    const after = await everyItem();
    expect(changes(before, after)).toEqual([]);
    expect([...before.keys()].some((k) => k.startsWith(`USER#${user.sub} | BROKERSYNC#paper#ORDERS`))).toBe(true);
  }, 300_000);
});
