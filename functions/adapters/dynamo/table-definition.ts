/**
 * The single table, defined once: the CDK stack (infra/stacks/data-stack.ts) and the local stack
 * (local/dynamodb.ts) both build their table from this, so key schema, GSIs and TTL cannot drift.
 */
export const TABLE_KEYS = { partitionKey: 'PK', sortKey: 'SK' } as const;

/** Epoch seconds; DynamoDB's TTL deletes the item some time after this passes (see docs/architecture.md, "Data model"). */
export const TTL_ATTRIBUTE = 'expiresAt';

export interface GsiDefinition {
  indexName: string;
  partitionKey: string;
  sortKey: string;
}

/**
 * GSI1: secondary lookups inside one user or one market key (e.g. an order by its client order id).
 * GSI2: sparse leaderboards and cross-user listings; only items that set GSI2PK appear in it.
 */
export const GLOBAL_SECONDARY_INDEXES: readonly GsiDefinition[] = [
  { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
  { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
];

/**
 * The table's stream carries each new item's image; the outbox relay (an EventBridge Pipe in AWS, local/outbox-relay.ts
 * locally) reads it and puts new outbox items on the bus. NEW_IMAGE is enough: an outbox item is only ever inserted.
 */
export const STREAM_VIEW_TYPE = 'NEW_IMAGE' as const;

/** Every key attribute is a string. */
export const KEY_ATTRIBUTE_TYPE = 'S' as const;

export const DEFAULT_TABLE_NAME = 'options-academy';
