import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { learner, monthlyChain } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * The watchlist through the gateway and DynamoDB Local: the limit of a level-1 learner (10) holds under adds sent at
 * once, the read shows the stored end-of-day figures, and the account export and deletion cover the items.
 */
const stack = inject('stack');
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.endpoints.dynamodb }));
const watchItems = async (sub: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':p': 'WATCH' },
      }),
    )
  ).Items ?? [];

const UNDERLYINGS = ['SPY', 'QQQ', 'AAPL', 'TSLA', 'NVDA', 'MSFT', 'AMZN', 'GOOGL', 'IWM', 'DIA', 'META'];

beforeAll(async () => {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    // The first ingestion of a fresh stack, on a busy machine.
    180_000,
    'market data',
  );
}, 200_000);

describe('the watchlist', () => {
  it('keeps a level-1 learner to 10 items when 12 are added at once, and refuses the next with the rule', async () => {
    const chain = await monthlyChain(stack, 'SPY');
    const contract = chain.nearest('call', chain.price).contract_ticker.replace(/^O:/, '');
    const { call } = await learner(stack);
    const results = await Promise.all([...UNDERLYINGS, contract].map((symbol) => call('POST', '/api/watchlist/items', { symbol })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status !== 201).map((r) => [r.status, r.body.error])).toEqual(
      Array(2).fill([409, 'Your watchlist holds 10 items at level 1; level 5 adds 5 more slots. Remove an item to add another.']),
    );
    const list = (await call('GET', '/api/watchlist')).body;
    expect(list.items).toHaveLength(10);
    expect(list.slots).toEqual({ used: 10, limit: 10, level: 1, next: { level: 5, adds: 5 } });

    // Removing one makes room; the same symbol twice is one item.
    const first = list.items[0].id as string;
    expect((await call('DELETE', `/api/watchlist/items/${first}`)).status).toBe(204);
    const readded = await Promise.all([call('POST', '/api/watchlist/items', { symbol: first }), call('POST', '/api/watchlist/items', { symbol: first })]);
    expect(readded.map((r) => r.status).sort()).toEqual([200, 201]);
    expect((await call('GET', '/api/watchlist')).body.items).toHaveLength(10);
  });

  it("shows the stored figures of an underlying and a contract, reorders, and answers another learner's id 404", async () => {
    const chain = await monthlyChain(stack, 'SPY');
    const line = chain.nearest('put', chain.price);
    const contract = line.contract_ticker.replace(/^O:/, '');
    const { call } = await learner(stack);
    const other = await learner(stack);
    for (const symbol of ['SPY', contract]) expect((await call('POST', '/api/watchlist/items', { symbol })).status).toBe(201);
    const view = (await call('GET', '/api/watchlist')).body;
    expect(view.items.map((r: { id: string }) => r.id)).toEqual(['SPY', contract]);
    expect(view.items[0].figures).toMatchObject({ close: expect.any(Number), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(view.items[1]).toMatchObject({ kind: 'contract', type: 'put', strike: line.strike_price });
    expect(view.items[1].figures).toMatchObject({ mark: expect.any(Number), iv: expect.any(Number), delta: expect.any(Number) });
    expect(view.items[1].figures.daysToExpiry).toBeGreaterThanOrEqual(0);

    expect((await call('PUT', '/api/watchlist/order', { ids: [contract, 'SPY'] })).status).toBe(200);
    expect((await call('GET', '/api/watchlist')).body.items.map((r: { id: string }) => r.id)).toEqual([contract, 'SPY']);
    expect((await other.call('DELETE', '/api/watchlist/items/SPY')).status).toBe(404);
    expect((await other.call('GET', '/api/watchlist')).body.items).toEqual([]);
  });

  it('is in the account export and gone after the account deletion', async () => {
    const { user, call } = await learner(stack);
    for (const symbol of ['QQQ', 'IWM']) expect((await call('POST', '/api/watchlist/items', { symbol })).status).toBe(201);
    const exported = (await call('GET', '/api/me/export')).body;
    expect(exported.sections.watchlist.map((i: { id: string }) => i.id).sort()).toEqual(['IWM', 'QQQ']);
    expect(exported.sections.watchlistCount).toEqual([expect.objectContaining({ n: 2 })]);

    expect((await call('POST', '/api/me/deletion', { confirmation: 'DELETE MY ACCOUNT' })).status).toBe(202);
    await waitFor(
      async () => (await watchItems(user.sub)).length,
      (n) => n === 0,
      70_000,
      'the deletion to remove the watchlist',
    );
    expect(await watchItems(user.sub)).toEqual([]);
  });
});
