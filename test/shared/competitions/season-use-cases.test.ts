import { describe, expect, it } from 'vitest';
import { competitionAccountId } from '@shared/competitions/account';
import { lateJoinMessage } from '@shared/competitions/competitions.errors';
import { COMPETITION_RULES, SCORE_FORMULA } from '@shared/competitions/rules';
import { nextSeason, weeklySeason } from '@shared/competitions/seasons';
import { joinSeason } from '@shared/competitions/use-cases/join-season';
import { listSeasons } from '@shared/competitions/use-cases/list-seasons';
import { readBoard } from '@shared/competitions/use-cases/read-board';
import { readDebrief } from '@shared/competitions/use-cases/read-debrief';
import { seasonLabel } from '@shared/competitions/season-view';
import { standingsOf, type EntrantResult } from '@shared/competitions/standings';
import type { Clock } from '@shared/ports/clock.port';
import { memoryCompetitionAccounts } from './memory-competition-accounts';
import { memoryProfiles, memorySeasonRepository } from './memory-season-repository';

const season = weeklySeason('2026-11-30')!;
const movable = (iso: string) => {
  let now = new Date(iso);
  const clock: Clock = { now: () => now };
  return { clock, moveTo: (at: string) => (now = new Date(at)) };
};
function setup(at: string, opts: { failOpen?: number } = {}) {
  const store = memorySeasonRepository();
  const accounts = memoryCompetitionAccounts(opts);
  const time = movable(at);
  let n = 0;
  const deps = { repo: store.repo, accounts: accounts.port, profiles: memoryProfiles(), clock: time.clock, ids: { newId: () => `id${++n}` } };
  return { store, accounts, time, deps };
}

describe('seasonLabel', () => {
  it('names a week by its first and last trading day, and a month by its name', () => {
    expect(seasonLabel(season)).toBe('Weekly · Nov 30 – Dec 4, 2026');
    expect(seasonLabel(weeklySeason('2026-12-28')!)).toBe('Weekly · Dec 28 – Dec 31, 2026');
    expect(seasonLabel(weeklySeason('2029-12-31')!)).toBe('Weekly · Dec 31, 2029 – Jan 4, 2030');
    expect(seasonLabel({ kind: 'monthly', firstDay: '2026-12-01', lastDay: '2026-12-31' })).toBe('Monthly · December 2026');
  });
});

describe('joinSeason', () => {
  it('joins on the first trading day and opens the competition account, apart from the paper account', async () => {
    const { deps, accounts, store } = setup('2026-11-30T18:00:00.000Z');
    const out = await joinSeason(deps, 'ann', season.id);
    expect(out).toEqual({
      ok: true,
      value: { created: true, entry: { seasonId: season.id, joinedAt: '2026-11-30T18:00:00.000Z', accountId: 'competition-weekly-2026-11-30' } },
    });
    expect(accounts.has('ann', season.id)).toBe(true);
    expect(await store.repo.entrantCount(season.id)).toBe(1);
  });

  it('refuses a late join with the message naming the next season, and writes nothing', async () => {
    const { deps, accounts, store } = setup('2026-11-30T21:00:00.000Z');
    const out = await joinSeason(deps, 'ann', season.id);
    expect(out).toEqual({
      ok: false,
      error: { code: 'conflict', message: lateJoinMessage(season, nextSeason(season)), details: { nextSeasonId: 'weekly-2026-12-07' } },
    });
    expect(out.ok || out.error.message).toContain('Join next week');
    expect(accounts.calls.open).toBe(0);
    expect(await store.repo.entrantCount(season.id)).toBe(0);
  });

  it('answers a second join with the same entry and changes nothing, even after joining closed', async () => {
    const { deps, accounts, store, time } = setup('2026-11-30T15:00:00.000Z');
    const first = await joinSeason(deps, 'ann', season.id);
    time.moveTo('2026-12-02T15:00:00.000Z');
    const again = await joinSeason(deps, 'ann', season.id);
    expect(again).toEqual({ ok: true, value: { ...(first.ok ? first.value : {}), created: false } });
    expect(accounts.calls.open).toBe(1);
    expect(await store.repo.entrantCount(season.id)).toBe(1);
  });

  it('opens the account on a retry when the first join stopped before opening it', async () => {
    const { deps, accounts } = setup('2026-11-30T15:00:00.000Z', { failOpen: 1 });
    await expect(joinSeason(deps, 'ann', season.id)).rejects.toThrow('could not be opened');
    expect(accounts.has('ann', season.id)).toBe(false);
    const retried = await joinSeason(deps, 'ann', season.id);
    expect(retried.ok && retried.value.created).toBe(false);
    expect(accounts.has('ann', season.id)).toBe(true);
  });

  it('answers an id that names no season with not_found', async () => {
    const { deps } = setup('2026-11-30T15:00:00.000Z');
    expect((await joinSeason(deps, 'ann', 'weekly-2026-12-01')).ok).toBe(false);
    const out = await joinSeason(deps, 'ann', 'weekly-2026-12-01');
    expect(!out.ok && out.error.code).toBe('not_found');
  });
});

