import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventReceipts, ReceiptInfo, ReceiptKey } from '../../commons/event-handler';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';

/**
 * Consumer receipts in the single table: `EVENT#<eventId>` / `CONSUMED#<consumer>` (one partition per event, so "who
 * consumed this event" is one Query). A receipt outlives the bus archive's 30 days, so a replay from the archive is
 * recognised too, and then expires by TTL.
 */
export const RECEIPT_ENTITY = 'receipt';
export const RECEIPT_TTL_SECONDS = 35 * 86_400;

const expiresAt = (nowMs: number) => Math.floor(nowMs / 1000) + RECEIPT_TTL_SECONDS;

export function dynamoEventReceipts(db: DynamoDBDocumentClient = documentClient(), table = tableName()): EventReceipts {
  const receiptItem = (key: ReceiptKey, info: ReceiptInfo, nowMs: number) => ({
    ...key,
    entity: RECEIPT_ENTITY,
    eventId: info.eventId,
    consumer: info.consumer,
    detailType: info.detailType,
    expiresAt: expiresAt(nowMs),
  });

  const receipts: EventReceipts = {
    async state(key) {
      const { Item } = await db.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
      if (!Item) return null;
      return Item.status === 'in_progress' ? 'in_progress' : 'done';
    },

    async claim(key, { owner, leaseUntil, now, ...info }) {
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: { ...receiptItem(key, info, now), status: 'in_progress', owner, leaseUntil },
            // Free, or claimed by this same invocation (Lambda retries keep the request id), or by a run whose time is up.
            ConditionExpression: 'attribute_not_exists(PK) OR (#status = :claimed AND (#owner = :owner OR leaseUntil < :now))',
            ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
            ExpressionAttributeValues: { ':claimed': 'in_progress', ':owner': owner, ':now': now },
          }),
        );
        return 'claimed';
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        return (await receipts.state(key)) === 'done' ? 'done' : 'busy';
      }
    },

    async complete(key, owner, now) {
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: key,
            UpdateExpression: 'SET #status = :done, consumedAt = :at REMOVE leaseUntil',
            ConditionExpression: '#owner = :owner',
            ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
            ExpressionAttributeValues: { ':done': 'done', ':owner': owner, ':at': new Date(now).toISOString() },
          }),
        );
      } catch (err) {
        // Our claim had lapsed and another run took the event over: it completes the receipt itself.
        if (!isConditionFailed(err)) throw err;
      }
    },

    async release(key, owner) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: table,
            Key: key,
            ConditionExpression: '#status = :claimed AND #owner = :owner',
            ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
            ExpressionAttributeValues: { ':claimed': 'in_progress', ':owner': owner },
          }),
        );
      } catch (err) {
        // Someone else's claim now (ours had lapsed): not ours to release.
        if (!isConditionFailed(err)) throw err;
      }
    },

    receiptPut(key, info, now) {
      return {
        Put: {
          TableName: table,
          Item: { ...receiptItem(key, info, now), status: 'done', consumedAt: new Date(now).toISOString() },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      };
    },
  };
  return receipts;
}
