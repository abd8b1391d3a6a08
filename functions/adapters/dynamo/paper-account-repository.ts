import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { addDays, dayNumber } from '@shared/market/dates';
import type { Activity, PaperAccount, Position } from '@shared/paper/types';
import type { Order } from '@shared/trading/order';
import type { AccountChange, CommitResult, ComplianceLogEntry, DisclosureAck, PaperAccountRepository } from '@shared/paper/paper.port';
import { sharedBatchedGetter } from './batched-get';
import { documentClient, isExpired, tableName } from './client';
import { cancellationReasons, failedConditionsAt, isTransactionConflict } from './conditions';
import { outboxPut } from './outbox';
import { putOrder, putPosition } from './account-transaction';
import { userPk } from './profile-repository';
import { queryAll, type QueryInput } from './query';
import { COUNTER_ATTRIBUTE, statsShardKey } from './site-stats-repository';
import { agentOrderCountUpdate } from './agent-order-counter';

/**
 * Paper trading in the single table, under USER#<sub>:
 *   PAPER#ACCOUNT            the account (cash, settings, version)
 *   PAPER#POS#<symbol>       a position; options also in GSI1 under EXPIRY#<date> for the settlement job
 *   (the account and its positions sort together, so an order reads them with one Query)
 *   ORDER#<ulid>             an order; open ones also in GSI1 under OPENORDERS
 *   ORDERCID#<clientOrderId> the idempotency guard: one order per client order id
 *   ACT#<ulid>               an activity line
 *   COMPL#<date>#<time>#<id> the compliance checks of one placed order, expiring once out of the 30-day summary
 *   DISCL#<type>#<version>   a disclosure acknowledgement
 * Every change is one TransactWriteItems conditional on the account's version, with the outbox items of the events
 * that report it (functions/adapters/dynamo/outbox.ts).
 *
 * A competition account (issue 39, `scope`): the same items in the same partition (so the learner's export and deletion
 * cover them), every sort key but the disclosures' prefixed `COMP#<seasonId>#`, its open orders in GSI1 under
 * `COMPOPEN#<seasonId>` and its options under `COMPEXPIRY#<seasonId>#<date>`, so the paper account's scheduled jobs
 * (OPENORDERS, EXPIRY#<date>) never see it. It writes no outbox events and no site counters: its orders feed neither
 * the learner's journal, XP and achievements nor the site's statistics. Disclosures are the learner's, not an
 * account's: read and written unprefixed.
 */
const ACCOUNT = 'PAPER#ACCOUNT';
const POSITIONS = 'PAPER#POS#';
const COMPLIANCE_RETENTION_DAYS = 30;
type Item = Record<string, unknown>;

/** Which of the learner's paper accounts a repository keeps: their own (no scope), or a season's competition account. */
export interface PaperAccountScope {
  seasonId: string;
}

/** The sort-key prefix of a competition account's items. */
export const competitionSkPrefix = (seasonId: string): string => `COMP#${seasonId}#`;

const strip = <T>(item: Item | undefined): T | null => {
  if (!item) return null;
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, entity: _e, ...rest } = item;
  return rest as T;
};

