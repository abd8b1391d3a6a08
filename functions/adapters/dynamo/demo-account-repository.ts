import { type DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DemoAccount, DemoOrder, DemoPosition, DemoSettlement } from '@shared/prediction/demo-account';
import type { CommitResult, DemoAccountChange, DemoAccountRepository, DemoAccountReset, Holding, RestingRef } from '@shared/prediction/demo-account.port';
import type { Side } from '@shared/prediction/book';
import { batchGetAll } from './batched-get';
import { documentClient, tableName } from './client';
import { cancellationReasons, failedConditionsAt, isTransactionConflict } from './conditions';
import { putOrder, putPosition } from './account-transaction';
import { userPk } from './profile-repository';
import { queryAll, type QueryInput } from './query';

/**
 * The demo accounts of the prediction markets in the single table, under the learner's own USER#<sub> (so the
 * account export and the account deletion cover them), every sort key starting `PREDICT#`:
 *   PREDICT#ACCOUNT                              the balance, what is held, the version every write is conditional on
 *   PREDICT#ACCOUNT#POS#<marketId>#<side>        a position (the account and its positions read with one Query); also
 *                                                in GSI1 under PREDICT#HOLDERS#<underlying>#<expiration>, so the settle
 *                                                step finds an expiry's holders without a scan
 *   PREDICT#ORDER#<ulid>                         an order; a resting bid also in GSI1 under PREDICT#RESTING (by its close)
 *   PREDICT#OCID#<clientOrderId>                 the idempotency guard: one order per client id
 *   PREDICT#SETTLE#<marketId>#<side>             a settlement, written once
 * and, outside any learner's partition, the contracts learners traded in each market:
 *   PMARKETS#VOLUME / <marketId>                 `contracts`, an atomic counter added to after each fill
 * Every change of money is one TransactWriteItems conditional on the account's version.
 */
const ACCOUNT_SK = 'PREDICT#ACCOUNT';
const POSITION_PREFIX = 'PREDICT#ACCOUNT#POS#';
const ORDER_PREFIX = 'PREDICT#ORDER#';
const CLIENT_ID_PREFIX = 'PREDICT#OCID#';
const SETTLEMENT_PREFIX = 'PREDICT#SETTLE#';
const RESTING = 'PREDICT#RESTING';
const VOLUME_PK = 'PMARKETS#VOLUME';
export const holdersKey = (underlying: string, expiration: string) => `PREDICT#HOLDERS#${underlying}#${expiration}`;
/** Items in one TransactWriteItems (DynamoDB's limit is 100). */
const MAX_TRANSACTION_ITEMS = 100;

type Item = Record<string, unknown>;
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

const strip = <T>(item: Item | undefined): T | null => {
  if (!item) return null;
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, entity: _e, ...rest } = item;
  return rest as T;
};
const positionSk = (p: Pick<DemoPosition, 'marketId' | 'side'>) => `${POSITION_PREFIX}${p.marketId}#${p.side}`;
const userOf = (pk: unknown) => String(pk).slice('USER#'.length);

