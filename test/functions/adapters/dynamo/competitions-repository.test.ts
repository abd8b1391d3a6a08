import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { domainEvent } from '@shared/events/domain-events';
import type { StoredDebrief } from '@shared/competitions/seasons.port';
import { dynamoSeasonRepository, eraseCompetitionEntrant } from '../../../../functions/adapters/dynamo/competitions-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const repo = dynamoSeasonRepository(db, 'table');
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ $metadata: {}, message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });
const SEASON = 'weekly-2026-11-30';

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

  it('never replaces the final standings with a later board run', async () => {
    mock.on(PutCommand).rejects(new ConditionalCheckFailedException({ $metadata: {}, message: 'The conditional request failed' }));
    await expect(repo.saveStandings({ seasonId: SEASON, computedAt: 'x', basis: 'closing', leagues: 1, results: [] })).resolves.toBeUndefined();
    expect(mock.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({ ConditionExpression: 'attribute_not_exists(PK) OR basis <> :final' });
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

  it("keeps a deleted learner's row in a season's standings and frozen results, without their id, name or award", async () => {
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
