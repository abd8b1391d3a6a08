import { createHash } from 'node:crypto';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EquityPoint } from '@shared/competitions/score';
import { withoutEntrant } from '@shared/competitions/erase-entrant';
import type {
  EntryResult,
  FrozenResults,
  SeasonRepository,
  StandingsHead,
  StoredDebrief,
  StoredEntry,
  StoredStandings,
} from '@shared/competitions/seasons.port';
import type { EntrantResult } from '@shared/competitions/standings';
import { leagueRowsOf, resultsByLeague, standingsHeadOf, topRowsOf } from '@shared/competitions/standings-parts';
import { ulid } from 'ulid';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { ITEM_LIMIT_BYTES, itemBytes, TRANSACTION_LIMIT_BYTES } from './item-size';
import { outboxPut } from './outbox';
import { queryAll } from './query';
import { transactRetryingConflicts, type TransactItems } from './transact';
import { userPk } from './profile-repository';

/**
 * The competition seasons' items (issue 39):
 * - under the learner's own partition, so the export and the deletion cover them: `COMPENTRY#<seasonId>` (the entry,
 *   with the result once closed), `COMPEQ#<seasonId>#<date>` (the competition account's closing equity of a day) and
 *   `COMPDEBRIEF#<seasonId>` (the debrief frozen at the close);
 * - under `SEASON#<seasonId>`: `ENTRANT#<sub>` (written in one transaction with the entry, both conditional on not
 *   existing), `META` (the entrant count, in the same transaction);
 * - the standings in parts, so a season of any realistic size fits DynamoDB's 400 KB item limit and a board reads a
 *   few small items: `STANDINGS` (the head: basis, computed time, league and entrant counts), `STANDINGS#L#<league,
 *   4 digits>` (a league's rows, each with its league and overall rank), `STANDINGS#TOP` (the overall board's first
 *   TOP_ROWS rows) and `STANDINGS#U#<0..7>` (which league each entrant is in, the entrants spread by a hash of their
 *   id, so a viewer's league is one small read);
 * - the frozen results the same way, written once at the close: `RESULTS` (the head) and `RESULTS#L#<league>` (a
 *   league's rows and its entrants' award keys).
 * A season written before the split keeps one `STANDINGS` item holding every row (its `standings` attribute) and one
 * `RESULTS` item (`results`): both are still read, and the deletion still cleans them.
 */
export const COMPENTRY_PREFIX = 'COMPENTRY#';
export const COMPEQ_PREFIX = 'COMPEQ#';
export const COMPDEBRIEF_PREFIX = 'COMPDEBRIEF#';
export const seasonPk = (seasonId: string) => `SEASON#${seasonId}`;
const entrantSk = (userId: string) => `ENTRANT#${userId}`;
const STANDINGS = 'STANDINGS';
const RESULTS = 'RESULTS';
const leagueSk = (head: string, league: number) => `${head}#L#${String(league).padStart(4, '0')}`;
const TOP_SK = `${STANDINGS}#TOP`;
/** How many parts the entrants' leagues are spread over: fixed, so a reader reads a viewer's part beside the head. */
export const LEAGUE_INDEX_PARTS = 8;
export const leagueIndexPart = (userId: string) => createHash('sha256').update(userId).digest()[0]! % LEAGUE_INDEX_PARTS;
const indexSk = (part: number) => `${STANDINGS}#U#${part}`;
/** A write of standings never replaces the final ones (a board run that ends after the close). */
const NOT_FINAL = { ConditionExpression: 'attribute_not_exists(PK) OR basis <> :final', ExpressionAttributeValues: { ':final': 'final' } };
const NOT_THERE = { ConditionExpression: 'attribute_not_exists(PK)' };

type Put = NonNullable<TransactItems[number]['Put']> & { Item: Record<string, unknown> };
const asTransactPut = (put: Put) => ({ Put: put });

/**
 * Every item of a season's standings, the head last: the parts carry the head's basis and computed time (a part's own
 * condition then refuses to replace final standings).
 */
export function standingsItems(table: string, s: StoredStandings): Put[] {
  const pk = seasonPk(s.seasonId);
  const stamp = { seasonId: s.seasonId, computedAt: s.computedAt, basis: s.basis };
  const index = Array.from({ length: LEAGUE_INDEX_PARTS }, () => ({}) as Record<string, number>);
  for (const r of s.results) index[leagueIndexPart(r.userId)]![r.userId] = r.league;
  return [
    ...leagueRowsOf(s.results).map(([league, results]) => ({
      TableName: table,
      Item: { PK: pk, SK: leagueSk(STANDINGS, league), entity: 'competition-standings-league', ...stamp, league, results },
      ...NOT_FINAL,
    })),
    { TableName: table, Item: { PK: pk, SK: TOP_SK, entity: 'competition-standings-top', ...stamp, results: topRowsOf(s.results) }, ...NOT_FINAL },
    ...index.map((leagues, part) => ({
      TableName: table,
      Item: { PK: pk, SK: indexSk(part), entity: 'competition-standings-index', ...stamp, leagues },
      ...NOT_FINAL,
    })),
    { TableName: table, Item: { PK: pk, SK: STANDINGS, entity: 'competition-standings', ...standingsHeadOf(s) }, ...NOT_FINAL },
  ];
}

