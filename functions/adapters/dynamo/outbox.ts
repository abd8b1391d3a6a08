import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { DomainEvent, EVENT_SOURCE } from '@shared/events/domain-events';
import type { EventOutbox } from '@shared/ports/events.port';
import { documentClient, tableName } from './client';

/**
 * The transactional outbox (docs/architecture.md, "Events"). An event is an item `OUTBOX#<eventId>` / `EVENT`, written
 * in the same TransactWriteItems as the state it reports; the table's stream carries new outbox items to the bus
 * (in AWS an EventBridge Pipe, locally local/outbox-relay.ts), and the item expires a day later by TTL.
 */
export const OUTBOX_ENTITY = 'outbox';
/** Every outbox item's partition key starts so; IAM grants a function that only writes events PutItem on these keys. */
export const OUTBOX_KEY_PREFIX = 'OUTBOX#';
export const OUTBOX_TTL_SECONDS = 86_400;

/**
 * Which stream records are events: inserts of outbox items. An EventBridge filter pattern over the stream record, used
 * as it is by the Pipe (infra/stacks/events-stack.ts) and by the local relay (local/outbox-relay.ts), so both keep the
 * same records. A TTL deletion or any other item's change is not an event.
 */
export const OUTBOX_STREAM_FILTER = {
  eventName: ['INSERT'],
  dynamodb: { NewImage: { entity: { S: [OUTBOX_ENTITY] } } },
} as const;

export interface OutboxItem {
  PK: string;
  SK: 'EVENT';
  entity: typeof OUTBOX_ENTITY;
  eventId: string;
  source: string;
  detailType: DomainEvent['type'];
  /** The event's detail as JSON, exactly what the bus will carry. */
  detail: string;
  createdAt: string;
  expiresAt: number;
}

/** The outbox item of an event; validated, so a malformed event fails the transaction's caller, not a consumer. */
export function outboxItem(event: DomainEvent, now: Date = new Date()): OutboxItem {
  const valid = DomainEvent.parse(event);
  return {
    PK: `${OUTBOX_KEY_PREFIX}${valid.detail.eventId}`,
    SK: 'EVENT',
    entity: OUTBOX_ENTITY,
    eventId: valid.detail.eventId,
    source: EVENT_SOURCE,
    detailType: valid.type,
    detail: JSON.stringify(valid.detail),
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + OUTBOX_TTL_SECONDS,
  };
}

/** The Put of an event's outbox item, for a TransactWriteItems; an event id is written once. */
export function outboxPut(table: string, event: DomainEvent, now?: Date) {
  return { Put: { TableName: table, Item: outboxItem(event, now), ConditionExpression: 'attribute_not_exists(PK)' } };
}

/** The PutEvents entry of an outbox item (plain, unmarshalled), as the Pipe's enrichment and the local relay send it. */
export function busEntryOf(item: Pick<OutboxItem, 'source' | 'detailType' | 'detail'>, busName: string) {
  return { EventBusName: busName, Source: item.source, DetailType: item.detailType, Detail: item.detail };
}

/** Events that are the whole change (a request to ingest): their outbox items alone, in one transaction. */
export function dynamoEventOutbox(db: DynamoDBDocumentClient = documentClient(), table = tableName(), now: () => Date = () => new Date()): EventOutbox {
  return {
    async enqueue(events) {
      for (let i = 0; i < events.length; i += 100) {
        await db.send(new TransactWriteCommand({ TransactItems: events.slice(i, i + 100).map((e) => outboxPut(table, e, now())) }));
      }
    },
  };
}
