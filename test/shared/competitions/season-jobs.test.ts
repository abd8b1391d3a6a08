import { describe, expect, it } from 'vitest';
import { awardKey, PLANNED_SEASON_COINS } from '@shared/competitions/awards';
import type { CompetitionTrade } from '@shared/competitions/debrief';
import { weeklySeason } from '@shared/competitions/seasons';
import { closeSeasons, seasonsDue } from '@shared/competitions/use-cases/close-seasons';
import { joinSeason } from '@shared/competitions/use-cases/join-season';
import { listSeasons } from '@shared/competitions/use-cases/list-seasons';
import { readBoard } from '@shared/competitions/use-cases/read-board';
import { readDebrief } from '@shared/competitions/use-cases/read-debrief';
import { refreshStandings, runningSeasons } from '@shared/competitions/use-cases/refresh-standings';
import { memoryCompetitionAccounts } from './memory-competition-accounts';
import { memoryProfiles, memorySeasonRepository } from './memory-season-repository';

const season = weeklySeason('2026-11-30')!;
const [MON, TUE, WED] = season.tradingDays as [string, string, string];

/** A planned trade opened at 10:00 and closed at 15:00 New York (EST). */
const trade = (id: string, day: string, pnl: number, planned = true): CompetitionTrade => ({
  id,
  strategy: 'Bull Put Spread',
  underlying: 'SPY',
  openedAt: `${day}T15:00:00.000Z`,
  closedAt: `${day}T20:00:00.000Z`,
  realizedPnl: pnl,
  maxLoss: 500,
  plan: planned
    ? { thesis: 'SPY holds its support', plannedExit: { profitTargetPct: 50, stop: 'twice the credit', time: '' }, createdAt: `${day}T14:50:00.000Z` }
    : null,
});
const fiveTrades = (planned: boolean) => [
  trade('t1', MON, 100),
  trade('t2', MON, 50),
  trade('t3', TUE, 80),
  trade('t4', WED, -30),
  trade('t5', WED, 60, planned),
];

function setup(profiles: Parameters<typeof memoryProfiles>[0] = {}) {
  const store = memorySeasonRepository();
  const accounts = memoryCompetitionAccounts();
  let now = new Date('2026-11-30T15:00:00.000Z');
  let n = 0;
  const deps = {
    repo: store.repo,
    accounts: accounts.port,
    profiles: memoryProfiles(profiles),
    clock: { now: () => now },
    ids: { newId: () => `01EVENT${++n}` },
  };
  return { store, accounts, deps, at: (iso: string) => (now = new Date(iso)) };
}

describe('refreshStandings (the competitionBoard job)', () => {
  it('ranks nobody before the minimum sample, with today provisional during the session and recorded after the close', async () => {
    const { deps, accounts, store, at } = setup({ ann: { displayName: 'Ann' } });
    await joinSeason(deps, 'ann', season.id);
    await joinSeason(deps, 'ben', season.id);
    accounts.set('ann', season.id, { equity: 101_000, trades: [trade('a1', MON, 1_000)] });

    at('2026-11-30T18:00:00.000Z'); // 13:00 New York: intraday
    const intraday = await refreshStandings(deps);
    expect(intraday).toMatchObject({ skipped: false, seasons: 1, entrants: 2, basis: 'provisional', failures: [] });
    expect(await store.repo.equity('ann', season.id)).toEqual([]);
    let stored = store.standings.get(season.id) ?? null;
    expect(stored).toMatchObject({ basis: 'provisional', computedAt: '2026-11-30T18:00:00.000Z', leagues: 1 });
    const annRow = stored!.results.find((r) => r.userId === 'ann')!;
    expect(annRow).toMatchObject({ ranked: false, overallRank: null, note: 'Not ranked yet: needs 4 more closed trades, on 2 more trading days.' });
    expect(annRow.figures.return).toBeCloseTo(0.01, 10);

    at('2026-11-30T23:45:00.000Z'); // 18:45 New York, after the settle job
    expect(await refreshStandings(deps)).toMatchObject({ basis: 'closing' });
    accounts.set('ann', season.id, { equity: 101_200 });
    await refreshStandings(deps); // a later run the same evening replaces the day's point
    expect(await store.repo.equity('ann', season.id)).toEqual([{ date: MON, equity: 101_200 }]);
    stored = store.standings.get(season.id) ?? null;
    expect(stored!.basis).toBe('closing');

    // With five closed trades over three days, Ann is ranked; Ben, without a trade, is not.
    accounts.set('ann', season.id, { trades: fiveTrades(true) });
    at('2026-12-02T16:00:00.000Z');
    await refreshStandings(deps);
    stored = store.standings.get(season.id) ?? null;
    expect(stored!.results.map((r) => [r.userId, r.ranked, r.overallRank])).toEqual([
      ['ann', true, 1],
      ['ben', false, null],
    ]);
  });

  it('does nothing on a weekend or before the open', async () => {
    const { deps, accounts } = setup();
    await joinSeason(deps, 'ann', season.id);
    const { at } = { at: (iso: string) => (deps.clock.now = () => new Date(iso)) };
    at('2026-12-05T16:00:00.000Z');
    expect(await refreshStandings(deps)).toMatchObject({ skipped: true });
    at('2026-12-01T14:00:00.000Z'); // 9:00 New York
    expect(await refreshStandings(deps)).toMatchObject({ skipped: true });
    expect(accounts.calls.maintain).toBe(0);
  });

  it('keeps the last standings when an entrant’s account cannot be maintained, and reports it', async () => {
    const store = memorySeasonRepository();
    const accounts = memoryCompetitionAccounts({ failMaintain: new Set(['ben']) });
    const deps = {
      repo: store.repo,
      accounts: accounts.port,
      profiles: memoryProfiles(),
      clock: { now: () => new Date('2026-11-30T15:00:00.000Z') },
      ids: { newId: () => 'x' },
    };
    await joinSeason(deps, 'ann', season.id);
    await joinSeason(deps, 'ben', season.id);
    const out = await refreshStandings(deps);
    expect(out.failures).toEqual([{ seasonId: season.id, userId: 'ben', reason: 'The paper engine is unavailable' }]);
    expect(store.standings.get(season.id) ?? null).toBeNull();
  });

  it('runs the seasons that have begun and not closed', () => {
    expect(runningSeasons(new Date('2026-12-02T16:00:00.000Z')).map((s) => s.id)).toEqual(['weekly-2026-11-30', 'monthly-2026-12']);
    expect(runningSeasons(new Date('2026-11-30T14:00:00.000Z')).map((s) => s.id)).toEqual(['weekly-2026-11-30', 'monthly-2026-11']);
  });
});

