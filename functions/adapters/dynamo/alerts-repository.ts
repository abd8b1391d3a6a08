import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { alertUnderlying, type Alert } from '@shared/alerts/alert';
import { MAX_FIRINGS_TOGETHER, type AlertsRepository, type Firing } from '@shared/alerts/alerts.port';
import { NOTIFICATION_TTL_DAYS, type AppNotification } from '@shared/alerts/notification';
import { documentClient, tableName } from './client';
import { cancellationReasons, failedConditionsAt, isConditionFailed, isTransactionConflict } from './conditions';
import { outboxPut } from './outbox';
import { userPk } from './profile-repository';
import { queryAll, queryCount, type QueryInput } from './query';
import { TTL_ATTRIBUTE } from './table-definition';

/**
 * The learner's alerts and notifications in the single table, under the learner's own USER#<sub> (so the account export
 * and the account deletion cover them):
 *   ALERT#A#<ulid>                  an alert; while active also in GSI1 under ALERTS#ON#<underlying>, so the consumer
 *                                   finds an ingestion's alerts without a scan
 *   ALERT#COUNT                     `active`: how many are active, the item every change of the count is conditional on
 *   ALERT#FIRED#<alertId>#<day>     the fired record: one per alert and trading day, written once
 *   ALERT#SETTINGS                  `emailOn`
 *   ALERT#MAILED#<alertId>#<day>    the record of that firing's e-mail: written once, before the send
 *   NOTE#<ulid>                     a notification (newest last in key order), removed by the TTL 90 days after it was
 *                                   written; while unread also in GSI2 under UNREAD#<sub> (sparse: marking it read
 *                                   removes its GSI2 keys), so the bell counts only the unread ones (Select COUNT)
 * A creation, a pause or resume, a deletion and a firing are each one TransactWriteItems with the count; several of one
 * learner's firings after an ingestion go in one (fireTogether), with one change of the count.
 */
const ALERT_PREFIX = 'ALERT#A#';
const COUNT_SK = 'ALERT#COUNT';
const FIRED_PREFIX = 'ALERT#FIRED#';
const SETTINGS_SK = 'ALERT#SETTINGS';
const MAILED_PREFIX = 'ALERT#MAILED#';
const NOTE_PREFIX = 'NOTE#';
export const alertsOnKey = (underlying: string) => `ALERTS#ON#${underlying}`;
/** The sparse GSI2 partition of a learner's unread notifications. */
export const unreadKey = (userId: string) => `UNREAD#${userId}`;
const noteExpiresAt = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400;

type Item = Record<string, unknown>;
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

const strip = <T>(item: Item | undefined): T | null => {
  if (!item) return null;
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, GSI2PK: _g3, GSI2SK: _g4, entity: _e, [TTL_ATTRIBUTE]: _x, ...rest } = item;
  return rest as T;
};
const userOf = (pk: unknown) => String(pk).slice('USER#'.length);

