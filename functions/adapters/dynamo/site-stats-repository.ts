import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SiteCounter, SiteStats, SiteStatsRepository } from '../../../shared/community/site-stats';
import { documentClient, tableName } from './client';

/** One small item, STATS/GLOBAL, with atomic counters. Order writes add to it inside their own transaction. */
export const SITE_STATS_KEY = { PK: 'STATS', SK: 'GLOBAL' } as const;

/** The Update that adds to a counter, for use alone or inside a TransactWriteItems. */
export const incrementCounterUpdate = (table: string, counter: SiteCounter, by = 1) => ({
  TableName: table,
  Key: SITE_STATS_KEY,
  UpdateExpression: 'ADD #c :by',
  ExpressionAttributeNames: { '#c': counter },
  ExpressionAttributeValues: { ':by': by },
});

export function dynamoSiteStats(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SiteStatsRepository {
  return {
    async read(): Promise<SiteStats> {
      const item = (await db.send(new GetCommand({ TableName: table, Key: SITE_STATS_KEY }))).Item ?? {};
      return { learners: Number(item.learners ?? 0), paperTrades: Number(item.paperTrades ?? 0), strategiesBuilt: Number(item.strategiesBuilt ?? 0) };
    },
    async increment(counter, by = 1) {
      await db.send(new UpdateCommand(incrementCounterUpdate(table, counter, by)));
    },
  };
}
