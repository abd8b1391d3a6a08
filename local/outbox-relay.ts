import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type DynamoDBStreamsClient,
  type Shard,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { PutEventsCommand, type EventBridgeClient, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { OUTBOX_STREAM_FILTER } from '../functions/adapters/dynamo/outbox';
import { busEntryOfRecord, type StreamRecordLike } from '../functions/events/outbox-enrichment';
import { matchesPattern } from './event-pattern';
import { backoffDelayMs } from '@shared/backoff';

/**
 * The local twin of the EventBridge Pipe (infra/stacks/events-stack.ts): reads the table's stream from DynamoDB Local,
 * keeps inserts of outbox items (OUTBOX_STREAM_FILTER, the Pipe's filter), turns each into a PutEvents entry with the
 * Pipe enrichment's transform, and puts them on the local bus with the real EventBridgeClient.
 *
 * Delivery is at least once and never skips ahead: a failed PutEvents (endpoint unreachable, or FailedEntryCount > 0) is
 * retried with backoff, only the entries that failed, until they are accepted; the position in each shard is saved to a
 * checkpoint file under DATA_DIR after every accepted batch, so an event written while the stack or the bus was down
 * goes out when both are back. A stop in the middle of a retried batch may send its accepted entries again after a
 * restart; consumers are idempotent by event id.
 *
 * DynamoDB Local's streams, as checked on this machine (the jar in amplify-dynamodb-simulator, 2024-07):
 * - records are kept 24 h (RECORD_SURVIVAL_DURATION) and survive a restart with -dbPath; -inMemory loses them with the
 *   table, and the new table's stream has a new ARN, so a checkpoint of another stream is ignored;
 * - a shard rolls over every 4 h (SHARD_ROLLOVER_TIME): it gets an EndingSequenceNumber and a child names it as
 *   ParentShardId, so shards are read parent first and a closed shard is finished when GetRecords stops returning
 *   a next iterator;
 * - shard iterators expire after 15 minutes, GetRecords returns at most 1000 records; a record is readable about
 *   10 ms after its write, so the latency here is the poll interval.
 */
export interface OutboxRelayOptions {
  tableName: string;
  busName: string;
  checkpointFile: string;
  dynamodb: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  events: EventBridgeClient;
  /** Pause between reads of a caught-up stream. */
  pollMs?: number;
  /** Backoff of retried PutEvents calls and of failed stream reads: first, doubling up to max. */
  backoff?: { firstMs: number; maxMs: number };
  log: (line: string) => void;
}

export interface RunningOutboxRelay {
  /** Events accepted by the bus since start. */
  delivered(): number;
  stop(): Promise<void>;
}

interface Checkpoint {
  streamArn: string;
  /** Per shard: the sequence number of the last record handled, and whether a closed shard was read to its end. */
  shards: Record<string, { after?: string; done?: boolean }>;
}

const MAX_ENTRIES_PER_PUT = 10;
/** Shards change only when one rolls over (every 4 h) or is trimmed (after 24 h): the list is re-read now and then. */
const SHARD_LIST_REFRESH_MS = 10_000;

class Stopped extends Error {}

export function startOutboxRelay(opts: OutboxRelayOptions): RunningOutboxRelay {
  const pollMs = opts.pollMs ?? 200;
  const backoff = opts.backoff ?? { firstMs: 200, maxMs: 5_000 };
  const delay = (attempt: number) => backoffDelayMs(attempt, backoff.firstMs, backoff.maxMs);
  const abort = new AbortController();
  let stopped = false;
  let delivered = 0;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  let checkpoint = readCheckpoint(opts.checkpointFile);
  const iterators = new Map<string, string>();
  let shards: Shard[] = [];
  let shardsReadAt = 0;
  let arnChecked = false;

  const save = (shardId: string, patch: { after?: string; done?: boolean }) => {
    checkpoint!.shards[shardId] = { ...checkpoint!.shards[shardId], ...patch };
    writeCheckpoint(opts.checkpointFile, checkpoint!);
  };

  async function streamArn(): Promise<string> {
    if (checkpoint && arnChecked) return checkpoint.streamArn;
    const { Table } = await opts.dynamodb.send(new DescribeTableCommand({ TableName: opts.tableName }), { abortSignal: abort.signal });
    const arn = Table?.LatestStreamArn;
    if (!arn || !Table?.StreamSpecification?.StreamEnabled) throw new Error(`table ${opts.tableName} has no stream`);
    if (checkpoint?.streamArn !== arn) {
      if (checkpoint) opts.log(`outbox relay: the table has a new stream; reading it from its start`);
      checkpoint = { streamArn: arn, shards: {} };
      writeCheckpoint(opts.checkpointFile, checkpoint);
    }
    arnChecked = true;
    return arn;
  }

  async function listShards(arn: string): Promise<Shard[]> {
    const all: Shard[] = [];
    let ExclusiveStartShardId: string | undefined;
    do {
      const out = await opts.streams.send(new DescribeStreamCommand({ StreamArn: arn, ExclusiveStartShardId }), { abortSignal: abort.signal });
      all.push(...(out.StreamDescription?.Shards ?? []));
      ExclusiveStartShardId = out.StreamDescription?.LastEvaluatedShardId;
    } while (ExclusiveStartShardId);
    return parentsFirst(all);
  }

  async function newIterator(arn: string, shardId: string): Promise<string> {
    const after = checkpoint!.shards[shardId]?.after;
    const input = after
      ? { StreamArn: arn, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: after }
      : { StreamArn: arn, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' as const };
    try {
      const out = await opts.streams.send(new GetShardIteratorCommand(input), { abortSignal: abort.signal });
      return out.ShardIterator!;
    } catch (err) {
      if (!after || (err as Error).name !== 'TrimmedDataAccessException') throw err;
      trimmed(shardId, after);
      return newIterator(arn, shardId);
    }
  }

  /** Only after more than a day away: the records after the checkpoint are gone, and so are the events in them. */
  function trimmed(shardId: string, after: string | undefined): void {
    opts.log(`outbox relay: records of shard ${shardId} after ${after ?? 'its start'} were trimmed (older than 24 h); events in them are lost`);
    save(shardId, { after: undefined });
  }

  /** Reads one shard from its checkpoint until it is caught up (open shard) or finished (closed shard). */
  async function drain(arn: string, shardId: string): Promise<void> {
    let iterator = iterators.get(shardId) ?? (await newIterator(arn, shardId));
    for (;;) {
      if (stopped) throw new Stopped();
      let page;
      try {
        page = await opts.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }), { abortSignal: abort.signal });
      } catch (err) {
        const name = (err as Error).name;
        if (name === 'TrimmedDataAccessException') trimmed(shardId, checkpoint!.shards[shardId]?.after);
        else if (name !== 'ExpiredIteratorException') throw err;
        iterator = await newIterator(arn, shardId);
        continue;
      }
      const records = page.Records ?? [];
      if (records.length) await deliver(shardId, records);
      if (!page.NextShardIterator) {
        iterators.delete(shardId);
        save(shardId, { done: true });
        shardsReadAt = 0;
        return;
      }
      iterator = page.NextShardIterator;
      iterators.set(shardId, iterator);
      if (!records.length) return;
    }
  }

  async function deliver(shardId: string, records: _Record[]): Promise<void> {
    const events: { entry: PutEventsRequestEntry; sequence: string }[] = [];
    for (const record of records) {
      if (!matchesPattern(OUTBOX_STREAM_FILTER, record as Record<string, unknown>)) continue;
      const sequence = record.dynamodb?.SequenceNumber ?? '';
      try {
        events.push({ entry: busEntryOfRecord(record as StreamRecordLike, opts.busName), sequence });
      } catch (err) {
        // Cannot happen for items written by outboxItem(), which validates; the Pipe would park such a record in its DLQ.
        opts.log(`outbox relay: record ${sequence} is not a readable outbox item and is skipped: ${(err as Error).message}`);
      }
    }
    for (let i = 0; i < events.length; i += MAX_ENTRIES_PER_PUT) {
      const batch = events.slice(i, i + MAX_ENTRIES_PER_PUT);
      await putUntilAccepted(batch.map((e) => e.entry));
      save(shardId, { after: batch[batch.length - 1]!.sequence });
    }
    const last = records[records.length - 1]?.dynamodb?.SequenceNumber;
    if (last) save(shardId, { after: last });
  }

  async function putUntilAccepted(entries: PutEventsRequestEntry[]): Promise<void> {
    let pending = entries;
    for (let attempt = 0; ; attempt++) {
      let reason: string;
      try {
        const out = await opts.events.send(new PutEventsCommand({ Entries: pending }), { abortSignal: abort.signal });
        if (!out.FailedEntryCount) {
          delivered += pending.length;
          if (attempt > 0) opts.log(`outbox relay: the bus accepted the held events after ${attempt + 1} attempts`);
          return;
        }
        const results = out.Entries ?? [];
        const failed = pending.filter((_, i) => results[i]?.ErrorCode);
        // Entries accepted in a partial failure are on the bus; only the others are sent again.
        delivered += pending.length - (failed.length || pending.length);
        if (failed.length) pending = failed;
        reason = results
          .filter((r) => r.ErrorCode)
          .map((r) => `${r.ErrorCode}: ${r.ErrorMessage}`)
          .join('; ');
      } catch (err) {
        if (stopped) throw new Stopped();
        reason = (err as Error).message;
      }
      if (attempt === 0 || attempt % 20 === 0) opts.log(`outbox relay: PutEvents failed (${reason}); holding ${pending.length} event(s) and retrying`);
      await sleep(delay(attempt));
      if (stopped) throw new Stopped();
    }
  }

  async function pass(): Promise<void> {
    const arn = await streamArn();
    if (Date.now() - shardsReadAt > SHARD_LIST_REFRESH_MS) {
      shards = await listShards(arn);
      shardsReadAt = Date.now();
      const listed = new Set(shards.map((s) => s.ShardId!));
      // Shards DynamoDB trimmed (a day after they closed) leave the checkpoint too.
      for (const id of Object.keys(checkpoint!.shards)) if (!listed.has(id)) delete checkpoint!.shards[id];
    }
    const listed = new Set(shards.map((s) => s.ShardId!));
    for (const shard of shards) {
      const id = shard.ShardId!;
      if (checkpoint!.shards[id]?.done) continue;
      // A child waits until its parent is read to the end, so events leave in the order they were written.
      if (shard.ParentShardId && listed.has(shard.ParentShardId) && !checkpoint!.shards[shard.ParentShardId]?.done) continue;
      await drain(arn, id);
    }
  }

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        await pass();
        failures = 0;
        await sleep(pollMs);
      } catch (err) {
        if (stopped || err instanceof Stopped) break;
        if (failures === 0) opts.log(`outbox relay: reading the stream failed (${(err as Error).message}); retrying`);
        iterators.clear();
        shardsReadAt = 0;
        arnChecked = false;
        await sleep(delay(failures++));
      }
    }
  })();

  return {
    delivered: () => delivered,
    async stop() {
      stopped = true;
      abort.abort();
      wake?.();
      await loop;
    },
  };
}

/** Parents before children (a shard's parent may also be gone: trimmed after 24 h). */
export function parentsFirst(shards: readonly Shard[]): Shard[] {
  const byId = new Map(shards.map((s) => [s.ShardId!, s]));
  const out: Shard[] = [];
  const seen = new Set<string>();
  const visit = (s: Shard) => {
    if (seen.has(s.ShardId!)) return;
    seen.add(s.ShardId!);
    const parent = s.ParentShardId ? byId.get(s.ParentShardId) : undefined;
    if (parent) visit(parent);
    out.push(s);
  };
  for (const s of shards) visit(s);
  return out;
}

function readCheckpoint(file: string): Checkpoint | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Checkpoint;
    return typeof parsed.streamArn === 'string' && parsed.shards && typeof parsed.shards === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole and renamed into place, so a crash mid-write leaves the previous checkpoint, never half of one. */
function writeCheckpoint(file: string, checkpoint: Checkpoint): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(checkpoint));
  renameSync(tmp, file);
}
