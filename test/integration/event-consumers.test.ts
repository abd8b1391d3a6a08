import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoEventReceipts } from '../../functions/adapters/dynamo/event-receipts';
import { eventHandler } from '../../functions/commons/event-handler';
import type { DeadLetter, DeliveredEvent } from '../../local/aws-endpoints';
import { waitFor } from '../support/local-stack';

/** Consumers on the local bus (the same rules, consumers and helper as in AWS), and the receipts on DynamoDB Local. */
const stack = inject('stack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials }));

const put = (...entries: { detailType: string; detail: object }[]) =>
  bus.send(
    new PutEventsCommand({
      Entries: entries.map((e) => ({
        EventBusName: 'options-academy-local',
        Source: 'options-academy',
        DetailType: e.detailType,
        Detail: JSON.stringify(e.detail),
      })),
    }),
  );
const eventsWith = async (eventId: string) =>
  ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
    (e) => (e.detail as { eventId?: string }).eventId === eventId,
  );
const settled = (list: DeliveredEvent[]) => list.every((e) => e.deliveries.every((d) => d.status !== 'pending'));
const lastSync = async () => ((await (await fetch(`${stack.url}/api/market/status`)).json()) as { lastSync: string | null }).lastSync;
const syncRequest = (eventId: string, underlying: string) => ({
  detailType: 'IngestRequested',
  detail: { eventId, requestedBy: 'integration-test', reason: 'sync', underlyings: [underlying], at: new Date().toISOString() },
});

beforeAll(async () => {
  await waitFor(lastSync, (s) => s !== null, 60_000, 'the first market ingestion');
});

describe('event consumers on the local bus', () => {
  it('consumes the same event put on the bus twice once', async () => {
    const eventId = ulid();
    const before = await lastSync();
    await put(syncRequest(eventId, 'QQQ'));
    const [first] = await waitFor(
      () => eventsWith(eventId),
      (l) => l.length === 1 && settled(l),
      60_000,
      'the first delivery',
    );
    expect(first!.deliveries[0]).toMatchObject({ rule: 'ingestOnRequest', status: 'ok', result: { status: 'consumed', eventId } });
    const afterFirst = await lastSync();
    expect(afterFirst).not.toBe(before);

    await put(syncRequest(eventId, 'QQQ'));
    const both = await waitFor(
      () => eventsWith(eventId),
      (l) => l.length === 2 && settled(l),
      30_000,
      'the second delivery',
    );
    expect(both[1]!.deliveries[0]).toMatchObject({ status: 'ok', result: { status: 'duplicate' } });
    // The second delivery ran no ingestion.
    expect(await lastSync()).toBe(afterFirst);
  });

  it('consumes the same event put twice at once once', async () => {
    const eventId = ulid();
    const out = await put(syncRequest(eventId, 'SPY'), syncRequest(eventId, 'SPY'));
    expect(out.FailedEntryCount).toBe(0);
    const both = await waitFor(
      () => eventsWith(eventId),
      (l) => l.length === 2 && settled(l),
      60_000,
      'both deliveries',
    );
    const results = both.map((e) => (e.deliveries[0]!.result as { status: string }).status);
    expect(results.filter((s) => s === 'consumed')).toHaveLength(1);
    expect(results.filter((s) => s !== 'consumed')).toEqual([expect.stringMatching(/^(in_progress|duplicate)$/)]);
  });

  it("parks a failing consumer's event in its rule's dead-letter list after its retries, without holding up another rule", async () => {
    const broken = { detailType: 'IngestRequested', detail: { eventId: ulid(), reason: 'sync' } };
    const quotes = {
      detailType: 'ChainIngested',
      detail: {
        eventId: ulid(),
        runId: 'it',
        source: 'demo',
        underlyings: [],
        contractsStored: 0,
        failures: [],
        startedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      },
    };
    await put(broken, quotes);

    const [recheck] = await waitFor(
      () => eventsWith(quotes.detail.eventId),
      (l) => l[0]?.deliveries.find((d) => d.rule === 'recheckOnNewQuotes')?.status === 'ok',
      30_000,
      'the other rule',
    );
    // ChainIngested has other rules too (the journal's daily marks); this one was not held up.
    expect(recheck!.deliveries.find((d) => d.rule === 'recheckOnNewQuotes')).toMatchObject({ status: 'ok', attempts: 1 });
    // The failing one is still being retried meanwhile.
    const [failing] = await eventsWith(broken.detail.eventId);
    expect(failing!.deliveries[0]).toMatchObject({ rule: 'ingestOnRequest', status: 'pending' });

    const letters = await waitFor(
      async () =>
        ((await (await fetch(`${stack.endpoints.aws}/_local/dead-letters`)).json()) as DeadLetter[]).filter(
          (d) => (d.event.detail as { eventId: string }).eventId === broken.detail.eventId,
        ),
      (l) => l.length > 0,
      30_000,
      'the dead letter',
    );
    expect(letters).toEqual([
      expect.objectContaining({
        rule: 'ingestOnRequest',
        consumer: 'ingestOnRequest',
        attempts: 3,
        error: expect.stringContaining('ingestOnRequest cannot consume this IngestRequested'),
      }),
    ]);
    expect((await eventsWith(broken.detail.eventId))[0]!.deliveries[0]).toMatchObject({ status: 'failed', attempts: 3 });
  });
});

describe('consumer receipts on DynamoDB Local', () => {
  const receipts = dynamoEventReceipts(db, stack.tableName);
  const logger = new Logger({ serviceName: 'test', logLevel: 'SILENT' });
  const envelope = (eventId: string) => ({
    id: crypto.randomUUID(),
    'detail-type': 'LessonCompleted',
    source: 'options-academy',
    detail: { eventId, userId: 'receipt-test', moduleId: 'm1', at: new Date().toISOString() },
  });
  const context = (awsRequestId: string) => ({ awsRequestId, getRemainingTimeInMillis: () => 30_000 });

  it('lets one of two deliveries at once claim the event and marks it consumed', async () => {
    let runs = 0;
    const handler = eventHandler({ consumer: 'itClaim', types: ['LessonCompleted'], receipts, logger }, async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 200));
    });
    const eventId = ulid();
    const outcomes = await Promise.all([handler(envelope(eventId), context('a')), handler(envelope(eventId), context('b'))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['consumed', 'in_progress']);
    expect((await handler(envelope(eventId), context('c'))).status).toBe('duplicate');
    expect(runs).toBe(1);
    const { Item } = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `EVENT#${eventId}`, SK: 'CONSUMED#itClaim' } }));
    expect(Item).toMatchObject({ entity: 'receipt', status: 'done', detailType: 'LessonCompleted', expiresAt: expect.any(Number) });
  });

  it("commits an award-style consumer's state once when two deliveries race, the receipt in the same transaction", async () => {
    const pk = `ITEST#${ulid()}`;
    const handler = eventHandler({ consumer: 'itAward', types: ['LessonCompleted'], receipts, logger, idempotency: 'transaction' }, async (_event, ctx) => {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            ctx.receipt,
            { Update: { TableName: stack.tableName, Key: { PK: pk, SK: 'XP' }, UpdateExpression: 'ADD xp :n', ExpressionAttributeValues: { ':n': 50 } } },
          ],
        }),
      );
    });
    const eventId = ulid();
    const outcomes = await Promise.all([handler(envelope(eventId), context('a')), handler(envelope(eventId), context('b'))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['consumed', 'duplicate']);
    const { Item } = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: pk, SK: 'XP' } }));
    expect(Item?.xp).toBe(50);
  });
});
