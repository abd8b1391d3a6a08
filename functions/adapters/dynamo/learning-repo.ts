import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sharedBatchedGetter } from './batched-get';
import type { LearningRepository, ProgressExtras } from '@shared/learning/learning.port';
import type { LearningProgress } from '@shared/learning/progress';
import { documentClient, tableName } from './client';
import { outboxPut } from './outbox';
import { userPk } from './profile-repository';

export const LEARNING_SK = 'LEARN';

/** The Put of a learner's progress for a TransactWriteItems, conditional on the version read (0: never saved). */
function progressPut(table: string, userId: string, expectedVersion: number, next: LearningProgress, extras: ProgressExtras, at: Date) {
  return {
    Put: {
      TableName: table,
      Item: {
        PK: userPk(userId),
        SK: LEARNING_SK,
        entity: 'learning-progress',
        progress: next,
        published: extras.published ?? [],
        judgedOrders: extras.judgedOrders ?? {},
        version: expectedVersion + 1,
        updatedAt: at.toISOString(),
      },
      ...(expectedVersion === 0
        ? { ConditionExpression: 'attribute_not_exists(PK)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } }),
    },
  };
}

/**
 * Learning progress: one item per learner, USER#<sub> / LEARN (docs/architecture.md, "Data model"), read with one
 * GetItem. Every change is one TransactWriteItems conditional on the version read, with the outbox items of its
 * LessonCompleted / QuizPassed events, so an event exists exactly when its change does and a lost race writes nothing.
 * An event consumer's receipt joins the same transaction, conditional on not existing, so its award is made once.
 */
export function dynamoLearningRepository(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
  now: () => Date = () => new Date(),
): LearningRepository {
  const key = (userId: string) => ({ PK: userPk(userId), SK: LEARNING_SK });
  // Strongly consistent, batched with the other GetItems of the same moment (adapters/dynamo/batched-get.ts).
  const getItem = sharedBatchedGetter(db, table);
  return {
    async get(userId) {
      const item = await getItem(key(userId));
      if (!item) return null;
      return {
        progress: item.progress as LearningProgress,
        version: item.version as number,
        published: (item.published as string[] | undefined) ?? [],
        judgedOrders: (item.judgedOrders as Record<string, string[]> | undefined) ?? {},
      };
    },

    async save(userId, expectedVersion, next, events, extras = {}, receipt) {
      const at = now();
      const items: Record<string, unknown>[] = [progressPut(table, userId, expectedVersion, next, extras, at), ...events.map((e) => outboxPut(table, e, at))];
      const receiptAt = receipt === undefined ? -1 : items.push(receipt as Record<string, unknown>) - 1;
      try {
        await db.send(new TransactWriteCommand({ TransactItems: items as never }));
        return 'ok';
      } catch (err) {
        if (!(err instanceof TransactionCanceledException)) throw err;
        const codes = (err.CancellationReasons ?? []).map((r) => r.Code);
        if (receiptAt >= 0 && codes[receiptAt] === 'ConditionalCheckFailed') return 'duplicate';
        if (codes.includes('ConditionalCheckFailed') || codes.includes('TransactionConflict')) return 'conflict';
        throw err;
      }
    },
  };
}
