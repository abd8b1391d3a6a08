import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SavedScreen } from '@shared/analysis/screener.api';
import type { ScreenRepository } from '@shared/analysis/screens';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { userPk } from './profile-repository';
import { jitteredBackoff } from '@shared/backoff';
import { sleep } from '../../commons/clock';

/** Racing writers of one learner's screens spread out before they read again. */
const backoff = jitteredBackoff(sleep, Math.random, 10, 200);

/**
 * A learner's saved screens in one item, USER#<sub> / SCREENS (a list of at most 20 small queries, newest first): one
 * read lists them, and every change is a conditional put on the item's version, so the cap holds under concurrent
 * saves (a write that lost the race reads again and retries).
 */
export function dynamoScreenRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): ScreenRepository {
  const key = (userId: string) => ({ PK: userPk(userId), SK: 'SCREENS' });
  async function read(userId: string): Promise<{ screens: SavedScreen[]; v: number }> {
    const out = await db.send(new GetCommand({ TableName: table, Key: key(userId), ConsistentRead: true }));
    return { screens: (out.Item?.screens as SavedScreen[] | undefined) ?? [], v: (out.Item?.v as number | undefined) ?? 0 };
  }
  /** Applies `change` to the list; null from it means "nothing to write" and answers false. */
  async function update(userId: string, change: (screens: SavedScreen[]) => SavedScreen[] | null): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      const { screens, v } = await read(userId);
      const next = change(screens);
      if (next === null) return false;
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: { ...key(userId), entity: 'screens', screens: next, v: v + 1 },
            ConditionExpression: v === 0 ? 'attribute_not_exists(PK)' : 'v = :v',
            ...(v === 0 ? {} : { ExpressionAttributeValues: { ':v': v } }),
          }),
        );
        return true;
      } catch (err) {
        if (!isConditionFailed(err) || attempt >= 20) throw err;
        await backoff(attempt);
      }
    }
  }
  return {
    async list(userId) {
      return (await read(userId)).screens;
    },
    create: (userId, screen, max) => update(userId, (screens) => (screens.length >= max ? null : [screen, ...screens])),
    delete: (userId, screenId) => update(userId, (screens) => (screens.some((s) => s.id === screenId) ? screens.filter((s) => s.id !== screenId) : null)),
  };
}
