import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record } from '@aws-sdk/client-dynamodb-streams';
import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxItem } from '../../functions/adapters/dynamo/outbox';
import { domainEvent } from '@shared/events/domain-events';
import { parentsFirst, startOutboxRelay, type RunningOutboxRelay } from '../../local/outbox-relay';

/**
 * The relay against mocked stream and EventBridge APIs, for what DynamoDB Local cannot be made to do in a test (roll a
 * shard over, which it does every 4 hours; refuse some entries of a PutEvents). The integration tests run it for real.
 */
const region = 'us-east-1';
const credentials = { accessKeyId: 'x', secretAccessKey: 'x' };
const dynamodb = new DynamoDBClient({ region, credentials });
const streams = new DynamoDBStreamsClient({ region, credentials });
const bus = new EventBridgeClient({ region, credentials });
const ddbMock = mockClient(dynamodb);
const streamsMock = mockClient(streams);
const busMock = mockClient(bus);
const STREAM = 'arn:aws:dynamodb:ddblocal:000000000000:table/t/stream/2026-11-25T00:00:00.000';

type FakeShard = { id: string; parent?: string; closed: boolean; records: _Record[] };

const ulid = (n: number) => `01JD${String(n).padStart(22, '0')}`;
let seq = 0;
const outboxRecord = (n: number): _Record => {
  const item = outboxItem(domainEvent('LessonCompleted', { userId: 'u', moduleId: `m${n}`, at: '2026-11-25T10:00:00.000Z' }, ulid(n)));
  return {
    eventName: 'INSERT',
    dynamodb: {
      SequenceNumber: String(++seq).padStart(21, '0'),
      NewImage: Object.fromEntries(Object.entries(item).map(([k, v]) => [k, typeof v === 'number' ? { N: String(v) } : { S: v }])),
    },
  };
};
const otherRecord = (): _Record => ({ eventName: 'MODIFY', dynamodb: { SequenceNumber: String(++seq).padStart(21, '0'), NewImage: { PK: { S: 'MARKET' } } } });

/** A stream whose shards and records the test controls; iterators are `<shard>@<index of the next record>`. */
function fakeStream(shards: FakeShard[]) {
  ddbMock.on(DescribeTableCommand).resolves({ Table: { LatestStreamArn: STREAM, StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } } });
  streamsMock.on(DescribeStreamCommand).callsFake(() => ({
    StreamDescription: {
      StreamArn: STREAM,
      Shards: shards.map((s) => ({
        ShardId: s.id,
        ParentShardId: s.parent,
        SequenceNumberRange: { StartingSequenceNumber: '1', EndingSequenceNumber: s.closed ? '999' : undefined },
      })),
    },
  }));
  const iteratorCalls: { shard: string; type: string; after?: string }[] = [];
  streamsMock.on(GetShardIteratorCommand).callsFake((input) => {
    const shard = shards.find((s) => s.id === input.ShardId)!;
    iteratorCalls.push({ shard: shard.id, type: input.ShardIteratorType, after: input.SequenceNumber });
    const start =
      input.ShardIteratorType === 'AFTER_SEQUENCE_NUMBER' ? shard.records.findIndex((r) => r.dynamodb!.SequenceNumber === input.SequenceNumber) + 1 : 0;
    return { ShardIterator: `${shard.id}@${start}` };
  });
  streamsMock.on(GetRecordsCommand).callsFake((input) => {
    const [id, at] = String(input.ShardIterator).split('@') as [string, string];
    const shard = shards.find((s) => s.id === id)!;
    const from = Number(at);
    const page = shard.records.slice(from, from + 3);
    const end = from + page.length;
    const finished = shard.closed && end >= shard.records.length;
    return { Records: page, NextShardIterator: finished ? undefined : `${id}@${end}` };
  });
  return { iteratorCalls };
}

const sentEvents = () =>
  busMock
    .commandCalls(PutEventsCommand)
    .flatMap((c) => (c.args[0].input.Entries ?? []).map((e: PutEventsRequestEntry) => JSON.parse(e.Detail!).moduleId as string));

