import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, DeleteCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { BrokerActivity, BrokerLink, BrokerOrderRecord, BrokerPositionRecord, BrokerRepository } from '@shared/broker/broker.port';
import type { BrokerEnvironment } from '@shared/broker/credentials-form';
import { isOpenAtAlpaca } from '@shared/broker/order-mapping';
import { sharedBatchedGetter } from './batched-get';
import { documentClient, isExpired, tableName } from './client';
import { outboxPut } from './outbox';
import { userPk } from './profile-repository';
import { queryAll } from './query';

/**
 * The broker area's items under USER#<sub> (docs/architecture.md lists them), metadata only; the key pair lives in Secrets Manager:
 * - `BROKER#<env>`: the link (masked key id, level, acknowledgement, last validation) and the account figures;
 * - `BROKERSYNC#<env>#ORDERS` / `#POSITIONS`: the latest synced orders (100 newest) and positions with the time of the
 *   sync (`syncedAt`), one item each, so a live screen reads them in one GetItem and a sync replaces them whole. While
 *   an order of the list is still open at Alpaca, the orders item carries the sparse key GSI1PK = `BROKEROPEN`,
 *   GSI1SK = `<sub>#<env>`: the scheduled sync finds those learners with one Query on GSI1, never a Scan;
 * - `BORDERKEY#<env>#<client order id>`: the claim of an order's first attempt (kept 7 days), so a retry after a
 *   timeout asks Alpaca for the order before sending it again;
 * - `BROKERLOG#<env>#<time>#<ulid>`: the activity log (kept 30 days);
 * - `BFILL#<env>#<alpaca order id>`: a filled order's events were published (with them, in one transaction).
 */
const DAY = 86_400;
/** The sparse GSI1 partition of the orders items with an order still open at Alpaca. */
export const BROKER_OPEN_ORDERS = 'BROKEROPEN';
const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, entity: _e, expiresAt: _x, ...rest } = item;
  return rest as T;
};

export function dynamoBrokerRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): BrokerRepository {
  const linkKey = (userId: string, env: string) => ({ PK: userPk(userId), SK: `BROKER#${env}` });
  const syncKey = (userId: string, env: string, what: 'ORDERS' | 'POSITIONS') => ({ PK: userPk(userId), SK: `BROKERSYNC#${env}#${what}` });
  const orderKey = (userId: string, env: string, clientOrderId: string) => ({ PK: userPk(userId), SK: `BORDERKEY#${env}#${clientOrderId}` });
  const now = () => Math.floor(Date.now() / 1000);
  // Strongly consistent GetItems, batched with the other reads of the same moment (the account selector's venues).
  const getItem = sharedBatchedGetter(db, table);
  const readLink = async (userId: string, environment: string) => {
    const item = await getItem(linkKey(userId, environment));
    return item ? strip<BrokerLink>(item) : null;
  };

  return {
    async links(userId) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': userPk(userId), ':p': 'BROKER#' },
          ConsistentRead: true,
        }),
      );
      return (out.Items ?? []).map((i) => strip<BrokerLink>(i));
    },
    link: readLink,
    async putLink(userId, link) {
      await db.send(new PutCommand({ TableName: table, Item: { ...linkKey(userId, link.environment), entity: 'broker-link', ...link } }));
    },
    async removeLink(userId, environment) {
      await Promise.all([
        db.send(new DeleteCommand({ TableName: table, Key: linkKey(userId, environment) })),
        db.send(new DeleteCommand({ TableName: table, Key: syncKey(userId, environment, 'ORDERS') })),
        db.send(new DeleteCommand({ TableName: table, Key: syncKey(userId, environment, 'POSITIONS') })),
      ]);
    },
    async saveSync(userId, environment, sync) {
      const writes: Promise<unknown>[] = [];
      if (sync.account) {
        // Only an existing link takes the figures: a sync racing a delete must not bring the link back.
        writes.push(
          db
            .send(
              new UpdateCommand({
                TableName: table,
                Key: linkKey(userId, environment),
                UpdateExpression: 'SET account = :a',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeValues: { ':a': sync.account },
              }),
            )
            .catch((err: unknown) => {
              if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
            }),
        );
      }
      if (sync.orders)
        writes.push(
          db.send(
            new PutCommand({
              TableName: table,
              Item: {
                ...syncKey(userId, environment, 'ORDERS'),
                entity: 'broker-orders',
                orders: sync.orders.slice(0, 100),
                syncedAt: sync.at,
                ...(sync.orders.some((o) => isOpenAtAlpaca(o.status)) ? { GSI1PK: BROKER_OPEN_ORDERS, GSI1SK: `${userId}#${environment}` } : {}),
              },
            }),
          ),
        );
      if (sync.positions)
        writes.push(
          db.send(
            new PutCommand({
              TableName: table,
              Item: { ...syncKey(userId, environment, 'POSITIONS'), entity: 'broker-positions', positions: sync.positions, syncedAt: sync.at },
            }),
          ),
        );
      await Promise.all(writes);
    },
    async syncedOrders(userId, environment) {
      const item = await getItem(syncKey(userId, environment, 'ORDERS'));
      return { orders: (item?.orders as BrokerOrderRecord[] | undefined) ?? [], syncedAt: (item?.syncedAt as string | undefined) ?? null };
    },
    async syncedPositions(userId, environment) {
      const item = await getItem(syncKey(userId, environment, 'POSITIONS'));
      return { positions: (item?.positions as BrokerPositionRecord[] | undefined) ?? [], syncedAt: (item?.syncedAt as string | undefined) ?? null };
    },
    async learnersWithOpenOrders() {
      const items = await queryAll(db, table, {
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': BROKER_OPEN_ORDERS },
        ProjectionExpression: 'GSI1SK',
      });
      return items.map((item) => {
        const key = String(item.GSI1SK);
        const cut = key.lastIndexOf('#');
        return { userId: key.slice(0, cut), environment: key.slice(cut + 1) as BrokerEnvironment };
      });
    },
    async claimOrderKey(userId, environment, clientOrderId, request) {
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: { ...orderKey(userId, environment, clientOrderId), entity: 'broker-order-key', request, expiresAt: now() + 7 * DAY },
            ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
            ExpressionAttributeValues: { ':now': now() },
          }),
        );
        return { first: true };
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
        const item = await getItem(orderKey(userId, environment, clientOrderId));
        if (!item || isExpired(item, Date.now())) return { first: true };
        return { first: false, request: item.request };
      }
    },
    async releaseOrderKey(userId, environment, clientOrderId) {
      await db.send(new DeleteCommand({ TableName: table, Key: orderKey(userId, environment, clientOrderId) }));
    },
    async recordFill(userId, environment, alpacaOrderId, events) {
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: table,
                  Item: { PK: userPk(userId), SK: `BFILL#${environment}#${alpacaOrderId}`, entity: 'broker-fill', at: new Date().toISOString() },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              ...events.map((e) => outboxPut(table, e)),
            ],
          }),
        );
        return true;
      } catch (err) {
        if (err instanceof TransactionCanceledException && (err.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')) return false;
        throw err;
      }
    },
    async logActivity(userId, activity) {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: {
            PK: userPk(userId),
            SK: `BROKERLOG#${activity.environment}#${activity.created_at}#${ulid()}`,
            entity: 'broker-activity',
            ...activity,
            expiresAt: now() + 30 * DAY,
          },
        }),
      );
    },
    async activity(userId, environment, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': userPk(userId), ':p': `BROKERLOG#${environment}#` },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).filter((i) => !isExpired(i, Date.now())).map((i) => strip<BrokerActivity>(i));
    },
  };
}