export function dynamoPaperAccountRepository(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
  now: () => number = Date.now,
  scope?: PaperAccountScope,
): PaperAccountRepository {
  const pk = userPk;
  const sk = scope ? competitionSkPrefix(scope.seasonId) : '';
  const ACCOUNT_SK = `${sk}${ACCOUNT}`;
  const POSITION_PREFIX = `${sk}${POSITIONS}`;
  const openOrdersKey = scope ? `COMPOPEN#${scope.seasonId}` : 'OPENORDERS';
  const expiryKey = (date: string) => (scope ? `COMPEXPIRY#${scope.seasonId}#${date}` : `EXPIRY#${date}`);
  // A competition account reports nothing outside itself (see above).
  const outbox = (events: readonly Parameters<typeof outboxPut>[1][] | undefined) =>
    scope ? [] : (events ?? []).map((e) => outboxPut(table, e, new Date(now())));
  const getItem = sharedBatchedGetter(db, table);
  const query = (input: QueryInput, limit?: number): Promise<Item[]> => queryAll(db, table, input, { limit });

  const orderItem = (userId: string, o: Order): Item => ({
    PK: pk(userId),
    SK: `${sk}ORDER#${o.orderId}`,
    entity: 'order',
    ...o,
    ...(o.status === 'open' ? { GSI1PK: openOrdersKey, GSI1SK: `${o.createdAt}#${userId}#${o.orderId}` } : {}),
  });
  const positionItem = (userId: string, p: Position): Item => ({
    PK: pk(userId),
    SK: `${POSITION_PREFIX}${p.symbol}`,
    entity: 'position',
    ...p,
    ...(p.kind === 'option' && p.expiration ? { GSI1PK: expiryKey(p.expiration), GSI1SK: `${userId}#${p.symbol}` } : {}),
  });
  const activityItem = (userId: string, a: Activity): Item => ({ PK: pk(userId), SK: `${sk}ACT#${a.id}`, entity: 'activity', ...a });
  const complianceItem = (userId: string, entries: readonly ComplianceLogEntry[]): Item => {
    const first = entries[0]!;
    return {
      PK: pk(userId),
      SK: `${sk}COMPL#${first.trade_date}#${first.created_at}#${Math.random().toString(36).slice(2, 8)}`,
      entity: 'compliance',
      entries,
      // The summary reads trade dates back to (New York today - 30 days); a New York day ends by 05:00 UTC of the
      // next, so an entry must outlive the end of day trade_date + 30 in New York: expire at 00:00 UTC two days later.
      expiresAt: dayNumber(addDays(first.trade_date, COMPLIANCE_RETENTION_DAYS + 2)) * 86_400,
    };
  };

  async function transact(
    items: NonNullable<TransactWriteCommandInput['TransactItems']>,
    guards: { duplicateAt: number[]; limitedAt?: number },
  ): Promise<CommitResult> {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return 'ok';
    } catch (err) {
      if (!cancellationReasons(err)) throw err;
      const failedAt = failedConditionsAt(err);
      // A retry of a booked order is answered with that order before anything else, a full minute next.
      if (failedAt.some((i) => guards.duplicateAt.includes(i))) return 'duplicate';
      if (guards.limitedAt !== undefined && failedAt.includes(guards.limitedAt)) return 'limited';
      if (failedAt.length || isTransactionConflict(err)) return 'conflict';
      throw err;
    }
  }

  return {
    async getAccount(userId) {
      // Batched with the other reads of the same moment (the account selector asks the Alpaca links at once).
      return strip<PaperAccount>(await getItem({ PK: pk(userId), SK: ACCOUNT_SK }));
    },

    async createAccount(account, activity, events) {
      const result = await transact(
        [
          {
            Put: {
              TableName: table,
              Item: { PK: pk(account.userId), SK: ACCOUNT_SK, entity: 'account', ...account },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { Put: { TableName: table, Item: activityItem(account.userId, activity) } },
          ...outbox(events),
        ],
        { duplicateAt: [0] },
      );
      return result === 'ok';
    },

    async getPositions(userId) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': POSITION_PREFIX },
        ConsistentRead: true,
      });
      return items.map((i) => strip<Position>(i)!);
    },

    async getAccountAndPositions(userId) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': `${sk}PAPER#` },
        ConsistentRead: true,
      });
      const account = items.find((i) => i.SK === ACCOUNT_SK);
      return {
        account: strip<PaperAccount>(account),
        positions: items.filter((i) => String(i.SK).startsWith(POSITION_PREFIX)).map((i) => strip<Position>(i)!),
      };
    },

    async getOrder(userId, orderId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${sk}ORDER#${orderId}` }, ConsistentRead: true }));
      return strip<Order>(out.Item);
    },

    async getOrderByClientId(userId, clientOrderId) {
      const guard = await db.send(new GetCommand({ TableName: table, Key: { PK: pk(userId), SK: `${sk}ORDERCID#${clientOrderId}` }, ConsistentRead: true }));
      if (!guard.Item) return null;
      return this.getOrder(userId, String(guard.Item.orderId));
    },

    async listOrders(userId, opts) {
      const items = await query(
        {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': pk(userId), ':p': `${sk}ORDER#`, ...(opts?.status ? { ':s': opts.status } : {}) },
          ...(opts?.status ? { FilterExpression: '#status = :s', ExpressionAttributeNames: { '#status': 'status' } } : {}),
          ScanIndexForward: false,
          ConsistentRead: true,
        },
        opts?.limit,
      );
      return items.slice(0, opts?.limit ?? items.length).map((i) => strip<Order>(i)!);
    },

    async listActivity(userId, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': pk(userId), ':p': `${sk}ACT#` },
          ScanIndexForward: false,
          Limit: limit,
          // Strongly consistent: the portfolio keeps what it reads for the account version read before it.
          ConsistentRead: true,
        }),
      );
      return (out.Items ?? []).map((i) => strip<Activity>(i)!);
    },

    async commit(userId, change: AccountChange) {
      const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [];
      const duplicateAt: number[] = [];
      items.push({
        Put: {
          TableName: table,
          Item: { PK: pk(userId), SK: ACCOUNT_SK, entity: 'account', ...change.account.next },
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': change.account.expectedVersion },
        },
      });
      if (change.order) {
        const o = change.order.next;
        putOrder(
          { items, duplicateAt },
          table,
          orderItem(userId, o),
          change.order.expected === 'new'
            ? { clientId: { PK: pk(userId), SK: `${sk}ORDERCID#${o.clientOrderId}`, entity: 'client-order-id', orderId: o.orderId, createdAt: o.createdAt } }
            : { status: change.order.expected },
        );
      }
      for (const p of change.positions ?? []) {
        putPosition({ items, duplicateAt }, table, { PK: pk(userId), SK: `${POSITION_PREFIX}${p.symbol}` }, p, (next) => positionItem(userId, next));
      }
      for (const a of change.activity ?? []) items.push({ Put: { TableName: table, Item: activityItem(userId, a) } });
      if (change.compliance?.length) items.push({ Put: { TableName: table, Item: complianceItem(userId, change.compliance) } });
      // The learner's own shard of the site counters, counted in the same transaction as the trade.
      const counters = scope ? [] : Object.entries(change.counters ?? {}).filter(([, by]) => by);
      if (counters.length) {
        items.push({
          Update: {
            TableName: table,
            Key: statsShardKey(userId),
            UpdateExpression: `ADD ${counters.map((_, i) => `#c${i} :v${i}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(counters.map(([c], i) => [`#c${i}`, COUNTER_ATTRIBUTE[c as keyof typeof COUNTER_ATTRIBUTE]])),
            ExpressionAttributeValues: Object.fromEntries(counters.map(([, by], i) => [`:v${i}`, by])),
          },
        });
      }
      items.push(...outbox(change.events));
      // An agent token's order counts towards its minute here, so a full minute books nothing (shared/trading/agent-orders.ts).
      const limitedAt = change.agentCount ? items.push({ Update: agentOrderCountUpdate(table, change.agentCount) }) - 1 : undefined;
      return transact(items, { duplicateAt, limitedAt });
    },

    async reset(userId, change) {
      if (change.clear.length > 90) throw new Error('Too many positions to reset in one transaction');
      return transact(
        [
          {
            Put: {
              TableName: table,
              Item: { PK: pk(userId), SK: ACCOUNT_SK, entity: 'account', ...change.next },
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': change.expectedVersion },
            },
          },
          ...change.clear.map((p) => ({ Delete: { TableName: table, Key: { PK: pk(userId), SK: `${POSITION_PREFIX}${p.symbol}` } } })),
          { Put: { TableName: table, Item: activityItem(userId, change.activity) } },
          ...outbox(change.events),
        ],
        { duplicateAt: [] },
      );
    },

    // One item per evaluated order, holding each of its checks: a single write on the order path
    // instead of one per check (the summary still counts checks).
    async logCompliance(userId, entries: readonly ComplianceLogEntry[]) {
      if (entries.length) await db.send(new PutCommand({ TableName: table, Item: complianceItem(userId, entries) }));
    },

    async complianceLog(userId, fromDate) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': pk(userId), ':from': `${sk}COMPL#${fromDate}`, ':to': `${sk}COMPL#~` },
      });
      return items.filter((i) => !isExpired(i, now())).flatMap((i) => (i.entries as ComplianceLogEntry[] | undefined) ?? []);
    },

    async acknowledge(userId, ack: DisclosureAck) {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: { PK: pk(userId), SK: `DISCL#${ack.disclosure_type}#${ack.disclosure_version}`, entity: 'disclosure', ...ack },
        }),
      );
    },

    async disclosures(userId) {
      const items = await query({
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': 'DISCL#' },
      });
      return items.map((i) => strip<DisclosureAck>(i)!);
    },

    async usersWithOpenOrders() {
      const items = await query({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': openOrdersKey } });
      return [...new Set(items.map((i) => String(i.PK).slice('USER#'.length)))];
    },

    async usersWithExpiringPositions(date) {
      const items = await query({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': expiryKey(date) } });
      return [...new Set(items.map((i) => String(i.PK).slice('USER#'.length)))];
    },
  };
}
