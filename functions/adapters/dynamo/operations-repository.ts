import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DataHealthReader, SchedulerChange, SchedulerChanges } from '@shared/operations/operations.port';
import { documentClient, tableName } from './client';
import { queryAll, queryCount } from './query';

/** `SCHEDULER#<jobId>` / `STATE`: who last stopped or started a job's schedule, and when. */
export const schedulerChangeKey = (jobId: string) => ({ PK: `SCHEDULER#${jobId}`, SK: 'STATE' });

export function dynamoSchedulerChanges(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SchedulerChanges {
  return {
    async get(jobId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: schedulerChangeKey(jobId), ConsistentRead: true }));
      const item = out.Item;
      if (!item || typeof item.changedAt !== 'string') return null;
      return { jobId, active: item.active === true, changedBy: String(item.changedBy ?? ''), changedAt: item.changedAt } satisfies SchedulerChange;
    },
    async put(change) {
      await db.send(new PutCommand({ TableName: table, Item: { ...schedulerChangeKey(change.jobId), type: 'schedulerChange', ...change } }));
    },
  };
}

/**
 * What is stored for one underlying, with Queries on its own keys only (never a Scan): its chains (`CHAIN#<U>`, the
 * `asOf` of each, projected so the compressed chains are not sent back), its daily summaries (`SUM#<U>`, the dates) and
 * its stock bars (`HIST#<U>`: a count and the first and last date).
 */
export function dynamoDataHealth(db: DynamoDBDocumentClient = documentClient(), table = tableName()): DataHealthReader {
  const edge = async (pk: string, forward: boolean) => {
    const out = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'SK',
        ScanIndexForward: forward,
        Limit: 1,
      }),
    );
    const sk = out.Items?.[0]?.SK;
    return typeof sk === 'string' ? sk : null;
  };
  return {
    async underlying(underlying) {
      const hist = `HIST#${underlying}`;
      const [chains, summaries, count, oldest, newest] = await Promise.all([
        queryAll(db, table, {
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `CHAIN#${underlying}` },
          ProjectionExpression: 'asOf',
        }),
        queryAll(db, table, {
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': `SUM#${underlying}` },
          ProjectionExpression: 'SK',
        }),
        queryCount(db, table, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': hist } }),
        edge(hist, true),
        edge(hist, false),
      ]);
      return {
        underlying,
        chainAsOf: chains.map((c) => c.asOf).filter((a): a is string => typeof a === 'string'),
        summaryDates: summaries.map((s) => s.SK).filter((d): d is string => typeof d === 'string'),
        stockBars: { count, oldest, newest },
      };
    },
  };
}