export function dynamoAlertsRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): AlertsRepository {
  const pk = userPk;
  const query = (input: QueryInput, limit?: number): Promise<Item[]> => queryAll(db, table, input, { limit });

  const alertItem = (userId: string, a: Alert): Item => ({
    PK: pk(userId),
    SK: `${ALERT_PREFIX}${a.id}`,
    entity: 'alert',
    ...a,
    ...(a.status === 'active' ? { GSI1PK: alertsOnKey(alertUnderlying(a.condition)), GSI1SK: `${userId}#${a.id}` } : {}),
  });
  /** Adds `delta` to the active count; an increase is conditional on staying within `max`. */
  const countChange = (userId: string, delta: number, max: number) => ({
    Update: {
      TableName: table,
      Key: { PK: pk(userId), SK: COUNT_SK },
      UpdateExpression: 'SET active = if_not_exists(active, :zero) + :d, entity = :e',
      ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(active) OR active < :max' } : {}),
      ExpressionAttributeValues: { ':zero': 0, ':d': delta, ':e': 'alert-count', ...(delta > 0 ? { ':max': max } : {}) },
    },
  });
  /** The alert as read: its status and fired count unchanged since. */
  const unchanged = (a: Alert) => ({
    ConditionExpression: '#status = :status AND firedCount = :fired',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': a.status, ':fired': a.firedCount },
  });

  /** A firing's items: the fired record first (its condition failing means a duplicate), the alert, the notification, the event. */
  const firingItems = (userId: string, { key, next, expectedFiredCount, notification, announce }: Firing): TransactItems => [
    {
      Put: {
        TableName: table,
        Item: {
          PK: pk(userId),
          SK: `${FIRED_PREFIX}${key}`,
          entity: 'alert-fired',
          alertId: next.id,
          notificationId: notification.id,
          at: notification.createdAt,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    { Put: { TableName: table, Item: alertItem(userId, next), ...unchanged({ ...next, status: 'active', firedCount: expectedFiredCount }) } },
    {
      Put: {
        TableName: table,
        Item: {
          PK: pk(userId),
          SK: `${NOTE_PREFIX}${notification.id}`,
          entity: 'notification',
          ...notification,
          ...(notification.readAt === null ? { GSI2PK: unreadKey(userId), GSI2SK: `${NOTE_PREFIX}${notification.id}` } : {}),
          [TTL_ATTRIBUTE]: noteExpiresAt(notification.createdAt),
        },
      },
    },
    ...(announce ? [outboxPut(table, announce, new Date(notification.createdAt))] : []),
  ];

  /** Runs a transaction; names which item's condition failed, or 'conflict' for a race with another transaction. */
  async function transact(items: TransactItems): Promise<'ok' | 'conflict' | number[]> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (err) {
      if (!cancellationReasons(err)) throw err;
      const failedAt = failedConditionsAt(err);
      if (failedAt.length) return failedAt;
      if (isTransactionConflict(err)) return 'conflict';
      throw err;
    }
  }

  const getAlert = async (userId: string, alertId: string): Promise<Alert | null> => {
    const out = await db.send(new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${ALERT_PREFIX}${alertId}` }, ConsistentRead: true }));
    return strip<Alert>(out.Item);
  };

  const notes = (userId: string, limit?: number) =>
    query(
      {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': NOTE_PREFIX },
        ScanIndexForward: false,
        ConsistentRead: true,
        ...(limit ? { Limit: limit } : {}),
      },
      limit,
    );

  return {
    async listAlerts(userId) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': ALERT_PREFIX },
        ConsistentRead: true,
      });
      return items.map((i) => strip<Alert>(i)!);
    },

    getAlert,

    async createAlert(userId, alert, maxActive) {
      const out = await transact([
        countChange(userId, 1, maxActive),
        { Put: { TableName: table, Item: alertItem(userId, alert), ConditionExpression: 'attribute_not_exists(PK)' } },
      ]);
      if (out === 'ok') return 'ok';
      if (Array.isArray(out) && out.includes(0)) return 'limit';
      throw new Error(`Creating alert ${alert.id} failed: ${String(out)}`);
    },

    async setStatus(userId, alert, status, maxActive) {
      const out = await transact([
        { Put: { TableName: table, Item: alertItem(userId, { ...alert, status }), ...unchanged(alert) } },
        countChange(userId, status === 'active' ? 1 : -1, maxActive),
      ]);
      if (out === 'ok') return 'ok';
      if (Array.isArray(out) && out.includes(1)) return 'limit';
      return (await getAlert(userId, alert.id)) ? 'conflict' : 'not_found';
    },

    async deleteAlert(userId, alertId) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const alert = await getAlert(userId, alertId);
        if (!alert) return 'not_found';
        const items: TransactItems = [{ Delete: { TableName: table, Key: { PK: pk(userId), SK: `${ALERT_PREFIX}${alertId}` }, ...unchanged(alert) } }];
        if (alert.status === 'active') items.push(countChange(userId, -1, 0));
        if ((await transact(items)) === 'ok') return 'ok';
      }
      throw new Error(`Deleting alert ${alertId} kept losing races`);
    },

    async fire(userId, firing) {
      const items = firingItems(userId, firing);
      if (firing.next.status !== 'active') items.push(countChange(userId, -1, 0));
      const out = await transact(items);
      if (out === 'ok') return 'ok';
      if (Array.isArray(out) && out.includes(0)) return 'duplicate';
      return 'conflict';
    },

    async fireTogether(userId, firings) {
      if (firings.length > MAX_FIRINGS_TOGETHER) throw new Error(`At most ${MAX_FIRINGS_TOGETHER} firings go in one transaction, not ${firings.length}`);
      const items = firings.flatMap((f) => firingItems(userId, f));
      // One update of the count for all the one-shot alerts retired: a transaction may not touch an item twice.
      const retired = firings.filter((f) => f.next.status !== 'active').length;
      if (retired) items.push(countChange(userId, -retired, 0));
      return (await transact(items)) === 'ok';
    },

    async activeAlertsOn(underlyings) {
      const lists = await Promise.all(
        [...new Set(underlyings)].map((u) =>
          query({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': alertsOnKey(u) } }),
        ),
      );
      return lists.flat().map((i) => ({ userId: userOf(i.PK), alert: strip<Alert>(i)! }));
    },

    async getNotification(userId, notificationId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${NOTE_PREFIX}${notificationId}` }, ConsistentRead: true }));
      return strip<AppNotification>(out.Item);
    },

    async listNotifications(userId, limit) {
      return (await notes(userId, limit)).slice(0, limit).map((i) => strip<AppNotification>(i)!);
    },

    async unreadCount(userId) {
      // The sparse index holds only unread notifications, so the count reads no read one (an index read: a mark made a
      // moment ago may still be counted for about a second).
      return queryCount(db, table, { IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': unreadKey(userId) } });
    },

    async markRead(userId, notificationId, at) {
      // Set once, while still unread (readAt is stored as null): marking it again keeps the first time.
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: { PK: pk(userId), SK: `${NOTE_PREFIX}${notificationId}` },
            UpdateExpression: 'SET readAt = :at REMOVE GSI2PK, GSI2SK',
            ConditionExpression: 'attribute_exists(PK) AND readAt = :null',
            ExpressionAttributeValues: { ':at': at, ':null': null },
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
        const exists = await db.send(
          new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${NOTE_PREFIX}${notificationId}` }, ConsistentRead: true }),
        );
        return exists.Item ? 'ok' : 'not_found';
      }
      return 'ok';
    },

    async markAllRead(userId, at) {
      const unread = await query({
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': unreadKey(userId) },
        ProjectionExpression: 'SK',
      });
      let marked = 0;
      for (const n of unread) {
        try {
          await db.send(
            new UpdateCommand({
              TableName: table,
              Key: { PK: pk(userId), SK: n.SK },
              UpdateExpression: 'SET readAt = :at REMOVE GSI2PK, GSI2SK',
              ConditionExpression: 'attribute_exists(PK) AND readAt = :null',
              ExpressionAttributeValues: { ':at': at, ':null': null },
            }),
          );
          marked++;
        } catch (err) {
          if (!isConditionFailed(err)) throw err;
        }
      }
      return marked;
    },

    async getEmailOn(userId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: SETTINGS_SK }, ConsistentRead: true }));
      return out.Item?.emailOn === true;
    },

    async setEmailOn(userId, on) {
      // Off is the default, so turning e-mails off changes only a choice that was stored: an unsubscribe link followed
      // after the account was deleted (or by a learner who never turned e-mails on) writes nothing under the learner.
      await db
        .send(
          new UpdateCommand({
            TableName: table,
            Key: { PK: pk(userId), SK: SETTINGS_SK },
            UpdateExpression: 'SET emailOn = :on, entity = :e',
            ...(on ? {} : { ConditionExpression: 'attribute_exists(PK)' }),
            ExpressionAttributeValues: { ':on': on, ':e': 'alert-settings' },
          }),
        )
        .catch((err: unknown) => {
          if (on || !isConditionFailed(err)) throw err;
        });
    },

    async claimEmail(userId, key, at) {
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: { PK: pk(userId), SK: `${MAILED_PREFIX}${key}`, entity: 'alert-mailed', at },
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        );
        return 'ok';
      } catch (err) {
        if (isConditionFailed(err)) return 'duplicate';
        throw err;
      }
    },
  };
}
