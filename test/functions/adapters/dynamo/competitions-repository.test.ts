import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { domainEvent } from '@shared/events/domain-events';
import type { StoredDebrief } from '@shared/competitions/seasons.port';
import type { EntrantResult } from '@shared/competitions/standings';
import {
  dynamoSeasonRepository,
  eraseCompetitionEntrant,
  LEAGUE_INDEX_PARTS,
  leagueIndexPart,
  resultsItems,
  standingsItems,
} from '../../../../functions/adapters/dynamo/competitions-repository';
import { itemBytes } from '../../../../functions/adapters/dynamo/item-size';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const repo = dynamoSeasonRepository(db, 'table');
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ $metadata: {}, message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });
const SEASON = 'weekly-2026-11-30';

/** A row with every field a stored row has. */
const row = (userId: string, league: number, rank: number, displayName = `Learner ${userId}`): EntrantResult => ({
  userId,
  displayName,
  hidden: false,
  league,
  ranked: true,
  leagueRank: rank,
  overallRank: rank,
  score: 2,
  figures: { startingCapital: 100_000, finalEquity: 102_000, return: 0.02, maxDrawdown: null, divisor: 0.02, floorApplied: true, score: 1 },
  sample: { closedTrades: 5, tradingDays: 3 },
  note: null,
});

/**
 * A season of `n` entrants as large as its rows can be: Cognito-sized ids, 40-character names of 3-byte characters,
 * every figure with 17 significant digits and a drawdown, every other entrant unranked with the longest note; leagues
 * of 30 as the draw cuts them.
 */
function bigSeason(n: number): EntrantResult[] {
  const leagues = Math.max(1, Math.round(n / 30));
  const noisy = (i: number) => 0.1234567890123456 + i / 1e7;
  return Array.from({ length: n }, (_, i) => ({
    userId: `0c9e5f2a-1b3d-4e6f-8a0b-${String(i).padStart(12, '0')}`,
    displayName: '漢'.repeat(40),
    hidden: i % 7 === 0,
    league: 1 + Math.floor((i * leagues) / n),
    ranked: i % 2 === 0,
    leagueRank: i % 2 === 0 ? i + 1 : null,
    overallRank: i % 2 === 0 ? i + 1 : null,
    score: noisy(i) * 100,
    figures: {
      startingCapital: 100_000,
      finalEquity: 100_000 + noisy(i) * 10_000,
      return: noisy(i),
      maxDrawdown: { amount: noisy(i) * 1_000, fraction: noisy(i) / 10, peakDate: '2026-12-01', troughDate: '2026-12-03' },
      divisor: noisy(i) / 10,
      floorApplied: false,
      score: noisy(i) * 100,
    },
    sample: { closedTrades: 12_345, tradingDays: 21 },
    note: i % 2 === 0 ? null : 'Not ranked: had 4 closed trades on 2 trading days; ranking needs 5 closed trades on at least 3 trading days.',
  }));
}

