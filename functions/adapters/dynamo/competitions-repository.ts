import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EquityPoint } from '@shared/competitions/score';
import { withoutEntrant } from '@shared/competitions/erase-entrant';
import type { EntryResult, FrozenResults, SeasonRepository, StoredDebrief, StoredEntry, StoredStandings } from '@shared/competitions/seasons.port';
import { ulid } from 'ulid';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { outboxPut } from './outbox';
import { queryAll } from './query';
import { transactRetryingConflicts } from './transact';
import { userPk } from './profile-repository';

/**
 * The competition seasons' items (issue 39):
 * - under the learner's own partition, so the export and the deletion cover them: `COMPENTRY#<seasonId>` (the entry,
 *   with the result once closed), `COMPEQ#<seasonId>#<date>` (the competition account's closing equity of a day) and
 *   `COMPDEBRIEF#<seasonId>` (the debrief frozen at the close);
 * - under `SEASON#<seasonId>`: `ENTRANT#<sub>` (written in one transaction with the entry, both conditional on not
 *   existing), `META` (the entrant count, in the same transaction), `STANDINGS` (what the boards read with one GetItem)
 *   and `RESULTS` (frozen at the close, written once).
 */
export const COMPENTRY_PREFIX = 'COMPENTRY#';
export const COMPEQ_PREFIX = 'COMPEQ#';
export const COMPDEBRIEF_PREFIX = 'COMPDEBRIEF#';
export const seasonPk = (seasonId: string) => `SEASON#${seasonId}`;
const entrantSk = (userId: string) => `ENTRANT#${userId}`;

const toEntry = (item: Record<string, unknown>): StoredEntry => ({
  userId: item.userId as string,
  seasonId: item.seasonId as string,
  joinedAt: item.joinedAt as string,
  accountOpened: item.accountOpened === true,
  result: (item.result as EntryResult | undefined) ?? null,
});

