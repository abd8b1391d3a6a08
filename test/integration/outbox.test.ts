import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { createTableInput, ensureTable } from '../../local/dynamodb';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';
import { learner as learnerOf, marketBuy } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';

/**
 * Events that cannot be lost (issue 15 §1), against a stack of this file's own (it takes the bus down and restarts):
 * a change commits with its event as an outbox item, and the relay delivers the event once the bus answers again,
 * also after the whole stack was stopped in between.
 */
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
let stack: SpawnedStack;
const dataDir = newDataDir('outbox');

beforeAll(async () => {
  stack = await spawnLocalStack({ dataDir, env: { SEED_MARKET: '0' } });
});
afterAll(async () => {
  await stack?.stop();
});

async function operator(s: SpawnedStack) {
  const user = await signUpAndSignIn(s, { name: 'Operator' });
  await cognitoClient(s).send(new AdminAddUserToGroupCommand({ UserPoolId: s.pool.userPoolId, Username: user.email, GroupName: 'admin' }));
  const { idToken } = await signIn(s, user.email, user.password);
  return { ...user, idToken };
}

const requestIngest = (s: SpawnedStack, token: string, body: unknown = { underlyings: ['SPY'] }) =>
  fetch(`${s.url}/api/admin/market/ingest`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const busEvents = async (s: SpawnedStack) => (await (await fetch(`${s.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[];
const requestsBy = async (s: SpawnedStack, sub: string) =>
  (await busEvents(s)).filter((e) => e.detailType === 'IngestRequested' && (e.detail as { requestedBy?: string }).requestedBy === sub);
const setBus = async (s: SpawnedStack, putEvents: 'up' | 'down') => {
  const res = await fetch(`${s.endpoints.aws}/_local/control`, { method: 'POST', body: JSON.stringify({ putEvents }) });
  expect(await res.json()).toEqual({ putEvents });
};
/** Outbox items in the table (a Scan: a test's look behind the API, never a request path). */
async function outboxRequestsBy(s: SpawnedStack, sub: string) {
  const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: s.endpoints.dynamodb, region: 'us-east-1', credentials }));
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: s.tableName,
        FilterExpression: 'entity = :outbox AND detailType = :type',
        ExpressionAttributeValues: { ':outbox': 'outbox', ':type': 'IngestRequested' },
        ExclusiveStartKey,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  db.destroy();
  return items.filter((i) => JSON.parse(String(i.detail)).requestedBy === sub);
}
const status = async (s: SpawnedStack) => (await (await fetch(`${s.url}/api/market/status`)).json()) as { lastSync: string | null };

describe('domain events through the outbox', () => {
  it("accepts an operator's ingest request while the bus is down and delivers its event, once, when the bus is back", async () => {
    const op = await operator(stack);
    await setBus(stack, 'down');
    const res = await requestIngest(stack, op.idToken);
    expect(res.status).toBe(202);
    // Committed: the event is in the table, waiting; the bus has not seen it.
    expect(await outboxRequestsBy(stack, op.sub)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await requestsBy(stack, op.sub)).toEqual([]);

    await setBus(stack, 'up');
    const [delivered] = await waitFor(
      () => requestsBy(stack, op.sub),
      (list) => list.length === 1 && list[0]!.deliveries[0]?.status === 'ok',
      60_000,
      'the held IngestRequested to be delivered and consumed',
    );
    expect(delivered!.deliveries).toEqual([expect.objectContaining({ rule: 'ingestOnRequest', status: 'ok', attempts: 1 })]);
    // The consumer ran the ingestion: the market now has a sync status, and its ChainIngested reports exactly that status.
    const { lastSync } = await status(stack);
    expect(lastSync).not.toBeNull();
    const announced = await waitFor(
      async () => (await busEvents(stack)).filter((e) => e.detailType === 'ChainIngested'),
      (list) => list.length > 0,
      30_000,
      'ChainIngested',
    );
    expect(announced.map((e) => (e.detail as { finishedAt: string }).finishedAt)).toContain(lastSync);
    expect(await requestsBy(stack, op.sub)).toHaveLength(1);
  });

  it('books a paper order while the bus is down and delivers its events once the bus is back; a blocked order writes none', async () => {
    const { call, user } = await learnerOf(stack, 10_000);
    const { expiries } = await (await fetch(`${stack.url}/api/market/SPY/expiries?type=Monthly`)).json();
    const chain = await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiries[0].expiration_date}`)).json();
    const contract = (chain.contracts as { contract_ticker: string; contract_type: string; ask: number }[]).find(
      (c) => c.contract_type === 'call' && c.ask > 0.5,
    )!;
    const mine = async () => (await busEvents(stack)).filter((e) => (e.detail as { userId?: string }).userId === user.sub);
    await expect.poll(async () => (await mine()).map((e) => e.detailType), { timeout: 10_000 }).toEqual(['AccountOpened']);

    await setBus(stack, 'down');
    const placed = await call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1));
    expect(placed.status).toBe(201);
    const blocked = await call('POST', '/api/orders', marketBuy(contract.contract_ticker, 1000, 'too-big'));
    expect(blocked.status).toBe(422);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await mine()).map((e) => e.detailType)).toEqual(['AccountOpened']);

    await setBus(stack, 'up');
    await expect.poll(async () => (await mine()).map((e) => e.detailType), { timeout: 30_000 }).toEqual(['AccountOpened', 'OrderPlaced', 'OrderFilled']);
    expect((await mine()).filter((e) => (e.detail as { clientOrderId?: string }).clientOrderId === 'too-big')).toEqual([]);
    expect((await mine()).find((e) => e.detailType === 'OrderFilled')!.detail).toMatchObject({ orderId: placed.body.order.orderId });
  });

  it('writes no event for a request that is refused', async () => {
    const op = await operator(stack);
    const learner = await signUpAndSignIn(stack);
    expect((await requestIngest(stack, learner.idToken)).status).toBe(403);
    expect((await requestIngest(stack, op.idToken, { underlyings: 'SPY' })).status).toBe(400);
    expect((await requestIngest(stack, op.idToken, { underlyings: ['not a ticker'] })).status).toBe(400);
    // A request that is accepted afterwards: once its event is on the bus, any event written before it would be too.
    expect((await requestIngest(stack, op.idToken, { underlyings: ['QQQ'] })).status).toBe(202);
    await waitFor(
      () => requestsBy(stack, op.sub),
      (list) => list.length === 1,
      30_000,
      'the accepted request on the bus',
    );
    expect((await requestsBy(stack, op.sub)).map((e) => (e.detail as { underlyings: string[] }).underlyings)).toEqual([['QQQ']]);
    expect(await requestsBy(stack, learner.sub)).toEqual([]);
    expect(await outboxRequestsBy(stack, learner.sub)).toEqual([]);
    expect(await outboxRequestsBy(stack, op.sub)).toHaveLength(1);
  });

  it('delivers an event written while the bus was down after the whole stack restarts, and nothing it had delivered before', async () => {
    const op = await operator(stack);
    await setBus(stack, 'down');
    expect((await requestIngest(stack, op.idToken, { underlyings: ['AAPL'] })).status).toBe(202);
    const delivered = (await busEvents(stack)).map((e) => (e.detail as { eventId: string }).eventId);
    expect(delivered.length).toBeGreaterThan(0);
    await stack.stop();

    stack = await spawnLocalStack({ dataDir, env: { SEED_MARKET: '0' } });
    const held = await waitFor(
      () => requestsBy(stack, op.sub),
      (list) => list.length > 0,
      60_000,
      'the held request after the restart',
    );
    expect(held.map((e) => (e.detail as { underlyings: string[] }).underlyings)).toEqual([['AAPL']]);
    await new Promise((r) => setTimeout(r, 1000));
    const afterRestart = (await busEvents(stack)).map((e) => (e.detail as { eventId: string }).eventId);
    expect(afterRestart.filter((id) => delivered.includes(id))).toEqual([]);
    expect(await requestsBy(stack, op.sub)).toHaveLength(1);
  }, 180_000);
});

describe('a local table from before the outbox', () => {
  it('gets its stream switched on at start, so the relay has something to read', async () => {
    const client = new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials });
    const TableName = `old-${Date.now()}`;
    const { StreamSpecification: _stream, ...withoutStream } = createTableInput(TableName);
    await client.send(new CreateTableCommand(withoutStream));
    try {
      expect(await ensureTable(client, TableName)).toBe('stream-enabled');
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
      expect(Table?.LatestStreamArn).toBeTruthy();
      expect(await ensureTable(client, TableName)).toBe('existing');
    } finally {
      await client.send(new DeleteTableCommand({ TableName }));
      client.destroy();
    }
  });
});