describe('closeSeasons (the competitionClose job)', () => {
  async function closedSeason() {
    const s = setup({ ann: { displayName: 'Ann' }, ben: { showOnLeaderboards: false } });
    await joinSeason(s.deps, 'ann', season.id);
    await joinSeason(s.deps, 'ben', season.id);
    await joinSeason(s.deps, 'cy', season.id);
    s.accounts.set('ann', season.id, { equity: 102_000, trades: fiveTrades(true) });
    s.accounts.set('ben', season.id, { equity: 103_000, trades: fiveTrades(false) });
    s.at('2026-12-05T00:05:00.000Z'); // 19:05 New York on Friday
    return s;
  }

  it('is due once the close instant has passed', () => {
    expect(seasonsDue(new Date('2026-12-04T23:59:00.000Z')).map((s) => s.id)).not.toContain(season.id);
    expect(seasonsDue(new Date('2026-12-05T00:00:00.000Z')).map((s) => s.id)).toContain(season.id);
  });

  it('freezes results and debriefs, and awards only a ranked entrant with a plan on every trade', async () => {
    const { deps, store } = await closedSeason();
    const report = await closeSeasons(deps);
    expect(report).toMatchObject({ closed: [season.id], debriefs: 3, awards: 1, failures: [] });
    expect(store.outbox).toEqual([
      {
        type: 'CompetitionSeasonAwarded',
        detail: {
          eventId: expect.any(String),
          userId: 'ann',
          seasonId: season.id,
          awardKey: awardKey(season.id, 'ann'),
          coins: PLANNED_SEASON_COINS.weekly,
          achievementId: 'planned-season',
          at: season.closesAt,
        },
      },
    ]);
    // Ben scored more but wrote no plan for one trade: ranked first, no award.
    expect(store.results.get(season.id)!.results.map((r) => [r.userId, r.overallRank])).toEqual([
      ['ben', 1],
      ['ann', 2],
      ['cy', null],
    ]);
    expect(store.standings.get(season.id)!.basis).toBe('final');

    const debrief = await readDebrief(deps, 'ben', season.id);
    expect(debrief.ok && debrief.value).toMatchObject({ rank: 1, ranked: true, award: null, planned: { withPlan: 4, trades: 5 } });
    expect(debrief.ok && debrief.value.lesson).toEqual({
      id: 'risk_management.journaling',
      title: expect.stringMatching(/\w/),
      href: '/app/learning/risk_management/journaling',
      why: '1 of your 5 trades had no written plan (a thesis and a planned exit) before they closed.',
    });
    expect(debrief.ok && debrief.value.lesson.title).not.toBe('risk_management.journaling');
    const ann = await readDebrief(deps, 'ann', season.id);
    expect(ann.ok && ann.value.award).toEqual({ coins: 50, achievementId: 'planned-season' });

    const view = await listSeasons(deps, 'ann');
    expect(view.past).toEqual([expect.objectContaining({ id: season.id, ranked: true, rank: 2, hasDebrief: true, awarded: true })]);
  });

  it('run twice gives the same items and one award', async () => {
    const { deps, store } = await closedSeason();
    await closeSeasons(deps);
    const snapshot = structuredClone({
      results: [...store.results],
      debriefs: [...store.debriefs],
      standings: [...store.standings],
      entries: [...store.entries],
    });
    const again = await closeSeasons(deps);
    expect(again).toMatchObject({ closed: [], alreadyClosed: 1, debriefs: 0, awards: 0 });
    expect({ results: [...store.results], debriefs: [...store.debriefs], standings: [...store.standings], entries: [...store.entries] }).toEqual(snapshot);
    expect(store.outbox).toHaveLength(1);
  });

  it('a run that stopped after some debriefs finishes the rest without a second award', async () => {
    const { deps, store } = await closedSeason();
    const saveResults = store.repo.saveResults;
    store.repo.saveResults = async () => {
      throw new Error('The table is unavailable');
    };
    await expect(closeSeasons(deps)).rejects.toThrow('unavailable');
    store.repo.saveResults = saveResults;
    const second = await closeSeasons(deps);
    expect(second).toMatchObject({ closed: [season.id], debriefs: 0, awards: 0 });
    expect(store.outbox).toHaveLength(1);
  });

  it('the board after the close shows the frozen results, and a late board run does not replace them', async () => {
    const { deps, at } = await closedSeason();
    await closeSeasons(deps);
    at('2026-12-05T00:10:00.000Z');
    await refreshStandings(deps);
    const board = await readBoard(deps, 'ann', season.id, 'league');
    expect(board.ok && board.value).toMatchObject({ status: 'closed', asOf: { at: season.closesAt, basis: 'final' } });
    expect(board.ok && board.value.rows.map((r) => r.name)).toEqual(['Private entrant', 'Ann', expect.stringMatching(/\w/)]);
  });
});
