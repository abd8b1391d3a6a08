import { describe, expect, it } from 'vitest';
import { makeCompetitionsHandler } from '../../../functions/http/competitions';
import type { SeasonDeps } from '@shared/competitions/use-cases/deps';
import { lateJoinMessage } from '@shared/competitions/competitions.errors';
import { nextSeason, weeklySeason } from '@shared/competitions/seasons';
import { memoryCompetitionAccounts } from '../../shared/competitions/memory-competition-accounts';
import { memoryProfiles, memorySeasonRepository } from '../../shared/competitions/memory-season-repository';
import { caller } from '../../support/http-event';

const ADA = { sub: 'learner-ada', email: 'ada@example.com' };
const BOB = { sub: 'learner-bob', email: 'bob@example.com' };
const season = weeklySeason('2026-11-30')!;
const JOIN = 'POST /api/competitions/seasons/{seasonId}/join';
const BOARD = 'GET /api/competitions/seasons/{seasonId}/board';
const DEBRIEF = 'GET /api/competitions/seasons/{seasonId}/debrief';
const at = (seasonId: string) => ({ params: { seasonId } });

function harness(at = '2026-11-30T15:00:00.000Z') {
  const store = memorySeasonRepository();
  const accounts = memoryCompetitionAccounts();
  let now = new Date(at);
  const deps: SeasonDeps = {
    repo: store.repo,
    accounts: accounts.port,
    profiles: memoryProfiles(),
    clock: { now: () => now },
    ids: { newId: () => '01EVENT' },
  };
  const handler = makeCompetitionsHandler(deps);
  return { call: caller(handler, ADA), asBob: caller(handler, BOB), store, accounts, moveTo: (iso: string) => (now = new Date(iso)) };
}

describe('competition routes', () => {
  it('joins with 201, answers a second join with 200 and the same entry, and lists the season as joined', async () => {
    const { call } = harness();
    const first = await call(JOIN, at(season.id));
    expect(first).toMatchObject({ status: 201, body: { created: true, entry: { seasonId: season.id, accountId: `competition-${season.id}` } } });
    const again = await call(JOIN, at(season.id));
    expect(again).toMatchObject({ status: 200, body: { created: false, entry: (first.body as { entry: unknown }).entry } });
    const list = await call('GET /api/competitions');
    expect(list.status).toBe(200);
    expect((list.body as { seasons: { id: string; joined: boolean; entrants: number }[] }).seasons[0]).toMatchObject({
      id: season.id,
      joined: true,
      entrants: 1,
    });
  });

  it('refuses a late join with 409 and the message, an unknown season with 404, a malformed id with 400', async () => {
    const { call } = harness('2026-12-01T15:00:00.000Z');
    const late = await call(JOIN, at(season.id));
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain(JSON.stringify(lateJoinMessage(season, nextSeason(season))).slice(1, -1));
    expect((await call(JOIN, at('weekly-2026-12-01'))).status).toBe(404);
    for (const id of ['weekly', 'monthly-2026-13-01', 'x'.repeat(30), 'weekly-2026-11-30;drop']) {
      expect((await call(JOIN, at(id))).status, id).toBe(400);
    }
  });

  it('answers the board with the view asked for, 400 for another view, and nothing written on read', async () => {
    const { call, store } = harness();
    await call(JOIN, at(season.id));
    const board = await call(BOARD, { ...at(season.id), query: { view: 'overall' } });
    expect(board).toMatchObject({ status: 200, body: { seasonId: season.id, view: 'overall', rows: [], asOf: null } });
    expect((await call(BOARD, { ...at(season.id), query: { view: 'everyone' } })).status).toBe(400);
    expect(store.standings.get(season.id) ?? null).toBeNull();
  });

  it('answers 404 for a debrief before the close, and for a learner who did not enter after it', async () => {
    const { call, asBob } = harness();
    await call(JOIN, at(season.id));
    expect((await call(DEBRIEF, at(season.id))).status).toBe(404);
    expect((await asBob(DEBRIEF, at(season.id))).status).toBe(404);
  });
});
