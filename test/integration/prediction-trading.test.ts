import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expiryChainOf } from '@shared/prediction/chain-model';
import { fairValues } from '@shared/prediction/fair-value';
import { makeMarkets, marketExpiries } from '@shared/prediction/markets';
import { newYorkParts } from '@shared/market/dates';
import { bookOf, type ExpirySnapshot, type StoredMarket } from '@shared/prediction/market-snapshots.port';
import { askOf, quoteOf } from '@shared/prediction/book';
import { dynamoMarketStore } from '../../functions/adapters/dynamo/market-repository';
import { dynamoMarketSnapshots } from '../../functions/adapters/dynamo/market-snapshots-repository';
import { holdersKey, volumeOf } from '../../functions/adapters/dynamo/demo-account-repository';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner, newKey } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * Demo prediction trading through the gateway, on markets made with the pure core from a chain the stack stored (the
 * markets' own making is not needed), settled by the settle job that new quotes start, twice.
 */
const stack = inject('stack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials }));
const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
const snapshots = dynamoMarketSnapshots(db, stack.tableName);

let snapshot: ExpirySnapshot;
/** Two "close above" markets a few strikes apart: the close the test stores falls between them. */
let low: StoredMarket;
let high: StoredMarket;

beforeAll(async () => {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    // The first ingestion of a fresh stack, on a busy machine.
    180_000,
    'market data',
  );
  const store = dynamoMarketStore(db, stack.tableName);
  const { expiries } = (await (await fetch(`${stack.url}/api/market/SPY/expiries`)).json()) as { expiries: { expiration_date: string }[] };
  const dates = expiries.map((e) => e.expiration_date);
  // An expiry past the four the markets' own making covers, so that resolving it here changes no market another test reads.
  const made = new Set(marketExpiries(dates, newYorkParts(new Date()).date));
  for (const expiration of dates.filter((d) => !made.has(d)).sort()) {
    const chain = await store.getChain('SPY', expiration);
    const markets = chain ? makeMarkets(expiryChainOf(chain)) : null;
    if (!markets?.ok || markets.value.above.length < 4) continue;
    const { model, above, ladder } = markets.value;
    const base = {
      underlying: 'SPY',
      expiration,
      closesAt: above[0]!.closesAt,
      madeAt: new Date().toISOString(),
      provider: 'simulated',
      bookSeed: `integration-${ulid()}`,
      model: { spot: model.S, atmIv: model.atmIv, r: model.r, q: model.q, T: model.T, asOf: model.asOf },
      ladder: { id: ladder.id, question: ladder.question },
      resolution: null,
      resolvedAt: null,
    };
    const stored = [...above, ...ladder.buckets].map((market): StoredMarket => {
      const fv = fairValues(model, market);
      const entry: StoredMarket = { market, fairValue: Math.min(1, Math.max(0, fv.callSpread.value)), fairValues: fv, yesPrice: 0, previousYesPrice: null };
      const q = quoteOf(bookOf(base, entry));
      return { ...entry, yesPrice: (q.yesBid! + q.yesAsk!) / 2 };
    });
    snapshot = { ...base, markets: stored };
    const mid = Math.floor(above.length / 2);
    low = stored.find((m) => m.market.id === above[mid - 1]!.id)!;
    high = stored.find((m) => m.market.id === above[mid + 1]!.id)!;
    await snapshots.save(snapshot);
    return;
  }
  throw new Error('No stored SPY chain past the four expiries with markets made markets');
}, 240_000);

const order = (marketId: string, side: 'yes' | 'no', count: number, over: Record<string, unknown> = {}) => ({
  clientOrderId: newKey(),
  marketId,
  side,
  action: 'buy',
  type: 'market',
  count,
  ...over,
});

/** The settle job as new quotes start it (the `recheckOnNewQuotes` consumer of ChainIngested), waited for to the end. */
async function settleOnNewQuotes() {
  const eventId = ulid();
  const at = new Date().toISOString();
  const detail = { eventId, runId: ulid(), source: 'demo', underlyings: [], contractsStored: 0, failures: [], startedAt: at, finishedAt: at };
  const put = await bus.send(
    new PutEventsCommand({
      Entries: [{ EventBusName: 'options-academy-local', Source: 'options-academy', DetailType: 'ChainIngested', Detail: JSON.stringify(detail) }],
    }),
  );
  expect(put.FailedEntryCount).toBe(0);
  const [delivered] = await waitFor(
    async () =>
      ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
        (e) => (e.detail as { eventId?: string }).eventId === eventId,
      ),
    (list) => list.length === 1 && list[0]!.deliveries.some((d) => d.rule === 'recheckOnNewQuotes' && d.status !== 'pending'),
    120_000,
    'the settle job on new quotes',
  );
  expect(delivered!.deliveries.find((d) => d.rule === 'recheckOnNewQuotes')!.status).toBe('ok');
}

