import { gunzipSync, gzipSync } from 'node:zlib';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RunSummary } from '@shared/backtest/backtest.api';
import type { BacktestRunRepository, StoredRun } from '@shared/backtest/backtest.port';
import { runSummary } from '@shared/backtest/saved-run';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { queryAll } from './query';
import { userPk } from './profile-repository';
import { transactRetryingConflicts } from './transact';

export const BACKTEST_PREFIX = 'BACKTEST#';
export const BACKTEST_SUMMARY_PREFIX = 'BACKTESTSUM#';
export const BACKTEST_CID_PREFIX = 'BACKTESTCID#';
export const BACKTEST_COUNT_SK = 'BACKTESTS';

/**
 * The most bytes a run's compressed JSON may take: an item holds 400 KB with its keys and other attributes. A year of
 * weekly entries is about 20 KB compressed; only hundreds of overlapping positions come near it.
 */
export const MAX_RUN_BYTES = 350_000;

/**
 * A learner's saved backtests under USER#<sub>, so the account export and the account deletion cover them:
 *   BACKTEST#<ulid>           the whole run (rules, result, "what this teaches") as gzipped JSON in `run`, with the
 *                             clientRunId and the post it was shared as;
 *   BACKTESTSUM#<ulid>        the run's line of the list (a few figures): the list reads these small items, never the
 *                             runs (a Query counts the items' whole size against its 1 MB page before any projection);
 *   BACKTESTCID#<clientRunId> the idempotency guard: the run's id, written only if absent;
 *   BACKTESTS                 how many runs the learner keeps, `n`.
 * The four are written in one conditional transaction (the count below the limit, the guard and the run absent), so a
 * retry never saves twice and two saves at once never pass the limit; a delete removes the three and counts one out.
 */
export function dynamoBacktestRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): BacktestRunRepository {
  const pk = userPk;
  const runKey = (userId: string, id: string) => ({ PK: pk(userId), SK: `${BACKTEST_PREFIX}${id}` });
  const summaryKey = (userId: string, id: string) => ({ PK: pk(userId), SK: `${BACKTEST_SUMMARY_PREFIX}${id}` });
  const cidKey = (userId: string, cid: string) => ({ PK: pk(userId), SK: `${BACKTEST_CID_PREFIX}${cid}` });
  const countKey = (userId: string) => ({ PK: pk(userId), SK: BACKTEST_COUNT_SK });

  const get = async (userId: string, id: string): Promise<StoredRun | null> => {
    const out = await db.send(new GetCommand({ TableName: table, Key: runKey(userId, id), ConsistentRead: true }));
    return out.Item ? decodeRun(out.Item) : null;
  };

  return {
    async byClientRunId(userId, clientRunId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: cidKey(userId, clientRunId), ConsistentRead: true }));
      return typeof out.Item?.runId === 'string' ? get(userId, out.Item.runId) : null;
    },

    async count(userId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: countKey(userId), ConsistentRead: true }));
      return Number(out.Item?.n ?? 0);
    },

    async save(userId, run, max) {
      const packed = encodeRun(run);
      if (packed.byteLength > MAX_RUN_BYTES) return { outcome: 'too-large' };
      const failed = await transactRetryingConflicts(db, [
        {
          Update: {
            TableName: table,
            Key: countKey(userId),
            UpdateExpression: 'SET entity = :entity ADD n :one',
            ConditionExpression: 'attribute_not_exists(n) OR n < :max',
            ExpressionAttributeValues: { ':one': 1, ':max': max, ':entity': 'backtest-count' },
          },
        },
        {
          Put: {
            TableName: table,
            Item: { ...cidKey(userId, run.clientRunId), entity: 'backtest-request', runId: run.id, createdAt: run.createdAt },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: table,
            Item: {
              ...runKey(userId, run.id),
              entity: 'backtest-run',
              id: run.id,
              clientRunId: run.clientRunId,
              createdAt: run.createdAt,
              sharedPostId: run.sharedPostId,
              run: packed,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: table, Item: { ...summaryKey(userId, run.id), entity: 'backtest-summary', ...runSummary(run) } } },
      ]);
      if (failed.length === 0) return { outcome: 'saved' };
      if (failed.includes(1)) {
        const first = await this.byClientRunId(userId, run.clientRunId);
        if (first) return { outcome: 'exists', run: first };
      }
      return { outcome: 'full' };
    },

    async list(userId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': pk(userId), ':p': BACKTEST_SUMMARY_PREFIX },
        ScanIndexForward: false,
        ConsistentRead: true,
      });
      return items.map(toSummary);
    },

    get,

    async remove(userId, id) {
      const run = await get(userId, id);
      if (!run) return false;
      const failed = await transactRetryingConflicts(db, [
        { Delete: { TableName: table, Key: runKey(userId, id), ConditionExpression: 'attribute_exists(PK)' } },
        { Delete: { TableName: table, Key: summaryKey(userId, id) } },
        { Delete: { TableName: table, Key: cidKey(userId, run.clientRunId) } },
        { Update: { TableName: table, Key: countKey(userId), UpdateExpression: 'ADD n :minus', ExpressionAttributeValues: { ':minus': -1 } } },
      ]);
      return failed.length === 0;
    },

    async markShared(userId, id, postId) {
      await db
        .send(
          new UpdateCommand({
            TableName: table,
            Key: runKey(userId, id),
            UpdateExpression: 'SET sharedPostId = :post',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':post': postId },
          }),
        )
        .catch((err: unknown) => {
          // The run was deleted while it was being shared: the post stands on its own.
          if (!isConditionFailed(err)) throw err;
        });
    },
  };
}

/** The run's JSON gzipped: a year's marks and equity compress about five to one. */
export const encodeRun = (run: StoredRun): Uint8Array => gzipSync(JSON.stringify(run));

/** The stored run item read back; `run` as the JSON it was saved as (also for the account export). */
export function decodeRun(item: Record<string, unknown>): StoredRun {
  const run = JSON.parse(gunzipSync(item.run as Uint8Array).toString('utf8')) as StoredRun;
  return { ...run, sharedPostId: typeof item.sharedPostId === 'string' ? item.sharedPostId : null };
}

const num = (x: unknown): number | null => (typeof x === 'number' ? x : null);
const toSummary = (i: Record<string, unknown>): RunSummary => ({
  id: String(i.id),
  name: String(i.name),
  createdAt: String(i.createdAt),
  underlying: String(i.underlying),
  strategy: String(i.strategy),
  from: String(i.from),
  to: String(i.to),
  trades: Number(i.trades ?? 0),
  winRate: num(i.winRate),
  returnOnRisk: num(i.returnOnRisk),
  maxDrawdown: Number(i.maxDrawdown ?? 0),
  totalPnl: Number(i.totalPnl ?? 0),
});