/** Every item of a season's frozen results, the head last (each written once: conditional on not existing). */
export function resultsItems(table: string, frozen: FrozenResults): Put[] {
  const pk = seasonPk(frozen.seasonId);
  const stamp = { seasonId: frozen.seasonId, closedAt: frozen.closedAt };
  return [
    ...resultsByLeague(frozen).map(({ league, results, awards }) => ({
      TableName: table,
      Item: { PK: pk, SK: leagueSk(RESULTS, league), entity: 'competition-results-league', ...stamp, league, results, awards },
      ...NOT_THERE,
    })),
    {
      TableName: table,
      Item: {
        PK: pk,
        SK: RESULTS,
        entity: 'competition-results',
        ...stamp,
        leagues: frozen.leagues,
        entrants: frozen.results.length,
        awards: frozen.awards.length,
      },
      ...NOT_THERE,
    },
  ];
}

/** A transaction holds at most 100 items. */
const TRANSACTION_ITEMS = 100;

/**
 * Items in transactions of at most 100 items and 4 MB, in order. Each item is checked against the 400 KB limit first,
 * so an oversized season fails before anything is written, with the item named.
 */
export function transactionsOf(items: Put[]): Put[][] {
  const out: Put[][] = [];
  let chunk: Put[] = [];
  let bytes = 0;
  for (const put of items) {
    const size = itemBytes(put.Item);
    if (size > ITEM_LIMIT_BYTES) throw new Error(`The item ${String(put.Item.PK)} ${String(put.Item.SK)} would hold ${size} bytes, over DynamoDB's 400 KB`);
    if (chunk.length === TRANSACTION_ITEMS || bytes + size > TRANSACTION_LIMIT_BYTES) {
      out.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(put);
    bytes += size;
  }
  if (chunk.length) out.push(chunk);
  return out;
}

const toEntry = (item: Record<string, unknown>): StoredEntry => ({
  userId: item.userId as string,
  seasonId: item.seasonId as string,
  joinedAt: item.joinedAt as string,
  accountOpened: item.accountOpened === true,
  result: (item.result as EntryResult | undefined) ?? null,
});

const legacyStandings = (item: Record<string, unknown>) => (item.standings as StoredStandings | undefined) ?? null;
const headOf = (item: Record<string, unknown>): StandingsHead => ({
  seasonId: item.seasonId as string,
  computedAt: item.computedAt as string,
  basis: item.basis as StandingsHead['basis'],
  leagues: item.leagues as number,
  entrants: item.entrants as number,
});

export function dynamoSeasonRepository(db: DynamoDBDocumentClient = documentClient(), table = tableName()): SeasonRepository {
  const entryKey = (userId: string, seasonId: string) => ({ PK: userPk(userId), SK: `${COMPENTRY_PREFIX}${seasonId}` });
  const get = async (Key: Record<string, string>, consistent = true) =>
    (await db.send(new GetCommand({ TableName: table, Key, ConsistentRead: consistent }))).Item ?? null;
  const entry = async (userId: string, seasonId: string) => {
    const item = await get(entryKey(userId, seasonId));
    return item ? toEntry(item) : null;
  };
  /** A season's standings as one item, as written before the split; null for any other season. */
  const legacy = async (seasonId: string) => {
    const item = await get({ PK: seasonPk(seasonId), SK: STANDINGS }, false);
    return item ? legacyStandings(item) : null;
  };

  /**
   * Writes `items` so that the last one (the head) is written after every other: in one transaction when they fit in
   * one (100 items, 4 MB), else in transactions of the others in order, then the head alone. True when the head was
   * written; false when its own condition refused it (final standings there, results frozen before). A part refused by
   * its condition (written by a run that stopped before its head) leaves the others of its transaction to be written
   * one by one, in order. While the parts are written, a reader sees the earlier head with parts of either run.
   */
  const writeHeadLast = async (items: Put[]): Promise<boolean> => {
    const transact = (puts: Put[]) => transactRetryingConflicts(db, puts.map(asTransactPut));
    if (transactionsOf(items).length === 1) {
      const failed = await transact(items);
      if (failed.length === 0) return true;
      if (failed.includes(items.length - 1)) return false;
      await putEach(items.slice(0, -1));
    } else {
      for (const chunk of transactionsOf(items.slice(0, -1))) if ((await transact(chunk)).length) await putEach(chunk);
    }
    return putUnlessRefused(items.at(-1)!);
  };
  const putUnlessRefused = async (put: Put): Promise<boolean> => {
    try {
      await db.send(new PutCommand(put));
      return true;
    } catch (err) {
      if (!isConditionFailed(err)) throw err;
      return false;
    }
  };
  const putEach = async (puts: Put[]) => {
    for (const put of puts) await putUnlessRefused(put);
  };

  /** League parts of an earlier run with more leagues than `now` are deleted, so nothing reads or keeps their rows. */
  const dropLeaguesAfter = async (now: StoredStandings, before: Record<string, unknown> | null) => {
    const had = before && !legacyStandings(before) && typeof before.leagues === 'number' ? before.leagues : 0;
    for (let league = now.leagues + 1; league <= had; league++) {
      try {
        await db.send(
          new DeleteCommand({
            TableName: table,
            Key: { PK: seasonPk(now.seasonId), SK: leagueSk(STANDINGS, league) },
            ConditionExpression: 'basis <> :final',
            ExpressionAttributeValues: { ':final': 'final' },
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
    }
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

    async standingsHead(seasonId) {
      const item = await get({ PK: seasonPk(seasonId), SK: STANDINGS }, false);
      if (!item) return null;
      const legacy = legacyStandings(item);
      return legacy ? standingsHeadOf(legacy) : headOf(item);
    },

    async leagueStandings(seasonId, league) {
      const item = await get({ PK: seasonPk(seasonId), SK: leagueSk(STANDINGS, league) }, false);
      if (item) return item.results as EntrantResult[];
      return (await legacy(seasonId))?.results.filter((r) => r.league === league) ?? [];
    },

    async topStandings(seasonId) {
      const item = await get({ PK: seasonPk(seasonId), SK: TOP_SK }, false);
      if (item) return item.results as EntrantResult[];
      const old = await legacy(seasonId);
      return old ? topRowsOf(old.results) : [];
    },

    async standingsLeague(seasonId, userId) {
      const item = await get({ PK: seasonPk(seasonId), SK: indexSk(leagueIndexPart(userId)) }, false);
      if (item) return (item.leagues as Record<string, number>)[userId] ?? null;
      return (await legacy(seasonId))?.results.find((r) => r.userId === userId)?.league ?? null;
    },

    async saveStandings(standings) {
      const before = await get({ PK: seasonPk(standings.seasonId), SK: STANDINGS });
      if (before?.basis === 'final') return;
      if (await writeHeadLast(standingsItems(table, standings))) await dropLeaguesAfter(standings, before);
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

    hasResults: async (seasonId) => (await get({ PK: seasonPk(seasonId), SK: RESULTS })) !== null,

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
      if (await get({ PK: seasonPk(results.seasonId), SK: RESULTS })) return 'exists';
      const before = await get({ PK: seasonPk(standings.seasonId), SK: STANDINGS });
      const items = resultsItems(table, results);
      // The results' league parts, the final standings (their head last), then the results' head: the close's mark.
      const written = await writeHeadLast([...items.slice(0, -1), ...standingsItems(table, standings), items.at(-1)!]);
      if (!written) return 'exists';
      await dropLeaguesAfter(standings, before?.basis === 'final' ? null : before);
      return 'written';
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
    await eraseFromStandings(db, table, seasonId, userId, (e.result as EntryResult | undefined)?.league ?? null);
  }
}

/**
 * Then the season's standings and frozen results keep the learner's row for the others' ranks, without who it was
 * (withoutEntrant): in their league's part and the top part of each, and they leave the standings' league index; a
 * season stored as one item before the split is cleaned in that item. One placeholder id per season, so the row reads
 * the same in every part. An item that no longer names the learner is not written again.
 */
async function eraseFromStandings(db: DynamoDBDocumentClient, table: string, seasonId: string, userId: string, resultLeague: number | null) {
  const pk = seasonPk(seasonId);
  const placeholder = `deleted-${ulid()}`;
  const read = async (SK: string) => (await db.send(new GetCommand({ TableName: table, Key: { PK: pk, SK }, ConsistentRead: true }))).Item ?? null;
  const clean = async (item: Record<string, unknown> | null, field?: 'standings' | 'results') => {
    if (!item) return;
    const record = (field ? item[field] : item) as { results: EntrantResult[]; awards?: string[] } | undefined;
    if (!record || !Array.isArray(record.results)) return;
    const cleaned = withoutEntrant(record, userId, placeholder);
    if (cleaned) await db.send(new PutCommand({ TableName: table, Item: field ? { ...item, [field]: cleaned } : cleaned }));
  };

  const head = await read(STANDINGS);
  let league: number | null = null;
  if (head && legacyStandings(head)) await clean(head, 'standings');
  else if (head) {
    const part = indexSk(leagueIndexPart(userId));
    const index = await read(part);
    league = (index?.leagues as Record<string, number> | undefined)?.[userId] ?? null;
    if (league !== null) {
      await db.send(
        new UpdateCommand({
          TableName: table,
          Key: { PK: pk, SK: part },
          UpdateExpression: 'REMOVE #l.#u',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#l': 'leagues', '#u': userId },
        }),
      );
      await clean(await read(leagueSk(STANDINGS, league)));
    }
    await clean(await read(TOP_SK));
  }

  const results = await read(RESULTS);
  if (results && typeof results.results === 'object') await clean(results, 'results');
  else if (results) {
    const frozenLeague = resultLeague ?? league;
    if (frozenLeague !== null) await clean(await read(leagueSk(RESULTS, frozenLeague)));
  }
}
