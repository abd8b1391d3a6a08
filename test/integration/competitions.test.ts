import { afterAll, describe, expect, it } from 'vitest';
import { weeklySeason, type Season } from '@shared/competitions/seasons';
import { addDays, mondayOf, newYorkInstant, newYorkParts } from '@shared/market/dates';
import { learner } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';
import { stackClock } from '../support/stack-clock';

/**
 * Issue 39, a competition season driven through the local stack: join the next weekly season before it starts, see
 * the board after a competitionBoard run on its first day, move the stack's clock past the season's close, run
 * competitionClose (twice), and read the debrief; the learner's coins change only with an award. On a stack of its
 * own, since its clock only moves forward. Needs the competition accounts (functions/wiring/competition-accounts.ts).
 */
describe('a competition season on the local stack (its own stack, the clock moved through the season)', () => {
  let own: SpawnedStack;
  afterAll(async () => {
    await own?.stop();
  });

  /** The first weekly season that starts after today (New York), so the learner can join it now. */
  function upcomingWeek(): Season {
    let monday = addDays(mondayOf(newYorkParts(new Date()).date), 7);
    for (;;) {
      const s = weeklySeason(monday);
      if (s) return s;
      monday = addDays(monday, 7);
    }
  }

  it('joins, shows the board, closes once, and answers the frozen debrief', async () => {
    own = await spawnLocalStack({ dataDir: newDataDir('competitions') });
    await waitFor(
      async () => (await fetch(`${own.url}/api/market/status`)).json(),
      (s: { lastSync: string | null }) => s.lastSync !== null,
      90_000,
      'market data',
    );
    const clock = stackClock(own);
    const tick = async (job: string) => {
      const res = await fetch(`${own.endpoints.aws}/_local/scheduler/tick`, { method: 'POST', body: JSON.stringify({ job }) });
      expect(((await res.json()) as { ran: boolean }).ran, job).toBe(true);
    };
    const season = upcomingWeek();
    const { call } = await learner(own, 100_000);
    const other = await learner(own, 100_000);

    // Join before the season starts: 201, then 200 with the same entry.
    const joined = await call('POST', `/api/competitions/seasons/${season.id}/join`);
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    expect(joined.body.entry).toMatchObject({ seasonId: season.id, accountId: `competition-${season.id}` });
    const again = await call('POST', `/api/competitions/seasons/${season.id}/join`);
    expect(again).toMatchObject({ status: 200, body: { created: false, entry: joined.body.entry } });
    expect((await other.call('POST', `/api/competitions/seasons/${season.id}/join`)).status).toBe(201);
    const list = (await call('GET', '/api/competitions')).body;
    expect(list.seasons.find((s: { id: string }) => s.id === season.id)).toMatchObject({ status: 'joinable', joined: true, entrants: 2 });
    const coinsBefore = (await call('GET', '/api/gamification/state')).body.optionsCoins as number;

    // The first trading day, 11:00 New York: a board run computes provisional standings.
    await clock.moveTo(newYorkInstant(season.firstDay, 11));
    await tick('competitionBoard');
    const board = await waitFor(
      async () => (await call('GET', `/api/competitions/seasons/${season.id}/board`)).body,
      (b: { asOf: { basis: string } | null; rows: { isYou: boolean; ranked: boolean; note: string }[] }) => b.asOf !== null,
      60_000,
      'the standings',
    );
    // Trading is open from the first trading day; the season stays joinable until that day ends.
    expect(board).toMatchObject({ status: 'joinable', view: 'league', league: 1, entrants: 2, asOf: { basis: 'provisional' } });
    expect(board.rows.filter((r) => r.isYou)).toHaveLength(1);
    expect(board.rows.every((r) => !r.ranked && r.note.startsWith('Not ranked yet'))).toBe(true);

    // Joining closed at the end of the first trading day: a late learner is refused with the next season named.
    await clock.moveTo(newYorkInstant(season.firstDay, 16, 30));
    const late = await learner(own);
    const refused = await late.call('POST', `/api/competitions/seasons/${season.id}/join`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^This season started on .*, and joining closed at the end of that trading day/);

    // No debrief before the close.
    expect((await call('GET', `/api/competitions/seasons/${season.id}/debrief`)).status).toBe(404);

    // Past the close (19:00 New York on the last trading day): the close job freezes the season.
    await clock.moveTo(new Date(Date.parse(season.closesAt) + 5 * 60_000));
    await tick('competitionClose');
    const debrief = await waitFor(
      async () => call('GET', `/api/competitions/seasons/${season.id}/debrief`),
      (r: { status: number }) => r.status === 200,
      60_000,
      'the debrief',
    );
    expect(debrief.body).toMatchObject({
      seasonId: season.id,
      closedAt: season.closesAt,
      ranked: false,
      rank: null,
      trades: [],
      award: null,
      lesson: { id: 'risk_management.expectancy', href: '/app/learning/risk_management/expectancy' },
    });
    expect(debrief.body.note).toMatch(/^Not ranked: 0 closed trades on 0 trading days/);
    expect(debrief.body.lesson.title).not.toBe(debrief.body.lesson.id);

    // The boards' function keeps a season's standings 2 s, so the final ones show within seconds of the close.
    const closedBoard = await waitFor(
      async () => (await call('GET', `/api/competitions/seasons/${season.id}/board?view=overall`)).body,
      (b: { asOf: { basis: string } | null; rows: { isYou: boolean }[] }) => b.asOf?.basis === 'final',
      10_000,
      'the final standings',
    );
    expect(closedBoard).toMatchObject({ status: 'closed', asOf: { at: season.closesAt, basis: 'final' }, entrants: 2 });
    // The overall board's rows come from the top part, the viewer's own row from their league's part.
    expect(closedBoard.rows).toHaveLength(2);
    expect(closedBoard.rows.filter((r) => r.isYou)).toHaveLength(1);
    expect(closedBoard).toMatchObject({ leagues: 1, you: { league: 1, row: { isYou: true } } });

    // A second close changes nothing, and an unranked season earns no coins.
    await tick('competitionClose');
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await call('GET', `/api/competitions/seasons/${season.id}/debrief`)).body).toEqual(debrief.body);
    expect((await call('GET', '/api/gamification/state')).body.optionsCoins).toBe(coinsBefore);
    const past = (await call('GET', '/api/competitions')).body.past;
    expect(past).toEqual([expect.objectContaining({ id: season.id, hasDebrief: true, ranked: false, awarded: false })]);
    // Someone who did not enter has no debrief.
    expect((await late.call('GET', `/api/competitions/seasons/${season.id}/debrief`)).status).toBe(404);
  });
});
