import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newYorkInstant } from '@shared/market/dates';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { dynamoMarketStore } from '../../functions/adapters/dynamo/market-repository';
import { dynamoMarketSnapshots } from '../../functions/adapters/dynamo/market-snapshots-repository';
import { learner } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';
import { stackClock } from '../support/stack-clock';

/**
 * Issue 36: the demo prediction markets are made from every ingestion's chains, read the same by every learner, and
 * settled by the settle job once the underlying's close of the expiry is stored, once however often it runs. On a
 * stack of its own, whose clock is moved to the evening of the nearest expiry.
 */
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

interface Summary {
  id: string;
  underlying: string;
  expiration: string;
  kind: 'above' | 'between';
  lower: number | null;
  upper: number | null;
  question: string;
  closesAt: string;
  resolution: { status: string; outcome?: string; close?: number; closeDate?: string };
}
interface Group {
  underlying: string;
  expiration: string;
  closesAt: string;
  source: string;
  above: Summary[];
  ladder: { id: string; question: string; buckets: Summary[] };
}

describe('the demo prediction markets (a local stack of its own)', () => {
  let own: SpawnedStack;
  let groups: Group[];
  let underlyings: string[];
  let shown: string;
  let call: Awaited<ReturnType<typeof learner>>['call'];

  beforeAll(async () => {
    own = await spawnLocalStack({ dataDir: newDataDir('prediction-markets') });
    ({ call } = await learner(own));
    expect(TRACKED_UNDERLYINGS.length).toBeGreaterThan(1);
    // The start-up ingestion announces ChainIngested; its consumer makes the markets.
    await waitFor(
      async () => (await (await fetch(`${own.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[],
      (events) =>
        events.some((e) => e.detailType === 'ChainIngested' && e.deliveries.some((d) => d.rule === 'predictionMarketsOnChainIngested' && d.status === 'ok')),
      240_000,
      'the markets made from the start-up ingestion',
    );
    // The list is read one underlying at a time, as the page's tabs read it.
    const first = (await call('GET', '/api/predictions/markets')).body as { underlyings: string[]; underlying: string };
    underlyings = first.underlyings;
    shown = first.underlying;
    groups = [];
    for (const u of underlyings) groups.push(...(await call('GET', `/api/predictions/markets?underlying=${u}`)).body.groups);
  }, 300_000);
  afterAll(async () => {
    await own?.stop();
  });

  it('makes markets after an ingestion, each with its question and close time, the source once per expiry, the ladders covering every close once', async () => {
    // Every tracked underlying has markets, SPY first and shown without a choice; an underlying not tracked is refused.
    expect(underlyings).toEqual(TRACKED_UNDERLYINGS);
    expect(shown).toBe('SPY');
    const bad = await call('GET', '/api/predictions/markets?underlying=NOPE');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('underlying');
    // The next four expiries of every tracked underlying.
    for (const u of TRACKED_UNDERLYINGS) expect(groups.filter((g) => g.underlying === u).length, u).toBe(4);
    for (const g of groups) {
      expect(g.above.length).toBeGreaterThanOrEqual(2);
      expect(g.source).toContain('official closing price');
      for (const m of [...g.above, ...g.ladder.buckets]) {
        expect(m.question).toMatch(/^Will [A-Z.]+ close .+\?$/);
        // The rule, source and void time are on the market's page (below), not on each row of the list.
        expect(m).not.toHaveProperty('rule');
        expect(m.closesAt).toBe(g.closesAt);
        expect(m.resolution).toEqual({ status: 'open' });
      }
      const b = g.ladder.buckets;
      expect(b[0]!.lower).toBeNull();
      expect(b.at(-1)!.upper).toBeNull();
      for (let i = 1; i < b.length; i++) expect(b[i]!.lower).toBe(b[i - 1]!.upper);
    }
  });

  it('shows a market page with the three fair values, and another learner sees the same markets', async () => {
    const market = groups[0]!.above[0]!;
    const page = await call('GET', `/api/predictions/markets/${market.id}`);
    expect(page.status).toBe(200);
    expect(page.body.market.rule).toMatch(/^Resolves YES if /);
    expect(page.body.market.source).toBe(groups[0]!.source);
    expect(Date.parse(page.body.market.voidsAt)).toBeGreaterThan(Date.parse(market.closesAt));
    expect(Object.keys(page.body.fairValues)).toEqual(['atmIv', 'strikeIv', 'callSpread']);
    for (const f of Object.values(page.body.fairValues) as { value: number; formula: string }[]) {
      expect(f.value).toBeGreaterThanOrEqual(0);
      expect(f.value).toBeLessThanOrEqual(1);
      expect(f.formula.length).toBeGreaterThan(0);
    }
    const bucket = await call('GET', `/api/predictions/markets/${groups[0]!.ladder.buckets[1]!.id}`);
    expect(bucket.body.ladder.bars).toHaveLength(groups[0]!.ladder.buckets.length);

    const other = await learner(own);
    const mine = (await call('GET', '/api/predictions/markets')).body;
    const theirs = (await other.call('GET', '/api/predictions/markets')).body;
    expect(theirs).toEqual(mine);
  });

  it('answers 400 for a string that is no market id and 404 for an id of no market', async () => {
    const bad = await call('GET', '/api/predictions/markets/not-a-market');
    expect(bad.status).toBe(400);
    const unknown = await call('GET', '/api/predictions/markets/SPY-2099-12-18-ABOVE-600');
    expect(unknown.status).toBe(404);
  });

  it('resolves the markets of an expiry on the settle run after its close is stored, and a second run changes nothing', async () => {
    const group = groups.find((g) => g.underlying === 'SPY')!;
    const expiry = group.expiration;
    const { put, events, ingestAt } = stackClock(own);
    const ingestions = async () => (await events()).filter((e) => e.detailType === 'ChainIngested');
    const earlier = (await ingestions()).length;
    // The expiry's evening: an operator's ingestion stores its close and announces ChainIngested, whose consumer runs the settle job.
    await ingestAt(newYorkInstant(expiry, 18, 30));
    const ingested = await waitFor(
      async () => (await ingestions())[earlier],
      (e) => e !== undefined,
      120_000,
      'the ingestion of the expiry',
    );

    const id = group.above[0]!.id;
    const resolved = await waitFor(
      () => call('GET', `/api/predictions/markets/${id}`),
      (r) => r.body?.market?.resolution?.status === 'resolved',
      120_000,
      'the markets to resolve',
    );
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: own.endpoints.dynamodb, region: 'us-east-1', credentials }));
    const bar = (await dynamoMarketStore(db, own.tableName).getBars('stock', 'SPY', expiry)).find((b) => b.date === expiry)!;
    const lower = group.above[0]!.lower!;
    expect(resolved.body.market.resolution).toEqual({ status: 'resolved', outcome: bar.close >= lower ? 'yes' : 'no', close: bar.close, closeDate: expiry });
    expect(resolved.body.fairValues).toBeNull();
    const list = (await call('GET', '/api/predictions/markets?underlying=SPY')).body as { groups: Group[] };
    const settled = list.groups.find((g) => g.underlying === 'SPY' && g.expiration === expiry)!;
    expect(settled.ladder.buckets.filter((b) => b.resolution.outcome === 'yes')).toHaveLength(1);

    // Every delivery done, then the settle job runs again on the same news: nothing changes.
    const deliveriesDone = () =>
      waitFor(
        async () => (await ingestions()).flatMap((e) => e.deliveries),
        (ds) => ds.every((d) => d.status !== 'pending'),
        120_000,
        'every ChainIngested delivery',
      );
    await deliveriesDone();
    const snapshots = dynamoMarketSnapshots(db, own.tableName);
    const before = await snapshots.get('SPY', expiry);
    expect(before?.resolution).toMatchObject({ status: 'resolved', close: bar.close });
    expect((await put('ChainIngested', { ...(ingested!.detail as object), eventId: ulid() })).FailedEntryCount).toBe(0);
    await waitFor(
      async () => (await ingestions()).length,
      (n) => n > earlier + 1,
      60_000,
      'the second announcement',
    );
    await deliveriesDone();
    expect(await snapshots.get('SPY', expiry)).toEqual(before);
    const calibration = await call('GET', '/api/predictions/calibration');
    expect(calibration.body).toMatchObject({ demo: true, settledMarkets: settled.above.length + settled.ladder.buckets.length, from: expiry, to: expiry });
  }, 300_000);
});