export function dynamoSeasonRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SeasonRepository {
  const entryKey = (userId: string, seasonId: string) => ({ PK: userPk(userId), SK: `${COMPENTRY_PREFIX}${seasonId}` });
  const get = async (Key: Record<string, string>, consistent = true) =>
    (await db.send(new GetCommand({ TableName: table, Key, ConsistentRead: consistent }))).Item ?? null;
  const entry = async (userId: string, seasonId: string) => {
    const item = await get(entryKey(userId, seasonId));
    return item ? toEntry(item) : null;
  };

  return {
    entry,
    async entries(userId, limit) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': COMPENTRY_PREFIX },
      });
      return items
        .map(toEntry)
        .sort((a, b) => (a.joinedAt < b.joinedAt ? 1 : -1))
        .slice(0, limit);
    },

    async join(userId, seasonId, joinedAt) {
      const stored: StoredEntry = { userId, seasonId, joinedAt, accountOpened: false, result: null };
      const failed = await transactRetryingConflicts(db, [
        {
          Put: {
            TableName: table,
            Item: { ...entryKey(userId, seasonId), entity: 'competition-entry', userId, seasonId, joinedAt, accountOpened: false },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Put: {
            TableName: table,
            Item: { PK: seasonPk(seasonId), SK: entrantSk(userId), entity: 'competition-entrant', userId, seasonId, joinedAt },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: table,
            Key: { PK: seasonPk(seasonId), SK: 'META' },
            UpdateExpression: 'ADD entrants :one SET entity = :e',
            ExpressionAttributeValues: { ':one': 1, ':e': 'competition-season' },
          },
        },
      ]);
      if (failed.length === 0) return { entry: stored, created: true };
      // The same learner joined at the same moment (another tab): their entry is the answer.
      const raced = await entry(userId, seasonId);
      if (!raced) throw new Error(`The entry of ${userId} in ${seasonId} was neither written nor found`);
      return { entry: raced, created: false };
    },

    async markAccountOpened(userId, seasonId) {
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: entryKey(userId, seasonId),
          UpdateExpression: 'SET accountOpened = :t',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':t': true },
        }),
      );
    },

    async entrantCount(seasonId) {
      const item = await get({ PK: seasonPk(seasonId), SK: 'META' }, false);
      return typeof item?.entrants === 'number' ? item.entrants : 0;
    },

    async entrants(seasonId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': seasonPk(seasonId), ':p': 'ENTRANT#' },
        ConsistentRead: true,
      });
      return items.map((i) => ({ userId: i.userId as string, joinedAt: i.joinedAt as string }));
    },

    async standings(seasonId) {
      const item = await get({ PK: seasonPk(seasonId), SK: 'STANDINGS' }, false);
      return item ? (item.standings as StoredStandings) : null;
    },

    async saveStandings(standings) {
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: { PK: seasonPk(standings.seasonId), SK: 'STANDINGS', entity: 'competition-standings', basis: standings.basis, standings },
            ConditionExpression: 'attribute_not_exists(PK) OR basis <> :final',
            ExpressionAttributeValues: { ':final': 'final' },
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
    },

    async equity(userId, seasonId) {
      const items = await queryAll(db, table, {
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': `${COMPEQ_PREFIX}${seasonId}#` },
        ConsistentRead: true,
      });
      return items.map((i): EquityPoint => ({ date: i.date as string, equity: i.equity as number }));
    },

    async recordEquity(userId, seasonId, point, at) {
      await db.send(
        new PutCommand({
          TableName: table,
          Item: {
            PK: userPk(userId),
            SK: `${COMPEQ_PREFIX}${seasonId}#${point.date}`,
            entity: 'competition-equity',
            seasonId,
            date: point.date,
            equity: point.equity,
            recordedAt: at,
          },
        }),
      );
    },

    hasResults: async (seasonId) => (await get({ PK: seasonPk(seasonId), SK: 'RESULTS' })) !== null,

    async freezeEntrant(debrief: StoredDebrief, result, award) {
      const failed = await transactRetryingConflicts(db, [
        {
          Put: {
            TableName: table,
            Item: {
              PK: userPk(debrief.userId),
              SK: `${COMPDEBRIEF_PREFIX}${debrief.seasonId}`,
              entity: 'competition-debrief',
              seasonId: debrief.seasonId,
              debrief,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: table,
            Key: entryKey(debrief.userId, debrief.seasonId),
            UpdateExpression: 'SET #r = :r',
            // A learner who deleted their account since the season's entrants were read gets nothing written.
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#r': 'result' },
            ExpressionAttributeValues: { ':r': result },
          },
        },
        ...(award ? [outboxPut(table, award, new Date(debrief.closedAt))] : []),
      ]);
      return failed.length === 0 ? 'written' : 'exists';
    },

    async saveResults(results, standings) {
      const failed = await transactRetryingConflicts(db, [
        {
          Put: {
            TableName: table,
            Item: { PK: seasonPk(results.seasonId), SK: 'RESULTS', entity: 'competition-results', results },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: table, Item: { PK: seasonPk(results.seasonId), SK: 'STANDINGS', entity: 'competition-standings', basis: 'final', standings } } },
      ]);
      return failed.length === 0 ? 'written' : 'exists';
    },

    async debrief(userId, seasonId) {
      const item = await get({ PK: userPk(userId), SK: `${COMPDEBRIEF_PREFIX}${seasonId}` }, false);
      return item ? (item.debrief as StoredDebrief) : null;
    },
  };
}

/**
 * The account deletion's part outside the learner's partition: each season's entrant item leaves (and the count goes
 * down with it), found from the learner's own entries. Safe to run again: an entrant item already gone changes nothing.
 * The next board run computes the standings without them.
 */
export async function eraseCompetitionEntrant(userId: string, db: DynamoDBDocumentClient = documentClient(), table = tableName()): Promise<void> {
  const entries = await queryAll(db, table, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': COMPENTRY_PREFIX },
    ConsistentRead: true,
  });
  for (const e of entries) {
    const seasonId = e.seasonId as string;
    await transactRetryingConflicts(db, [
      { Delete: { TableName: table, Key: { PK: seasonPk(seasonId), SK: entrantSk(userId) }, ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          TableName: table,
          Key: { PK: seasonPk(seasonId), SK: 'META' },
          UpdateExpression: 'ADD entrants :minus',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
    ]);
    // Then the season's standings and frozen results keep the learner's row for the others' ranks, without who it was.
    for (const [sk, field] of [
      ['STANDINGS', 'standings'],
      ['RESULTS', 'results'],
    ] as const) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: seasonPk(seasonId), SK: sk }, ConsistentRead: true }));
      const record = out.Item?.[field] as StoredStandings | FrozenResults | undefined;
      const cleaned = record ? withoutEntrant(record, userId, `deleted-${ulid()}`) : null;
      if (cleaned) await db.send(new PutCommand({ TableName: table, Item: { ...out.Item, [field]: cleaned } }));
    }
  }
}
