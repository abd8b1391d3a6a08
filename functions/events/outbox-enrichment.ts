import type { DynamoDBRecord } from 'aws-lambda';
import { busEntryOf, type OutboxItem } from '../adapters/dynamo/outbox';

/**
 * The EventBridge Pipe's enrichment (docs/architecture.md, "Events"): the table's stream records that passed the Pipe's
 * filter (OUTBOX_STREAM_FILTER) become the events the Pipe puts on the bus. The local relay (local/outbox-relay.ts)
 * turns records into PutEvents entries with the same `outboxEventOf`, so the two paths cannot disagree on what an event is.
 *
 * Not an input template alone: the detail is kept as JSON text (its shape varies by event type), and a template inserts
 * a string attribute as a JSON string, not as the object it encodes; the target's DetailType must also come from the item.
 */
export type StreamRecordLike = Pick<DynamoDBRecord, 'eventName'> & {
  dynamodb?: { NewImage?: Record<string, { S?: string } | undefined>; SequenceNumber?: string };
};

export type OutboxEvent = Pick<OutboxItem, 'eventId' | 'source' | 'detailType' | 'detail'>;

/** What an outbox item's new image says: the event's id, source, detail-type and detail (JSON text). */
export function outboxEventOf(record: StreamRecordLike): OutboxEvent {
  const image = record.dynamodb?.NewImage ?? {};
  const text = (name: string) => {
    const value = image[name]?.S;
    if (typeof value !== 'string' || value === '') throw new Error(`The outbox item ${image.PK?.S ?? '(no key)'} has no ${name}`);
    return value;
  };
  const detail = text('detail');
  const parsed: unknown = JSON.parse(detail);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`The outbox item ${image.PK?.S} has a detail that is not a JSON object`);
  return { eventId: text('eventId'), source: text('source'), detailType: text('detailType') as OutboxItem['detailType'], detail };
}

/** The PutEvents entry of a stream record (the local relay's path). */
export const busEntryOfRecord = (record: StreamRecordLike, busName: string) => busEntryOf(outboxEventOf(record), busName);

/** What the Pipe's target reads: DetailType `$.detailType`, Source `$.source`, and the bus event's detail `<$.detail>`. */
export interface PipeEvent {
  source: string;
  detailType: string;
  detail: Record<string, unknown>;
}

export const pipeEventOf = (record: StreamRecordLike): PipeEvent => {
  const event = outboxEventOf(record);
  return { source: event.source, detailType: event.detailType, detail: JSON.parse(event.detail) as Record<string, unknown> };
};

/**
 * Pipes invokes the enrichment synchronously with a batch of records and passes the array it returns to the target, one
 * event per element. A record that cannot be read throws: the Pipe retries the batch and then parks it in its dead-letter
 * queue, rather than dropping an event.
 */
export const handler = async (records: StreamRecordLike[]): Promise<PipeEvent[]> => records.map(pipeEventOf);