describe('listSeasons', () => {
  it('lists the current and next weekly and monthly seasons with their status, entrants and the learner’s entry', async () => {
    const { deps, time } = setup('2026-11-30T15:00:00.000Z');
    await joinSeason(deps, 'ann', season.id);
    await joinSeason(deps, 'ben', season.id);
    time.moveTo('2026-12-01T15:00:00.000Z');
    const view = await listSeasons(deps, 'ann');
    expect(view.seasons.map((s) => [s.id, s.status, s.entrants, s.joined, s.nextSeasonId])).toEqual([
      ['weekly-2026-11-30', 'running', 2, true, 'weekly-2026-12-07'],
      ['weekly-2026-12-07', 'joinable', 0, false, null],
      ['monthly-2026-12', 'joinable', 0, false, null],
      ['monthly-2027-01', 'joinable', 0, false, null],
    ]);
    expect(view.seasons[0]).toMatchObject({ label: 'Weekly · Nov 30 – Dec 4, 2026', accountId: competitionAccountId(season.id), tradingDays: 5 });
    expect(view.rules).toEqual(COMPETITION_RULES);
    expect(view.scoreFormula).toBe(SCORE_FORMULA);
    expect(view.score).toEqual({ drawdownFloor: 0.02, minClosedTrades: 5, minTradingDays: 3 });
    expect(view.past).toEqual([]);
  });
});

