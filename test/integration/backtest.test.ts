import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { learner, newKey } from '../support/learner';
import { waitFor } from '../support/local-stack';

/**
 * The backtester through the gateway and DynamoDB Local, on the daily summaries the local ingestion stores (the
 * simulated market's year): a year of weekly short puts on SPY run and saved, listed, read, shared to the feed and read
 * back as a post with its backtest part, a trade's entry day read as of it (its chain at the trade's entry price), deleted;
 * its items are under USER#<sub>. The 50-run limit is unit-tested.
 */
const stack = inject('stack');
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.endpoints.dynamodb }));
const backtestItems = async (sub: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: stack.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':p': 'BACKTEST' },
      }),
    )
  ).Items ?? [];

beforeAll(async () => {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json(),
    (s) => s.lastSync !== null,
    180_000,
    'market data',
  );
}, 200_000);

describe('the backtester', () => {
  it('runs a year on SPY, saves it once, lists, reads, shares to the feed and deletes it', async () => {
    const { call, user } = await learner(stack);
    const sub = user.sub;
    const history = (await call('GET', '/api/backtest/history')).body;
    const spy = history.underlyings.find((u: { symbol: string }) => u.symbol === 'SPY');
    expect(spy.sessions).toBeGreaterThanOrEqual(200);
    expect(history.source.kind).toBe('end-of-day');

    const body = {
      clientRunId: newKey(),
      rules: {
        underlying: 'SPY',
        ...spy.defaultRange,
        strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } }] },
        entry: { schedule: { kind: 'weekday', weekday: 1 }, daysToExpiry: 30 },
        exit: { profitTargetPct: 50 },
        size: { kind: 'contracts', contracts: 1 },
      },
    };
    const started = Date.now();
    const run = await call('POST', '/api/backtest/runs', body);
    expect(run.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.body.run.result.trades.length).toBeGreaterThan(10);
    expect(run.body.run.dataAsOf).toBe(spy.last);
    const retry = await call('POST', '/api/backtest/runs', body);
    expect(retry).toMatchObject({ status: 200, body: { run: { id: run.body.run.id } } });

    const list = (await call('GET', '/api/backtest/runs')).body;
    expect(list).toMatchObject({ count: 1, limit: 50, runs: [{ id: run.body.run.id, underlying: 'SPY', trades: run.body.run.result.metrics.trades }] });
    expect((await call('GET', `/api/backtest/runs/${run.body.run.id}`)).body.run).toEqual(run.body.run);

    // The builder as of the first trade's entry day: the stored day and its modelled chain, the leg at its entry price.
    const first = run.body.run.result.trades[0];
    const day = await call('GET', `/api/backtest/as-of/SPY?date=${first.entryDate}`);
    expect(day).toMatchObject({ status: 200, body: { underlying: 'SPY', date: first.entryDate, close: first.marks[0].close } });
    const asOf = await call('GET', `/api/backtest/as-of/SPY/chain?date=${first.entryDate}&expiry=${first.expiration}`);
    expect(asOf).toMatchObject({ status: 200, body: { basis: 'model', asOfDate: first.entryDate } });
    const leg = first.legs[0];
    const contract = asOf.body.contracts.find(
      (c: { contract_type: string; strike_price: number }) => c.contract_type === leg.optionType && c.strike_price === leg.strike,
    );
    expect(contract.mark).toBe(leg.entryPrice);
    expect((await call('GET', `/api/backtest/as-of/SPY/chain?date=${first.entryDate}&expiry=${first.entryDate}`)).body).toMatchObject({
      field: 'expiry',
      reason: 'expiry-not-listed',
    });

    const other = await learner(stack);
    expect((await other.call('GET', `/api/backtest/runs/${run.body.run.id}`)).status).toBe(404);

    const shared = await call('POST', `/api/backtest/runs/${run.body.run.id}/share`, {
      title: 'Weekly SPY puts',
      thesis: 'Five percent below, weekly, half the credit',
    });
    expect(shared.status).toBe(201);
    const post = (await call('GET', `/api/community/posts/${shared.body.postId}`)).body.post;
    expect(post).toMatchObject({ source: 'backtest', underlying: 'SPY', backtest: { runId: run.body.run.id, trades: run.body.run.result.metrics.trades } });
    expect(post.legs).toHaveLength(1);
    expect((await call('GET', `/api/community/posts/${shared.body.postId}/builder`)).status).toBeLessThan(500);

    expect((await backtestItems(sub)).map((i) => String(i.SK).replace(/#.*/, '#')).sort()).toEqual(['BACKTEST#', 'BACKTESTCID#', 'BACKTESTS', 'BACKTESTSUM#']);
    expect((await call('DELETE', `/api/backtest/runs/${run.body.run.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/backtest/runs/${run.body.run.id}`)).status).toBe(404);
    expect((await call('GET', '/api/backtest/runs')).body).toEqual({ runs: [], count: 0, limit: 50 });
  }, 60_000);
});