let relay: RunningOutboxRelay | undefined;
let checkpointFile: string;
const start = () => {
  relay = startOutboxRelay({
    tableName: 't',
    busName: 'bus',
    checkpointFile,
    dynamodb,
    streams,
    events: bus,
    pollMs: 5,
    backoff: { firstMs: 5, maxMs: 20 },
    log: () => undefined,
  });
  return relay;
};
const until = async (done: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

beforeEach(() => {
  ddbMock.reset();
  streamsMock.reset();
  busMock.reset();
  seq = 0;
  checkpointFile = path.join(mkdtempSync(path.join(tmpdir(), 'oa-relay-')), 'outbox-relay.json');
});
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

describe('the local outbox relay', () => {
  it('puts inserted outbox items on the bus and nothing else, as the Pipe filter does', async () => {
    fakeStream([{ id: 'a', closed: false, records: [outboxRecord(1), otherRecord(), outboxRecord(2)] }]);
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'x' }, { EventId: 'y' }] });
    const r = start();
    await until(() => r.delivered() === 2, 'two events');
    expect(sentEvents()).toEqual(['m1', 'm2']);
    expect(busMock.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]).toMatchObject({
      EventBusName: 'bus',
      Source: 'options-academy',
      DetailType: 'LessonCompleted',
    });
  });

  it('holds the events while PutEvents fails and sends them, in order, once the bus answers; nothing later goes first', async () => {
    fakeStream([{ id: 'a', closed: false, records: [outboxRecord(1), outboxRecord(2), outboxRecord(3), outboxRecord(4)] }]);
    let down = 5;
    busMock.on(PutEventsCommand).callsFake((input) => {
      if (down-- > 0) throw Object.assign(new Error('connect ECONNREFUSED'), { name: 'Error' });
      return { FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: 'e' })) };
    });
    const r = start();
    await until(() => r.delivered() === 4, 'four events');
    const calls = busMock.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries!.map((e) => JSON.parse(e.Detail!).moduleId));
    // Five refused attempts at the first page, then that page, then the next: never the second page before the first.
    expect(calls.slice(0, 6)).toEqual(Array(6).fill(['m1', 'm2', 'm3']));
    expect(calls[6]).toEqual(['m4']);
  });

  it('sends again only the entries EventBridge refused in a partial failure', async () => {
    fakeStream([{ id: 'a', closed: false, records: [outboxRecord(1), outboxRecord(2), outboxRecord(3)] }]);
    busMock
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 1, Entries: [{ EventId: '1' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }, { EventId: '3' }] })
      .resolves({ FailedEntryCount: 0, Entries: [{ EventId: '2' }] });
    const r = start();
    await until(() => r.delivered() === 3, 'three events');
    expect(busMock.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries!.map((e) => JSON.parse(e.Detail!).moduleId))).toEqual([
      ['m1', 'm2', 'm3'],
      ['m2'],
    ]);
  });

  it('reads a rolled-over shard to its end before its child', async () => {
    const parent: FakeShard = { id: 'parent', closed: true, records: [outboxRecord(1), outboxRecord(2), outboxRecord(3), outboxRecord(4)] };
    const child: FakeShard = { id: 'child', parent: 'parent', closed: false, records: [outboxRecord(5)] };
    // Listed child first: the relay must not trust the order DescribeStream gives.
    fakeStream([child, parent]);
    busMock.on(PutEventsCommand).callsFake((input) => ({ FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: 'e' })) }));
    const r = start();
    await until(() => r.delivered() === 5, 'five events');
    expect(sentEvents()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(JSON.parse(readFileSync(checkpointFile, 'utf8')).shards.parent).toEqual({ after: parent.records[3]!.dynamodb!.SequenceNumber, done: true });
  });

  it('resumes after a restart from its checkpoint: what went out before is not sent again', async () => {
    const shard: FakeShard = { id: 'a', closed: false, records: [outboxRecord(1), outboxRecord(2)] };
    const { iteratorCalls } = fakeStream([shard]);
    busMock.on(PutEventsCommand).callsFake((input) => ({ FailedEntryCount: 0, Entries: input.Entries.map(() => ({ EventId: 'e' })) }));
    let r = start();
    await until(() => r.delivered() === 2, 'the first two');
    await r.stop();

    shard.records.push(outboxRecord(3));
    r = start();
    await until(() => r.delivered() === 1, 'the one written while stopped');
    expect(sentEvents()).toEqual(['m1', 'm2', 'm3']);
    expect(iteratorCalls.at(-1)).toEqual({ shard: 'a', type: 'AFTER_SEQUENCE_NUMBER', after: shard.records[1]!.dynamodb!.SequenceNumber });
  });

  it('starts a new stream (the table made anew) from its beginning, whatever an old checkpoint says', async () => {
    const { iteratorCalls } = fakeStream([{ id: 'a', closed: false, records: [outboxRecord(1)] }]);
    busMock.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(checkpointFile, JSON.stringify({ streamArn: 'arn:old', shards: { a: { after: '000000000000000000099' } } }));
    const r = start();
    await until(() => r.delivered() === 1, 'the event');
    expect(iteratorCalls[0]).toEqual({ shard: 'a', type: 'TRIM_HORIZON', after: undefined });
  });

  it('orders shards parents first even when DescribeStream lists them otherwise', () => {
    const ids = parentsFirst([
      { ShardId: 'c', ParentShardId: 'b' },
      { ShardId: 'b', ParentShardId: 'a' },
      { ShardId: 'a', ParentShardId: 'trimmed-long-ago' },
    ]).map((s) => s.ShardId);
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});
