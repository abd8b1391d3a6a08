import { type DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SiteCounter, SiteStats, SiteStatsRepository } from '@shared/ports/site-stats.port';
import { hashString } from '@shared/market/random';
import type { ReceiptKey } from '../../commons/event-handler';
import { batchGetAll } from './batched-get';
import { documentClient, tableName } from './client';
import { userPk } from './profile-repository';

/**
 * The site counters, sharded: STATS/SHARD#0 … SHARD#9, a learner always adding to the same shard.
 * Every paper trade adds to a counter inside its own order transaction; with one shared item,
 * learners trading at the same moment would conflict with each other. Reading sums the shards.
 */
export const STATS_SHARDS = 10;

/**
 * The attribute each figure is kept in. Learners are counted in `activeLearners` since issue 16 (10): the `learners`
 * attribute counted sign-ups, and carrying it over would count a learner who signed up before and acts now twice.
 */
export const COUNTER_ATTRIBUTE: Record<SiteCounter, string> = { learners: 'activeLearners', paperTrades: 'paperTrades', strategiesBuilt: 'strategiesBuilt' };

export const statsShardKey = (userId: string) => ({ PK: 'STATS', SK: `SHARD#${hashString(userId) % STATS_SHARDS}` });

/** The Update that adds to a counter, for use alone or inside a TransactWriteItems. */
export const incrementCounterUpdate = (table: string, userId: string, counter: SiteCounter, by = 1) => ({
  TableName: table,
  Key: statsShardKey(userId),
  UpdateExpression: 'ADD #c :by',
  ExpressionAttributeNames: { '#c': COUNTER_ATTRIBUTE[counter] },
  ExpressionAttributeValues: { ':by': by },
});

export function dynamoSiteStats(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SiteStatsRepository {
  return {
    async read(): Promise<SiteStats> {
      const keys = Array.from({ length: STATS_SHARDS }, (_, i) => ({ PK: 'STATS', SK: `SHARD#${i}` }));
      const items = await batchGetAll(db, table, keys);
      const sum = (k: SiteCounter) => items.reduce((s, i) => s + Number(i[COUNTER_ATTRIBUTE[k]] ?? 0), 0);
      return { learners: sum('learners'), paperTrades: sum('paperTrades'), strategiesBuilt: sum('strategiesBuilt') };
    },
    async increment(counter, by = 1) {
      // Not tied to a learner: spread over the shards.
      await db.send(new UpdateCommand(incrementCounterUpdate(table, String(Math.random()), counter, by)));
    },
  };
}

/** What counted a learner first: kept on the marker. */
export interface FirstActivity {
  eventId: string;
  detailType: string;
  countedAt: string;
}

/** Counts each learner on the landing page once ever (functions/events/count-active-learners.ts). */
export interface LearnerCounter {
  /** The learner's marker: it exists once they are counted, and is the consumer's receipt. */
  markerKey(userId: string): ReceiptKey;
  /** One transaction: the marker, on condition that it does not exist yet, and one more learner on their shard. */
  countOnce(userId: string, first: FirstActivity): Promise<void>;
}

/** USER#<sub> / COUNTED#LEARNER: no TTL, unlike an event receipt, since a learner is counted once ever. */
export const learnerCountedKey = (userId: string): ReceiptKey => ({ PK: userPk(userId), SK: 'COUNTED#LEARNER' });

export function dynamoLearnerCounter(db: DynamoDBDocumentClient = documentClient(), table = tableName()): LearnerCounter {
  return {
    markerKey: learnerCountedKey,
    async countOnce(userId, first) {
      await db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: table,
                Item: { ...learnerCountedKey(userId), type: 'learnerCounted', userId, ...first },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            { Update: incrementCounterUpdate(table, userId, 'learners') },
          ],
        }),
      );
    },
  };
}
