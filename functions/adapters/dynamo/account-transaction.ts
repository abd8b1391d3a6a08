import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;
export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/**
 * A transaction being built, with the positions of its items whose failed condition means "already done" (a client id
 * already used, an order no longer in the status expected) rather than a lost race: conditions.ts failedConditionsAt
 * tells which item failed, and a failure at one of these answers `duplicate`.
 */
export interface GuardedTransaction {
  items: TransactItems;
  duplicateAt: number[];
}

/**
 * An order's puts in an account's transaction, the same for the paper and the demo accounts:
 * - a new order (`clientId` given): the client-id item and the order, each conditional on not existing, so a retried
 *   request with the same client id books nothing twice;
 * - an order that changes (`status` given): the order, conditional on its status still being the one read, so of two
 *   runs that change the same order (a fill and a cancel, two re-checks) one writes.
 */
export function putOrder(tx: GuardedTransaction, table: string, order: Item, guard: { clientId: Item } | { status: string }): void {
  tx.duplicateAt.push(tx.items.length);
  if ('clientId' in guard) {
    tx.items.push({ Put: { TableName: table, Item: guard.clientId, ConditionExpression: 'attribute_not_exists(PK)' } });
    tx.items.push({ Put: { TableName: table, Item: order, ConditionExpression: 'attribute_not_exists(PK)' } });
    return;
  }
  tx.items.push({
    Put: {
      TableName: table,
      Item: order,
      ConditionExpression: '#status = :expected',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':expected': guard.status },
    },
  });
}

/**
 * A position's write in the same transaction, the same for the paper and the demo accounts: closed (after: null), it is
 * deleted at the version read; opened (before: null), put at version 1 only if absent; changed, put at the next version
 * only if still at the one read. `key` is where it lives, `itemOf` the item of its state at a version.
 */
export function putPosition<P extends { version: number }>(
  tx: GuardedTransaction,
  table: string,
  key: { PK: string; SK: string },
  change: { before: P | null; after: P | null },
  itemOf: (position: P) => Item,
): void {
  const { before, after } = change;
  if (!after) {
    if (before)
      tx.items.push({ Delete: { TableName: table, Key: key, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': before.version } } });
    return;
  }
  tx.items.push(
    before
      ? {
          Put: {
            TableName: table,
            Item: itemOf({ ...after, version: before.version + 1 }),
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': before.version },
          },
        }
      : { Put: { TableName: table, Item: itemOf({ ...after, version: 1 }), ConditionExpression: 'attribute_not_exists(PK)' } },
  );
}