export function dynamoDemoAccountRepository(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
  /** A volume count that failed after its fill was written (the fill stands; the count is a display figure). */
  onVolumeError: (marketId: string, err: unknown) => void = () => undefined,
): DemoAccountRepository {
  const pk = userPk;
  const query = (input: QueryInput, limit?: number): Promise<Item[]> => queryAll(db, table, input, { limit });

  const accountItem = (a: DemoAccount): Item => ({ PK: pk(a.userId), SK: ACCOUNT_SK, entity: 'prediction-account', ...a });
  const orderItem = (userId: string, o: DemoOrder): Item => ({
    PK: pk(userId),
    SK: `${ORDER_PREFIX}${o.id}`,
    entity: 'prediction-order',
    ...o,
    ...(o.status === 'resting' ? { GSI1PK: RESTING, GSI1SK: `${o.closesAt}#${userId}#${o.id}` } : {}),
  });
  const positionItem = (userId: string, p: DemoPosition): Item => ({
    PK: pk(userId),
    SK: positionSk(p),
    entity: 'prediction-position',
    ...p,
    GSI1PK: holdersKey(p.underlying, p.expiration),
    GSI1SK: `${userId}#${p.marketId}#${p.side}`,
  });
  const accountPut = (expectedVersion: number, next: DemoAccount) => ({
    Put: {
      TableName: table,
      Item: accountItem(next),
      ...(expectedVersion === 0
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } }),
    },
  });

  async function transact(items: TransactItems, duplicateAt: readonly number[]): Promise<CommitResult> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (err) {
      if (!cancellationReasons(err)) throw err;
      const failedAt = failedConditionsAt(err);
      if (failedAt.some((i) => duplicateAt.includes(i))) return 'duplicate';
      if (failedAt.length || isTransactionConflict(err)) return 'conflict';
      throw err;
    }
  }

  const getOrder = async (userId: string, orderId: string): Promise<DemoOrder | null> => {
    const out = await db.send(new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${ORDER_PREFIX}${orderId}` }, ConsistentRead: true }));
    return strip<DemoOrder>(out.Item);
  };

  return {
    async load(userId) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': ACCOUNT_SK },
        ConsistentRead: true,
      });
      return {
        account: strip<DemoAccount>(items.find((i) => i.SK === ACCOUNT_SK)),
        positions: items.filter((i) => String(i.SK).startsWith(POSITION_PREFIX)).map((i) => strip<DemoPosition>(i)!),
      };
    },

    getOrder,

    async getOrderByClientId(userId, clientOrderId) {
      const guard = await db.send(
        new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${CLIENT_ID_PREFIX}${clientOrderId}` }, ConsistentRead: true }),
      );
      return guard.Item ? getOrder(userId, String(guard.Item.orderId)) : null;
    },

    async listOrders(userId, limit) {
      const items = await query(
        {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': pk(userId), ':p': ORDER_PREFIX },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: limit,
        },
        limit,
      );
      return items.slice(0, limit).map((i) => strip<DemoOrder>(i)!);
    },

    async restingOrders(userId) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        FilterExpression: '#status = :resting',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': ORDER_PREFIX, ':resting': 'resting' },
        ConsistentRead: true,
      });
      return items.map((i) => strip<DemoOrder>(i)!);
    },

    async listSettlements(userId, limit) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': SETTLEMENT_PREFIX },
        ConsistentRead: true,
      });
      return items
        .map((i) => strip<DemoSettlement>(i)!)
        .sort((a, b) => b.settledAt.localeCompare(a.settledAt) || a.marketId.localeCompare(b.marketId))
        .slice(0, limit);
    },

    async commit(userId, change: DemoAccountChange) {
      const items: TransactItems = [accountPut(change.account.expectedVersion, change.account.next)];
      const duplicateAt: number[] = [];
      if (change.order) {
        const o = change.order.next;
        putOrder(
          { items, duplicateAt },
          table,
          orderItem(userId, o),
          change.order.expected === 'new'
            ? {
                clientId: {
                  PK: pk(userId),
                  SK: `${CLIENT_ID_PREFIX}${o.clientOrderId}`,
                  entity: 'prediction-client-order-id',
                  orderId: o.id,
                  createdAt: o.createdAt,
                },
              }
            : { status: change.order.expected },
        );
      }
      for (const p of change.positions ?? []) {
        const at = p.before ?? p.after;
        if (at) putPosition({ items, duplicateAt }, table, { PK: pk(userId), SK: positionSk(at) }, p, (next) => positionItem(userId, next));
      }
      for (const s of change.settlements ?? []) {
        duplicateAt.push(items.length);
        items.push({
          Put: {
            TableName: table,
            Item: { PK: pk(userId), SK: `${SETTLEMENT_PREFIX}${s.marketId}#${s.side}`, entity: 'prediction-settlement', ...s },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        });
      }
      if (items.length > MAX_TRANSACTION_ITEMS) throw new Error(`A demo account change of ${items.length} items does not fit one transaction`);
      const result = await transact(items, duplicateAt);
      // The volume is an atomic counter added to after the fill, not inside its transaction: every learner's fills
      // in a market touch it, and in a transaction they would conflict with each other.
      if (result === 'ok' && change.volume && change.volume.count > 0) {
        await db
          .send(
            new UpdateCommand({
              TableName: table,
              Key: { PK: VOLUME_PK, SK: change.volume.marketId },
              UpdateExpression: 'ADD contracts :n SET entity = :e',
              ExpressionAttributeValues: { ':n': change.volume.count, ':e': 'prediction-volume' },
            }),
          )
          .catch((err: unknown) => onVolumeError(change.volume!.marketId, err));
      }
      return result;
    },

    async reset(userId, change: DemoAccountReset) {
      const orders: TransactItems = change.cancel.map((o) => ({
        Put: {
          TableName: table,
          Item: orderItem(userId, o),
          ConditionExpression: '#status = :resting',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':resting': 'resting' },
        },
      }));
      const deletes: TransactItems = change.clear.map((p) => ({ Delete: { TableName: table, Key: { PK: pk(userId), SK: positionSk(p) } } }));
      // More positions than one transaction holds are cleared first, a batch at a time, each conditional on the
      // account not having moved (a reset that loses a race then reads what is left and clears that).
      const room = MAX_TRANSACTION_ITEMS - 1 - orders.length;
      const check =
        change.expectedVersion === 0
          ? { ConditionCheck: { TableName: table, Key: { PK: pk(userId), SK: ACCOUNT_SK }, ConditionExpression: 'attribute_not_exists(PK)' } }
          : {
              ConditionCheck: {
                TableName: table,
                Key: { PK: pk(userId), SK: ACCOUNT_SK },
                ConditionExpression: 'version = :v',
                ExpressionAttributeValues: { ':v': change.expectedVersion },
              },
            };
      while (deletes.length > room) {
        const result = await transact([check, ...deletes.splice(0, MAX_TRANSACTION_ITEMS - 1)], []);
        if (result !== 'ok') return result;
      }
      return transact([accountPut(change.expectedVersion, change.next), ...orders, ...deletes], []);
    },

    async holders(underlying, expiration): Promise<Holding[]> {
      const items = await query({
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': holdersKey(underlying, expiration) },
      });
      return items.map((i) => ({ userId: userOf(i.PK), marketId: String(i.marketId), side: i.side as Side }));
    },

    async allResting(): Promise<RestingRef[]> {
      const items = await query({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': RESTING } });
      return items.map((i) => ({
        userId: userOf(i.PK),
        orderId: String(i.id),
        closesAt: String(i.closesAt),
        underlying: String(i.underlying),
        expiration: String(i.expiration),
      }));
    },
  };
}

/** Contracts traded by learners in each market (0 for a market nobody traded), for the markets list's volume column. */
export async function volumeOf(
  marketIds: readonly string[],
  db: DynamoDBDocumentClient = documentClient(),
  table: string = tableName(),
): Promise<Map<string, number>> {
  const volumes = new Map<string, number>(marketIds.map((id) => [id, 0]));
  if (marketIds.length === 0) return volumes;
  const items = await batchGetAll(
    db,
    table,
    marketIds.map((SK) => ({ PK: VOLUME_PK, SK })),
  );
  for (const item of items) volumes.set(String(item.SK), Number(item.contracts ?? 0));
  return volumes;
}
