import { BatchGetCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SiteCounter, SiteStats, SiteStatsRepository } from '@shared/community/site-stats';
import { hashString } from '@shared/market/random';
import { documentClient, tableName } from './client';

/**
 * The site counters, sharded: STATS/SHARD#0 … SHARD#9, a learner always adding to the same shard.
 * Every paper trade adds to a counter inside its own order transaction; with one shared item,
 * learners trading at the same moment would conflict with each other. Reading sums the shards.
 */
export const STATS_SHARDS = 10;

export const statsShardKey = (userId: string) => ({ PK: 'STATS', SK: `SHARD#${hashString(userId) % STATS_SHARDS}` });

/** The Update that adds to a counter, for use alone or inside a TransactWriteItems. */
export const incrementCounterUpdate = (table: string, userId: string, counter: SiteCounter, by = 1) => ({
  TableName: table,
  Key: statsShardKey(userId),
  UpdateExpression: 'ADD #c :by',
  ExpressionAttributeNames: { '#c': counter },
  ExpressionAttributeValues: { ':by': by },
});

export function dynamoSiteStats(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SiteStatsRepository {
  return {
    async read(): Promise<SiteStats> {
      const keys = Array.from({ length: STATS_SHARDS }, (_, i) => ({ PK: 'STATS', SK: `SHARD#${i}` }));
      const out = await db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys } } }));
      const items = out.Responses?.[table] ?? [];
      const sum = (k: SiteCounter) => items.reduce((s, i) => s + Number(i[k] ?? 0), 0);
      return { learners: sum('learners'), paperTrades: sum('paperTrades'), strategiesBuilt: sum('strategiesBuilt') };
    },
    async increment(counter, by = 1) {
      // Not tied to a learner: spread over the shards.
      await db.send(new UpdateCommand(incrementCounterUpdate(table, String(Math.random()), counter, by)));
    },
  };
}
