import { type DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import type { Award } from '@shared/gamification/engine/grant';
import type { CommitExtras, GameRepository, LeaderboardEntry } from '@shared/gamification/gamification.port';
import type { LeaderboardCategory } from '@shared/gamification/leaderboards';
import type { GameState } from '@shared/gamification/state';
import { displayNameOf } from '@shared/gamification/display-name';
import type { FeedAward } from '@shared/gamification/view';
import { sharedBatchedGetter } from './batched-get';
import { documentClient, tableName } from './client';
import { cancellationReasons } from './conditions';
import { userPk } from './profile-repository';
import { queryCount } from './query';

export const GAME_SK = 'GAME';
const awardsPk = (userId: string) => `AWARDS#${userId}`;
const boardPk = (category: LeaderboardCategory) => `BOARD#${category}`;
/** Board values are ≥ 0 with at most 4 decimals: as a zero-padded integer string they sort as numbers. */
const boardSk = (value: number, userId: string) => `${String(Math.round(value * 10_000)).padStart(20, '0')}#${userId}`;

/**
 * A learner's gamification in the single table (docs/architecture.md, "Data model"):
 * - the state, `USER#<sub>` / `GAME`, with a version: every change is conditional on the version read;
 * - one award per idempotency key, `USER#<sub>` / `AWARD#<key>`, conditional on not existing: the audit list (source
 *   event, amount, multiplier, time) and the feed, ordered on GSI1 (`AWARDS#<sub>`, award ulid);
 * - one board entry per category the learner is on, `USER#<sub>` / `BOARD#<category>`, on the sparse GSI2
 *   (`BOARD#<category>`, padded value): a board read is one Query; a learner with no value on a board has no entry.
 * All in one TransactWriteItems with the consumer's receipt, so an event's awards exist exactly when its state does.
 */
export function dynamoGameRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): GameRepository {
  const newId = monotonicFactory();
  const key = (userId: string) => ({ PK: userPk(userId), SK: GAME_SK });

  // Strongly consistent, batched with the other GetItems of the same moment (batched-get.ts).
  const getItem = sharedBatchedGetter(db, table);

  return {
    async load(userId) {
      const Item = await getItem(key(userId));
      return Item ? { state: Item.state as GameState, version: Item.version as number } : null;
    },

    async commit(userId, expectedVersion, next, awards, extras) {
      const statePut = {
        Put: {
          TableName: table,
          Item: { ...key(userId), entity: 'gamification', state: next, version: expectedVersion + 1, updatedAt: next.updatedAt },
          ...(expectedVersion === 0
            ? { ConditionExpression: 'attribute_not_exists(PK)' }
            : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } }),
        },
      };
      const awardPuts = awards.map((a) => ({
        Put: {
          TableName: table,
          // stateVersion: the feed tells the browser which state version shows this award (its `minVersion` for the state).
          Item: {
            PK: userPk(userId),
            SK: `AWARD#${a.key}`,
            entity: 'award',
            ...a,
            id: newId(),
            stateVersion: expectedVersion + 1,
            GSI1PK: awardsPk(userId),
          } as Record<string, unknown>,
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }));
      for (const p of awardPuts) p.Put.Item.GSI1SK = p.Put.Item.id;
      const items: unknown[] = [statePut];
      if (extras.receipt) items.push(extras.receipt);
      items.push(...awardPuts, ...boardWrites(userId, extras.boards));
      try {
        await db.send(new TransactWriteCommand({ TransactItems: items as never }));
        return 'ok';
      } catch (err) {
        const reasons = cancellationReasons(err);
        if (!reasons) throw err;
        const receiptAt = extras.receipt ? 1 : -1;
        // The receipt exists: a twin delivery committed; the consumer helper recognises it and answers duplicate.
        if (receiptAt >= 0 && reasons[receiptAt] === 'ConditionalCheckFailed') throw err;
        const firstAward = extras.receipt ? 2 : 1;
        if (reasons.slice(firstAward, firstAward + awardPuts.length).includes('ConditionalCheckFailed') && reasons[0] !== 'ConditionalCheckFailed') {
          return 'award_exists';
        }
        if (reasons.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')) return 'conflict';
        throw err;
      }
    },

    async awards(userId, after, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: after ? 'GSI1PK = :pk AND GSI1SK > :after' : 'GSI1PK = :pk',
          ExpressionAttributeValues: after ? { ':pk': awardsPk(userId), ':after': after } : { ':pk': awardsPk(userId) },
          ScanIndexForward: !!after,
          Limit: limit,
        }),
      );
      const items = (out.Items ?? []).map(toFeedAward);
      const awards = after ? items : items.reverse();
      return { awards, cursor: awards.at(-1)?.id ?? after ?? null };
    },

    async leaderboard(category, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': boardPk(category) },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map((i, n): LeaderboardEntry => ({
        rank: n + 1,
        userId: i.userId as string,
        displayName: i.displayName as string,
        value: i.value as number,
      }));
    },

    async rankOf(category, userId, value) {
      if (value === undefined) return 0;
      const above = await queryCount(db, table, {
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK > :me',
        ExpressionAttributeValues: { ':pk': boardPk(category), ':me': boardSk(value, userId) },
      });
      return above + 1;
    },
  };

  function boardWrites(userId: string, boards: CommitExtras['boards']) {
    const writes: unknown[] = [];
    const categories = new Set([...Object.keys(boards.before), ...Object.keys(boards.after)] as LeaderboardCategory[]);
    for (const c of categories) {
      const before = boards.before[c];
      const after = boards.after[c];
      if (before === after) continue;
      const Key = { PK: userPk(userId), SK: `BOARD#${c}` };
      if (after === undefined) writes.push({ Delete: { TableName: table, Key } });
      else
        writes.push({
          Put: {
            TableName: table,
            Item: {
              ...Key,
              entity: 'board-entry',
              category: c,
              userId,
              displayName: displayNameOf(userId),
              value: after,
              GSI2PK: boardPk(c),
              GSI2SK: boardSk(after, userId),
            },
          },
        });
    }
    return writes;
  }
}

function toFeedAward(i: Record<string, unknown>): FeedAward {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _s, entity: _e, ...award } = i;
  return award as unknown as FeedAward & Award;
}