describe('demo prediction trading through the gateway', () => {
  it("reads a fresh $1,000 for a new learner, rests and cancels a bid, answers another learner's order id 404 and a bad price or quantity 400 naming the field", async () => {
    const a = await learner(stack);
    const b = await learner(stack);
    expect((await a.call('GET', '/api/predictions/account')).body).toMatchObject({ demo: true, balance: 100_000, held: 0, positions: [], openOrders: [] });
    const body = order(low.market.id, 'yes', 10, { type: 'limit', limitPrice: 1 });
    const resting = await a.call('POST', '/api/predictions/orders', body);
    expect(resting.status).toBe(201);
    expect(resting.body).toMatchObject({ status: 'resting', filledCount: 0 });
    const again = await a.call('POST', '/api/predictions/orders', body);
    expect(again).toEqual({ status: 200, body: resting.body });
    expect((await a.call('GET', '/api/predictions/account')).body).toMatchObject({ balance: 100_000 - 11, held: 11 });
    expect((await b.call('DELETE', `/api/predictions/orders/${resting.body.id}`)).status).toBe(404);
    expect((await a.call('DELETE', `/api/predictions/orders/${resting.body.id}`)).body).toMatchObject({ status: 'canceled' });
    expect((await a.call('GET', '/api/predictions/account')).body).toMatchObject({ balance: 100_000, held: 0 });

    const price = await a.call('POST', '/api/predictions/orders', order(low.market.id, 'yes', 1, { type: 'limit', limitPrice: 0 }));
    expect(price.status).toBe(400);
    expect(JSON.stringify(price.body)).toContain('limitPrice');
    const count = await a.call('POST', '/api/predictions/orders', order(low.market.id, 'yes', 0));
    expect(count.status).toBe(400);
    expect(JSON.stringify(count.body)).toContain('count');
    const poor = await a.call('POST', '/api/predictions/orders', order(low.market.id, 'yes', 5000, { type: 'limit', limitPrice: 99 }));
    expect(poor.status).toBe(422);
    expect(poor.body.error).toMatch(/^This order needs \$[\d,.]+ of demo money and your demo balance has \$1,000\.00 available\.$/);
  }, 60_000);

  it('books one order for a retried client id even when the retries race, and never lets two racing orders spend the same balance', async () => {
    const { call } = await learner(stack);
    const body = order(low.market.id, 'yes', 2);
    const retries = await Promise.all([1, 2, 3].map(() => call('POST', '/api/predictions/orders', body)));
    expect(new Set(retries.map((r) => r.body.id)).size).toBe(1);
    expect(retries.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await call('GET', '/api/predictions/account')).body.recentOrders).toHaveLength(1);

    // Two bids that each hold most of what is left: one rests, the other is refused, whatever the order they arrive in.
    const left = (await call('GET', '/api/predictions/account')).body.balance as number;
    // Each holds 2¢ and a fee of at most 0.14¢ a contract: some 58% of what is left.
    const contracts = Math.floor((0.6 * left) / 2.2);
    const racing = await Promise.all(
      [1, 2].map(() => call('POST', '/api/predictions/orders', order(low.market.id, 'no', contracts, { type: 'limit', limitPrice: 2 }))),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 422]);
    const after = (await call('GET', '/api/predictions/account')).body;
    expect(after.balance).toBeGreaterThanOrEqual(0);
    expect(after.balance + after.held).toBe(left);
  }, 60_000);

  it("exports the learner's demo account, and the account deletion removes it with its place in the holders index", async () => {
    const { user, call } = await learner(stack);
    expect((await call('POST', '/api/predictions/orders', order(low.market.id, 'yes', 2))).status).toBe(201);
    const exported = (await call('GET', '/api/me/export')).body.sections as Record<string, unknown[]>;
    expect(exported.predictionAccount).toEqual([expect.objectContaining({ balance: expect.any(Number) })]);
    expect(exported.predictionPositions).toEqual([expect.objectContaining({ marketId: low.market.id, side: 'yes', count: 2 })]);
    expect(exported.predictionOrders).toHaveLength(1);
    const holders = async () =>
      (
        await db.send(
          new QueryCommand({
            TableName: stack.tableName,
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :pk',
            ExpressionAttributeValues: { ':pk': holdersKey('SPY', snapshot.expiration) },
          }),
        )
      ).Items!.filter((i) => i.PK === `USER#${user.sub}`);
    expect(await holders()).toHaveLength(1);
    expect((await call('POST', '/api/me/deletion', { confirmation: 'DELETE MY ACCOUNT' })).status).toBe(202);
    await waitFor(holders, (items) => items.length === 0, 70_000, 'the deletion of the demo account');
    const partition = await db.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${user.sub}`, ':p': 'PREDICT#' },
      }),
    );
    expect(partition.Items).toEqual([]);
  }, 90_000);

  it('buys YES and NO, settles after a close on each side of the strikes, and pays exactly once when the settle job runs twice', async () => {
    const a = await learner(stack);
    const b = await learner(stack);
    const lowBook = bookOf(snapshot, low);
    const highBook = bookOf(snapshot, high);

    // A holds YES of both markets, B holds NO of both.
    const placed = [
      await a.call('POST', '/api/predictions/orders', order(low.market.id, 'yes', 3)),
      await a.call('POST', '/api/predictions/orders', order(high.market.id, 'yes', 2)),
      await b.call('POST', '/api/predictions/orders', order(low.market.id, 'no', 4)),
      await b.call('POST', '/api/predictions/orders', order(high.market.id, 'no', 5)),
    ];
    for (const p of placed) expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(placed[0]!.body).toMatchObject({ status: 'filled', filledCount: 3, avgFillPrice: askOf(lowBook, 'yes') });
    expect(placed[3]!.body).toMatchObject({ status: 'filled', filledCount: 5, avgFillPrice: askOf(highBook, 'no') });
    const cost = (p: { body: { filledCount: number; avgFillPrice: number; fee: number } }) => Math.round(p.body.filledCount * p.body.avgFillPrice) + p.body.fee;
    const accountA = (await a.call('GET', '/api/predictions/account')).body;
    const accountB = (await b.call('GET', '/api/predictions/account')).body;
    expect(accountA.balance).toBe(100_000 - cost(placed[0]!) - cost(placed[1]!));
    expect(accountB.balance).toBe(100_000 - cost(placed[2]!) - cost(placed[3]!));
    expect(accountA.positions).toHaveLength(2);
    expect(accountA.positions[0]).toMatchObject({ mid: expect.any(Number), resolution: { status: 'open' } });
    const volumes = await volumeOf([low.market.id, high.market.id], db, stack.tableName);
    expect(volumes.get(low.market.id)).toBeGreaterThanOrEqual(7);

    // The expiry's close lands between the two strikes: above the low one (YES wins there), below the high one (NO wins).
    const close = (low.market.lower! + high.market.lower!) / 2;
    expect(
      await snapshots.resolve(
        'SPY',
        snapshot.expiration,
        { status: 'resolved', outcome: 'yes', close, closeDate: snapshot.expiration },
        new Date().toISOString(),
      ),
    ).toBe(true);
    await settleOnNewQuotes();
    const paidA = (await a.call('GET', '/api/predictions/account')).body;
    const paidB = (await b.call('GET', '/api/predictions/account')).body;
    expect(paidA.balance).toBe(accountA.balance + 3 * 100);
    expect(paidB.balance).toBe(accountB.balance + 5 * 100);
    expect(paidA.positions).toEqual([]);
    expect(paidA.settlements.map((s: { marketId: string; outcome: string; payout: number }) => [s.marketId, s.outcome, s.payout]).sort()).toEqual(
      [
        [high.market.id, 'no', 0],
        [low.market.id, 'yes', 300],
      ].sort(),
    );
    expect(paidB.settlements.find((s: { marketId: string }) => s.marketId === high.market.id)).toMatchObject({
      side: 'no',
      outcome: 'no',
      payout: 500,
      pnl: 500 - cost(placed[3]!),
      close,
    });

    // Again: nothing more is paid.
    await settleOnNewQuotes();
    expect((await a.call('GET', '/api/predictions/account')).body.balance).toBe(paidA.balance);
    expect((await b.call('GET', '/api/predictions/account')).body.balance).toBe(paidB.balance);
    // The holders index of the expiry is empty once everyone is paid.
    const holders = await db.send(
      new QueryCommand({
        TableName: stack.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': holdersKey('SPY', snapshot.expiration) },
      }),
    );
    expect(holders.Items).toEqual([]);
    // A market that has resolved trades no more.
    const late = await a.call('POST', '/api/predictions/orders', order(low.market.id, 'yes', 1));
    expect(late.status).toBe(409);
  }, 300_000);
});