describe('the competition seasons repository', () => {
  beforeEach(() => mock.reset());

  it("joins with the learner's entry, the season's entrant item and its count in one transaction, both items conditional on not existing", async () => {
    mock.on(TransactWriteCommand).resolves({});
    const out = await repo.join('u1', SEASON, '2026-11-30T15:00:00.000Z');
    expect(out).toEqual({ created: true, entry: { userId: 'u1', seasonId: SEASON, joinedAt: '2026-11-30T15:00:00.000Z', accountOpened: false, result: null } });
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => i.Put?.Item?.SK ?? i.Update?.Key?.SK)).toEqual([`COMPENTRY#${SEASON}`, 'ENTRANT#u1', 'META']);
    expect(items[0]!.Put).toMatchObject({ Item: { PK: 'USER#u1' }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(items[1]!.Put).toMatchObject({ Item: { PK: `SEASON#${SEASON}` }, ConditionExpression: 'attribute_not_exists(PK)' });
  });

  it('answers the entry written by a join at the same moment', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None'));
    mock.on(GetCommand).resolves({ Item: { userId: 'u1', seasonId: SEASON, joinedAt: '2026-11-30T14:59:00.000Z', accountOpened: true } });
    expect(await repo.join('u1', SEASON, '2026-11-30T15:00:00.000Z')).toMatchObject({
      created: false,
      entry: { joinedAt: '2026-11-30T14:59:00.000Z', accountOpened: true },
    });
  });

  it("freezes a debrief with its award's outbox event, and answers `exists` (emitting nothing new) when the debrief was written before", async () => {
    mock
      .on(TransactWriteCommand)
      .resolvesOnce({})
      .rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    const debrief = { userId: 'u1', seasonId: SEASON, closedAt: '2026-12-05T00:00:00.000Z' } as StoredDebrief;
    const result = { ranked: true, rank: 1, leagueRank: 1, league: 1, score: 2, note: null, awarded: true };
    const award = domainEvent(
      'CompetitionSeasonAwarded',
      { userId: 'u1', seasonId: SEASON, awardKey: `competition#${SEASON}#u1`, coins: 50, achievementId: 'planned-season', at: debrief.closedAt },
      '01JDXKQ3M9R4T7V2W8Y5Z6A1B0',
    );
    expect(await repo.freezeEntrant(debrief, result, award)).toBe('written');
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items[0]!.Put).toMatchObject({ Item: { PK: 'USER#u1', SK: `COMPDEBRIEF#${SEASON}` }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(items[2]!.Put?.Item).toMatchObject({ detailType: 'CompetitionSeasonAwarded', eventId: '01JDXKQ3M9R4T7V2W8Y5Z6A1B0' });
    expect(await repo.freezeEntrant(debrief, result, award)).toBe('exists');
  });

  it('writes the standings in parts, the head last, in one transaction for a season that fits, each part refusing to replace final ones', async () => {
    mock.on(GetCommand).resolves({});
    mock.on(TransactWriteCommand).resolves({});
    const results = Array.from({ length: 70 }, (_, i) => row(`u${i}`, 1 + Math.floor(i / 35), i + 1));
    await repo.saveStandings({ seasonId: SEASON, computedAt: '2026-12-01T15:00:00.000Z', basis: 'provisional', leagues: 2, results });
    const calls = mock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const puts = calls[0]!.args[0].input.TransactItems!.map((i) => i.Put!);
    expect(puts.map((p) => p.Item!.SK)).toEqual([
      'STANDINGS#L#0001',
      'STANDINGS#L#0002',
      'STANDINGS#TOP',
      ...Array.from({ length: LEAGUE_INDEX_PARTS }, (_, i) => `STANDINGS#U#${i}`),
      'STANDINGS',
    ]);
    for (const put of puts)
      expect(put).toMatchObject({ ConditionExpression: 'attribute_not_exists(PK) OR basis <> :final', ExpressionAttributeValues: { ':final': 'final' } });
    expect(puts.at(-1)!.Item).toEqual({
      PK: `SEASON#${SEASON}`,
      SK: 'STANDINGS',
      entity: 'competition-standings',
      seasonId: SEASON,
      computedAt: '2026-12-01T15:00:00.000Z',
      basis: 'provisional',
      leagues: 2,
      entrants: 70,
    });
    expect((puts[1]!.Item!.results as { userId: string }[]).map((r) => r.userId)).toEqual(results.slice(35).map((r) => r.userId));
    const index = Object.assign({}, ...puts.slice(3, -1).map((p) => p.Item!.leagues as Record<string, number>));
    expect(index).toEqual(Object.fromEntries(results.map((r) => [r.userId, r.league])));
    expect(
      puts.slice(3, -1).every((p) => Object.keys(p.Item!.leagues as object).every((id) => leagueIndexPart(id) === Number(String(p.Item!.SK).slice(-1)))),
    ).toBe(true);
  });

  it('never replaces the final standings with a later board run', async () => {
    mock.on(GetCommand, { Key: { PK: `SEASON#${SEASON}`, SK: 'STANDINGS' } }).resolves({ Item: { SK: 'STANDINGS', basis: 'final', leagues: 1 } });
    await expect(repo.saveStandings({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 1, results: [row('u1', 1, 1)] })).resolves.toBeUndefined();
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(mock.commandCalls(PutCommand)).toHaveLength(0);

    // The close wrote the final standings between the read of the head and the write: the transaction is refused.
    mock.reset();
    mock.on(GetCommand).resolves({ Item: { SK: 'STANDINGS', basis: 'closing', leagues: 3 } });
    mock.on(TransactWriteCommand).rejects(cancelled(...Array.from({ length: 1 + 1 + LEAGUE_INDEX_PARTS + 1 }, () => 'ConditionalCheckFailed')));
    await repo.saveStandings({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 1, results: [row('u1', 1, 1)] });
    expect(mock.commandCalls(PutCommand)).toHaveLength(0);
    expect(mock.commandCalls(DeleteCommand)).toHaveLength(0);
  });

  it('deletes the league parts an earlier run had beyond the new count, once the new head is written', async () => {
    mock.on(GetCommand).resolves({ Item: { SK: 'STANDINGS', basis: 'provisional', leagues: 3 } });
    mock.on(TransactWriteCommand).resolves({});
    mock.on(DeleteCommand).resolves({});
    await repo.saveStandings({ seasonId: SEASON, computedAt: 'x', basis: 'provisional', leagues: 1, results: [row('u1', 1, 1)] });
    expect(mock.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key!.SK)).toEqual(['STANDINGS#L#0002', 'STANDINGS#L#0003']);
    expect(mock.calls().at(-3)!.args[0]).toBeInstanceOf(TransactWriteCommand);
  });

  it('writes a large season in transactions of at most 100 items, then the head alone', async () => {
    mock.on(GetCommand).resolves({});
    mock.on(TransactWriteCommand).resolves({});
    mock.on(PutCommand).resolves({});
    const results = bigSeason(5_000);
    await repo.saveStandings({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 167, results });
    const transactions = mock.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(transactions.length).toBeGreaterThan(1);
    expect(transactions.every((t) => t.length <= 100)).toBe(true);
    expect(transactions.flat().map((i) => i.Put!.Item!.SK)).not.toContain('STANDINGS');
    expect(transactions.flat()).toHaveLength(167 + 1 + LEAGUE_INDEX_PARTS);
    const last = mock.calls().at(-1)!.args[0] as PutCommand;
    expect(last).toBeInstanceOf(PutCommand);
    expect(last.input).toMatchObject({
      Item: { SK: 'STANDINGS', entrants: 5_000, leagues: 167 },
      ConditionExpression: 'attribute_not_exists(PK) OR basis <> :final',
    });
  });

  it("keeps every item of a 5,000-entrant season's standings and frozen results under DynamoDB's 400 KB", () => {
    const results = bigSeason(5_000);
    const awards = results.filter((r) => r.ranked).map((r) => `competition#${SEASON}#${r.userId}`);
    const items = [
      ...standingsItems('table', { seasonId: SEASON, computedAt: '2026-12-04T21:00:00.000Z', basis: 'final', leagues: 167, results }),
      ...resultsItems('table', { seasonId: SEASON, closedAt: '2026-12-04T21:00:00.000Z', leagues: 167, results, awards }),
    ].map((p) => p.Item!);
    expect(items).toHaveLength(167 + 1 + LEAGUE_INDEX_PARTS + 1 + 167 + 1);
    // The size DynamoDB counts, and an upper bound of it from the marshalled item (every name, string and digit it sends).
    const sizes = items.map((item) => ({ sk: item.SK, counted: itemBytes(item), bound: Buffer.byteLength(JSON.stringify(marshall(item))) }));
    for (const s of sizes) {
      expect(s.counted, String(s.sk)).toBeLessThanOrEqual(s.bound);
      expect(s.bound, String(s.sk)).toBeLessThan(400 * 1024);
    }
    const largest = (prefix: string) => Math.max(...sizes.filter((s) => String(s.sk).startsWith(prefix)).map((s) => s.counted));
    // Room to spare: a league part (30 rows) about 17 KB, the top part (200 rows) about 110 KB, an index part (about
    // 625 entrants, 42 bytes each) about 26 KB.
    expect(largest('STANDINGS#L#')).toBeLessThan(30 * 1024);
    expect(largest('STANDINGS#TOP')).toBeLessThan(150 * 1024);
    expect(largest('STANDINGS#U#')).toBeLessThan(40 * 1024);
    expect(largest('RESULTS#L#')).toBeLessThan(30 * 1024);
  });

  it('refuses before writing anything when an item would pass 400 KB', async () => {
    mock.on(GetCommand).resolves({});
    const results = bigSeason(1_000).map((r) => ({ ...r, league: 1 }));
    await expect(repo.saveStandings({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 1, results })).rejects.toThrow(
      /STANDINGS#L#0001 would hold \d+ bytes, over DynamoDB's 400 KB/,
    );
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it("reads a board's parts: the head, a league, the top and a viewer's league", async () => {
    const results = [row('u1', 1, 1), row('u2', 2, 2)];
    const key = (SK: string) => ({ Key: { PK: `SEASON#${SEASON}`, SK } });
    mock.on(GetCommand, key('STANDINGS')).resolves({ Item: { SK: 'STANDINGS', seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 2, entrants: 2 } });
    mock.on(GetCommand, key('STANDINGS#L#0002')).resolves({ Item: { results: [results[1]] } });
    mock.on(GetCommand, key('STANDINGS#TOP')).resolves({ Item: { results } });
    mock.on(GetCommand, key(`STANDINGS#U#${leagueIndexPart('u2')}`)).resolves({ Item: { leagues: { u2: 2 } } });
    mock.on(GetCommand, key('STANDINGS#L#0003')).resolves({});
    expect(await repo.standingsHead(SEASON)).toEqual({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 2, entrants: 2 });
    expect(await repo.leagueStandings(SEASON, 2)).toEqual([results[1]]);
    expect(await repo.leagueStandings(SEASON, 3)).toEqual([]);
    expect(await repo.topStandings(SEASON)).toEqual(results);
    expect(await repo.standingsLeague(SEASON, 'u2')).toBe(2);
  });

  it('reads a season stored as one item before the split', async () => {
    const results = [row('u1', 1, 1), row('u2', 2, 2)];
    mock.on(GetCommand).resolves({});
    mock.on(GetCommand, { Key: { PK: `SEASON#${SEASON}`, SK: 'STANDINGS' } }).resolves({
      Item: { SK: 'STANDINGS', basis: 'closing', standings: { seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 2, results } },
    });
    expect(await repo.standingsHead(SEASON)).toEqual({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 2, entrants: 2 });
    expect(await repo.leagueStandings(SEASON, 2)).toEqual([results[1]]);
    expect(await repo.topStandings(SEASON)).toEqual(results);
    expect(await repo.standingsLeague(SEASON, 'u2')).toBe(2);
    expect(await repo.standingsLeague(SEASON, 'u9')).toBeNull();
  });

  it('freezes the results once: their league parts with their award keys, the final standings, then the results head last', async () => {
    mock.on(GetCommand).resolves({});
    mock.on(TransactWriteCommand).resolves({});
    const results = [row('u1', 1, 1), row('u2', 2, 2)];
    const frozen = { seasonId: SEASON, closedAt: 'c', leagues: 2, results, awards: [`competition#${SEASON}#u2`] };
    expect(await repo.saveResults(frozen, { seasonId: SEASON, computedAt: 'c', basis: 'final', leagues: 2, results })).toBe('written');
    const puts = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!.map((i) => i.Put!);
    expect(puts.map((p) => p.Item!.SK)).toEqual([
      'RESULTS#L#0001',
      'RESULTS#L#0002',
      'STANDINGS#L#0001',
      'STANDINGS#L#0002',
      'STANDINGS#TOP',
      ...Array.from({ length: LEAGUE_INDEX_PARTS }, (_, i) => `STANDINGS#U#${i}`),
      'STANDINGS',
      'RESULTS',
    ]);
    expect(puts[0]).toMatchObject({ Item: { results: [results[0]], awards: [] }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(puts[1]).toMatchObject({ Item: { results: [results[1]], awards: [`competition#${SEASON}#u2`] } });
    expect(puts.at(-1)).toMatchObject({ Item: { closedAt: 'c', leagues: 2, entrants: 2 }, ConditionExpression: 'attribute_not_exists(PK)' });
    expect(puts.at(-2)!.Item).toMatchObject({ basis: 'final' });

    // Run again: the results are there, nothing is written.
    mock.reset();
    mock.on(GetCommand, { Key: { PK: `SEASON#${SEASON}`, SK: 'RESULTS' } }).resolves({ Item: { SK: 'RESULTS' } });
    expect(await repo.saveResults(frozen, { seasonId: SEASON, computedAt: 'c', basis: 'final', leagues: 2, results })).toBe('exists');
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(mock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('finishes a close that stopped after some parts: a part written before is kept, the rest and the heads are written', async () => {
    mock.on(GetCommand).resolves({});
    mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', ...Array.from({ length: 2 + LEAGUE_INDEX_PARTS + 2 }, () => 'None')));
    mock
      .on(PutCommand)
      .resolves({})
      .on(PutCommand, { Item: { SK: 'RESULTS#L#0001' } })
      .rejects(new ConditionalCheckFailedException({ $metadata: {}, message: 'The conditional request failed' }));
    const results = [row('u1', 1, 1)];
    const frozen = { seasonId: SEASON, closedAt: 'c', leagues: 1, results, awards: [] };
    expect(await repo.saveResults(frozen, { seasonId: SEASON, computedAt: 'c', basis: 'final', leagues: 1, results })).toBe('written');
    expect(mock.commandCalls(PutCommand).map((c) => c.args[0].input.Item!.SK)).toEqual([
      'RESULTS#L#0001',
      'STANDINGS#L#0001',
      'STANDINGS#TOP',
      ...Array.from({ length: LEAGUE_INDEX_PARTS }, (_, i) => `STANDINGS#U#${i}`),
      'STANDINGS',
      'RESULTS',
    ]);
  });

  it("removes a deleted learner's entrant items from each season they entered, and the count with them", async () => {
    mock.on(QueryCommand).resolves({ Items: [{ seasonId: SEASON }, { seasonId: 'monthly-2026-12' }] });
    mock.on(TransactWriteCommand).resolves({});
    mock.on(GetCommand).resolves({});
    await eraseCompetitionEntrant('u1', db, 'table');
    const calls = mock.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(calls.map((items) => items[0]!.Delete?.Key)).toEqual([
      { PK: `SEASON#${SEASON}`, SK: 'ENTRANT#u1' },
      { PK: 'SEASON#monthly-2026-12', SK: 'ENTRANT#u1' },
    ]);
    expect(calls[0]![1]!.Update).toMatchObject({ Key: { PK: `SEASON#${SEASON}`, SK: 'META' }, ExpressionAttributeValues: { ':minus': -1 } });
  });

  it("keeps a deleted learner's row in their league's part and the top part of the standings and frozen results, without their id, name or award", async () => {
    const ada = row('u1', 2, 1, 'Ada Lovelace');
    const grace = row('u2', 1, 2, 'Grace Hopper');
    const key = (SK: string) => ({ Key: { PK: `SEASON#${SEASON}`, SK } });
    const part = `STANDINGS#U#${leagueIndexPart('u1')}`;
    mock.on(QueryCommand).resolves({ Items: [{ seasonId: SEASON, result: { league: 2 } }] });
    mock.on(TransactWriteCommand).resolves({});
    mock.on(GetCommand).resolves({});
    mock.on(GetCommand, key('STANDINGS')).resolves({ Item: { SK: 'STANDINGS', basis: 'final', leagues: 2, entrants: 2 } });
    mock.on(GetCommand, key(part)).resolves({ Item: { SK: part, leagues: { u1: 2 } } });
    mock
      .on(GetCommand, key('STANDINGS#L#0002'))
      .resolves({ Item: { PK: `SEASON#${SEASON}`, SK: 'STANDINGS#L#0002', basis: 'final', league: 2, results: [ada] } });
    mock.on(GetCommand, key('STANDINGS#TOP')).resolves({ Item: { PK: `SEASON#${SEASON}`, SK: 'STANDINGS#TOP', basis: 'final', results: [ada, grace] } });
    mock.on(GetCommand, key('RESULTS')).resolves({ Item: { SK: 'RESULTS', closedAt: 'c', leagues: 2, entrants: 2, awards: 1 } });
    mock
      .on(GetCommand, key('RESULTS#L#0002'))
      .resolves({ Item: { PK: `SEASON#${SEASON}`, SK: 'RESULTS#L#0002', league: 2, results: [ada], awards: [`competition#${SEASON}#u1`] } });
    mock.on(PutCommand).resolves({});
    mock.on(UpdateCommand).resolves({});
    await eraseCompetitionEntrant('u1', db, 'table');

    expect(mock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: `SEASON#${SEASON}`, SK: part },
      UpdateExpression: 'REMOVE #l.#u',
      ExpressionAttributeNames: { '#l': 'leagues', '#u': 'u1' },
    });
    const puts = mock.commandCalls(PutCommand).map((c) => c.args[0].input.Item!);
    expect(puts.map((i) => i.SK)).toEqual(['STANDINGS#L#0002', 'STANDINGS#TOP', 'RESULTS#L#0002']);
    for (const item of puts) {
      expect(JSON.stringify(item)).not.toMatch(/u1|Ada Lovelace/);
      expect((item.results as EntrantResult[])[0]).toMatchObject({ displayName: 'Deleted learner', hidden: true, overallRank: 1, league: 2 });
    }
    // One placeholder in every part, so the row reads the same on each board.
    expect(new Set(puts.map((i) => (i.results as EntrantResult[])[0]!.userId)).size).toBe(1);
    expect((puts[1]!.results as EntrantResult[])[1]).toEqual(grace);
    expect(puts[2]!.awards).toEqual([]);
  });

  it("keeps a deleted learner's row in a season stored as one item before the split, without their id, name or award", async () => {
    const row = (userId: string, displayName: string) => ({
      userId,
      displayName,
      hidden: false,
      league: 1,
      ranked: true,
      leagueRank: 1,
      overallRank: 1,
      score: 2,
    });
    const results = [row('u1', 'Ada Lovelace'), row('u2', 'Grace Hopper')];
    mock.on(QueryCommand).resolves({ Items: [{ seasonId: SEASON }] });
    mock.on(TransactWriteCommand).resolves({});
    mock.on(GetCommand, { Key: { PK: `SEASON#${SEASON}`, SK: 'STANDINGS' } }).resolves({
      Item: { PK: `SEASON#${SEASON}`, SK: 'STANDINGS', basis: 'final', standings: { seasonId: SEASON, computedAt: 'x', basis: 'final', leagues: 1, results } },
    });
    mock.on(GetCommand, { Key: { PK: `SEASON#${SEASON}`, SK: 'RESULTS' } }).resolves({
      Item: {
        PK: `SEASON#${SEASON}`,
        SK: 'RESULTS',
        results: { seasonId: SEASON, closedAt: 'y', leagues: 1, results, awards: [`competition#${SEASON}#u1`, `competition#${SEASON}#u2`] },
      },
    });
    mock.on(PutCommand).resolves({});
    await eraseCompetitionEntrant('u1', db, 'table');
    const puts = mock.commandCalls(PutCommand).map((c) => c.args[0].input.Item!);
    expect(puts.map((i) => i.SK)).toEqual(['STANDINGS', 'RESULTS']);
    for (const [item, field] of [
      [puts[0]!, 'standings'],
      [puts[1]!, 'results'],
    ] as const) {
      const written = JSON.stringify(item);
      expect(written).not.toContain('u1');
      expect(written).not.toContain('Ada Lovelace');
      const rows = (item[field] as { results: { userId: string; displayName: string; hidden: boolean; overallRank: number }[] }).results;
      expect(rows[0]).toMatchObject({ displayName: 'Deleted learner', hidden: true, overallRank: 1 });
      expect(rows[0]!.userId).toMatch(/^deleted-/);
      expect(rows[1]).toEqual(row('u2', 'Grace Hopper'));
    }
    expect((puts[1]!.results as { awards: string[] }).awards).toEqual([`competition#${SEASON}#u2`]);
  });

  it('writes nothing to a season whose standings no longer name the learner (a repeated deletion)', async () => {
    mock.on(QueryCommand).resolves({ Items: [{ seasonId: SEASON }] });
    mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    mock.on(GetCommand).resolves({ Item: { standings: { seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 1, results: [] } } });
    await eraseCompetitionEntrant('u1', db, 'table');
    expect(mock.commandCalls(PutCommand)).toHaveLength(0);
  });
});