describe('readBoard', () => {
  it('answers the stored standings as the viewer sees them: a hidden entrant is a private entrant to others only', async () => {
    const { deps, store } = setup('2026-12-01T15:00:00.000Z');
    const entrants = ['ann', 'ben', 'cy'].map((userId, i) => ({
      userId,
      joinedAt: `2026-11-30T1${i}:00:00.000Z`,
      displayName: userId.toUpperCase(),
      showOnLeaderboards: userId !== 'ben',
      startingCapital: 100_000,
      equity: [{ date: '2026-11-30', equity: 100_000 + 1000 * i }],
      trades: [],
    }));
    const s = standingsOf(season, entrants, false);
    await store.repo.saveStandings({
      seasonId: season.id,
      computedAt: '2026-12-01T14:45:00.000Z',
      basis: 'provisional',
      leagues: s.leagues,
      results: s.results,
    });

    const forAnn = await readBoard(deps, 'ann', season.id, 'league');
    if (!forAnn.ok) throw new Error('no board');
    expect(forAnn.value.rows.map((r) => [r.name, r.isYou, r.rank])).toEqual([
      ['CY', false, null],
      ['Private entrant', false, null],
      ['ANN', true, null],
    ]);
    expect(forAnn.value.rows[0]!.note).toBe('Not ranked yet: needs 5 more closed trades, on 3 more trading days.');
    expect(forAnn.value.asOf).toEqual({ at: '2026-12-01T14:45:00.000Z', basis: 'provisional' });
    expect(forAnn.value).toMatchObject({ status: 'running', league: 1, leagues: 1, entrants: 3 });
    expect(forAnn.value.you).toMatchObject({ league: 1, row: { name: 'ANN', isYou: true }, figures: { score: 0 } });

    const forBen = await readBoard(deps, 'ben', season.id, 'overall');
    expect(forBen.ok && forBen.value.rows.map((r) => r.name)).toEqual(['CY', 'BEN', 'ANN']);
    expect(forBen.ok && forBen.value.league).toBeNull();
    expect(JSON.stringify(forBen)).not.toContain('"userId"');
  });

  it("answers the overall board's first 200 rows and the viewer's own row from their league, and a league board with that league alone", async () => {
    const { deps, store } = setup('2026-12-02T15:00:00.000Z');
    // 300 ranked entrants in 10 leagues of 30 (the draw's consecutive leagues), ranked by score: u000 first.
    const results = Array.from({ length: 300 }, (_, i) => {
      const league = 1 + Math.floor(i / 30);
      return {
        userId: `u${String(i).padStart(3, '0')}`,
        displayName: `Learner ${i}`,
        hidden: false,
        league,
        ranked: true,
        leagueRank: 1 + (i % 30),
        overallRank: i + 1,
        score: 1000 - i,
        figures: { score: 1000 - i } as EntrantResult['figures'],
        sample: { closedTrades: 5, tradingDays: 3 },
        note: null,
      } satisfies EntrantResult;
    });
    await store.repo.saveStandings({ seasonId: season.id, computedAt: '2026-12-02T14:45:00.000Z', basis: 'closing', leagues: 10, results });

    const overall = await readBoard(deps, 'u250', season.id, 'overall');
    if (!overall.ok) throw new Error('no board');
    expect(overall.value).toMatchObject({ league: null, leagues: 10, entrants: 300 });
    expect(overall.value.rows).toHaveLength(200);
    expect(overall.value.rows.map((r) => r.rank)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(overall.value.you).toMatchObject({ league: 9, leagueRank: 11, overallRank: 251, row: { name: 'Learner 250', rank: 251, isYou: true } });

    const league = await readBoard(deps, 'u250', season.id, 'league');
    if (!league.ok) throw new Error('no board');
    expect(league.value).toMatchObject({ league: 9, leagues: 10, entrants: 300, you: { row: { rank: 11 } } });
    expect(league.value.rows.map((r) => r.name)).toEqual(Array.from({ length: 30 }, (_, i) => `Learner ${240 + i}`));
    expect(league.value.rows.map((r) => r.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    // Someone who did not enter sees league 1, and no row of their own.
    const visitor = await readBoard(deps, 'zed', season.id, 'league');
    expect(visitor.ok && visitor.value).toMatchObject({ league: 1, you: null, entrants: 300 });
    expect(visitor.ok && visitor.value.rows[0]!.name).toBe('Learner 0');
  });

  it('answers an empty board with no standings yet, and the viewer not in it', async () => {
    const { deps } = setup('2026-11-30T15:00:00.000Z');
    const out = await readBoard(deps, 'ann', season.id, 'league');
    expect(out.ok && out.value).toMatchObject({ rows: [], you: null, asOf: null, leagues: 0, status: 'joinable' });
  });
});

describe('readDebrief', () => {
  it('has no debrief before the close (not_found)', async () => {
    const { deps } = setup('2026-12-02T15:00:00.000Z');
    await joinSeason({ ...deps, clock: { now: () => new Date('2026-11-30T15:00:00.000Z') } }, 'ann', season.id);
    const out = await readDebrief(deps, 'ann', season.id);
    expect(!out.ok && out.error.code).toBe('not_found');
  });
});
