import { describe, expect, it } from 'vitest';
import { PLANNED_SEASON_ACHIEVEMENT, PLANNED_SEASON_COINS, awardKey } from '@shared/competitions/awards';
import { closeSeason } from '@shared/competitions/close-season';
import { DEBRIEF_LESSONS, LESSON_RULE, type CompetitionTrade } from '@shared/competitions/debrief';
import { weeklySeason } from '@shared/competitions/seasons';
import type { Entrant } from '@shared/competitions/standings';
import { courseIndex } from '@shared/learning/course-index';
import { COURSE } from '@shared/learning/content/course';
import { MAX_OPEN_RISK } from '@shared/learning/content/riskmgmt-lib/book';

const season = weeklySeason('2026-11-30')!;
const [MON, TUE, WED, THU, FRI] = season.tradingDays as [string, string, string, string, string];
const CAPITAL = 100_000;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

const plan = (at: string) => ({
  thesis: 'SPY holds above its support into the expiry',
  plannedExit: { profitTargetPct: 50, stop: 'twice the credit', time: '' },
  createdAt: at,
});
/** A trade opened at 10:00 and closed at 15:00 New York on a day (EST: 15:00 and 20:00 UTC). */
function trade(id: string, day: string, pnl: number, maxLoss: number, opts: { planned?: boolean; open?: boolean; planAt?: string } = {}): CompetitionTrade {
  const { planned = true, open = false } = opts;
  return {
    id,
    strategy: 'Bull Put Spread',
    underlying: 'SPY',
    openedAt: `${day}T15:00:00.000Z`,
    closedAt: open ? null : `${day}T20:00:00.000Z`,
    realizedPnl: pnl,
    maxLoss,
    plan: planned ? plan(opts.planAt ?? `${day}T14:30:00.000Z`) : null,
  };
}
const path = (...equity: number[]) => equity.map((e, i) => ({ date: season.tradingDays[i]!, equity: e }));

const annTrades = [
  trade('t1', MON, 120, 500),
  trade('t2', MON, -300, 800),
  trade('t3', TUE, 90, 400),
  trade('t4', WED, 450, 600),
  trade('t5', THU, 210, 500),
  trade('t6', FRI, -80, 700),
];
const annPath = path(100_800, 99_600, 101_400, 102_300, 103_200);
const ann: Entrant = { userId: 'ann', joinedAt: '2026-11-27T15:00:00.000Z', startingCapital: CAPITAL, equity: annPath, trades: annTrades };
// Dee's season is Ann's, and she hides from leaderboards.
const dee: Entrant = { ...ann, userId: 'dee', joinedAt: '2026-11-30T15:00:00.000Z', showOnLeaderboards: false };
// Ben scores highest, with one trade without a plan and one position far too big.
const ben: Entrant = {
  userId: 'ben',
  joinedAt: '2026-11-28T15:00:00.000Z',
  startingCapital: CAPITAL,
  equity: path(102_000, 101_000, 104_000, 105_500, 106_000),
  trades: [
    trade('b1', MON, 900, 1_000),
    trade('b2', TUE, 2_500, 7_000),
    trade('b3', TUE, -400, 1_000, { planned: false }),
    trade('b4', WED, 300, 1_000),
    trade('b5', WED, 250, 1_000),
    trade('b6', THU, 450, 1_000),
  ],
};
// Cat closes three trades on two days: not ranked.
const cat: Entrant = {
  userId: 'cat',
  joinedAt: '2026-11-29T15:00:00.000Z',
  startingCapital: CAPITAL,
  equity: path(99_000, 99_200, 99_300, 99_400, 99_500),
  trades: [trade('c1', MON, -500, 600), trade('c2', MON, 100, 600), trade('c3', WED, 300, 600)],
};
const entrants = [ann, ben, cat, dee];

describe('the season close', () => {
  const closed = closeSeason(season, entrants);

  it('freezes scores and ranks: ties share a rank, the unranked come last with what they had', () => {
    // Ann: R = 3.2%; the fall from Monday's 100,800 to Tuesday's 99,600 is 1.2%, below the 2% floor.
    const annScore = round4((103_200 - CAPITAL) / CAPITAL / Math.max((100_800 - 99_600) / CAPITAL, 0.02));
    // Ben: R = 6%; his fall from 102,000 to 101,000 is 1%, so the floor again.
    const benScore = round4((106_000 - CAPITAL) / CAPITAL / Math.max((102_000 - 101_000) / CAPITAL, 0.02));
    // Cat ended below her start: R / 2%.
    const catScore = round4((99_500 - CAPITAL) / CAPITAL / 0.02);
    expect([annScore, benScore, catScore]).toEqual([1.6, 3, -0.25]);

    expect(closed.seasonId).toBe('weekly-2026-11-30');
    expect(closed.closedAt).toBe(season.closesAt);
    expect(closed.leagues).toBe(1);
    expect(closed.results.map((r) => [r.userId, r.score, r.overallRank, r.leagueRank, r.ranked])).toEqual([
      ['ben', benScore, 1, 1, true],
      ['ann', annScore, 2, 2, true],
      ['dee', annScore, 2, 2, true],
      ['cat', catScore, null, null, false],
    ]);
    expect(closed.results.find((r) => r.userId === 'cat')!.note).toBe(
      'Not ranked: 3 closed trades on 2 trading days; ranking needs 5 closed trades on at least 3 trading days.',
    );
    expect(closed.results.find((r) => r.userId === 'dee')!.hidden).toBe(true);
  });

  it('awards coins and the achievement for a plan on every trade, not for winning', () => {
    expect(closed.awards).toEqual(
      ['ann', 'dee'].map((userId) => ({
        key: awardKey(season.id, userId),
        userId,
        seasonId: season.id,
        achievementId: PLANNED_SEASON_ACHIEVEMENT.id,
        coins: PLANNED_SEASON_COINS.weekly,
      })),
    );
    // Ben won, with one trade unplanned: no award. Cat planned every trade but did not finish ranked: none either.
    expect(closed.awards.map((a) => a.userId)).not.toContain('ben');
    expect(closed.awards.map((a) => a.userId)).not.toContain('cat');
  });

  it('debriefs each entrant: trades, best and worst, the drawdown and when, the biggest risk, one lesson', () => {
    const d = closed.debriefs.find((x) => x.userId === 'ann')!;
    expect(d.trades.map((t) => t.id)).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']);
    expect(d.bestTrade?.id).toBe('t4');
    expect(d.worstTrade?.id).toBe('t2');
    expect(d.maxDrawdown).toEqual({ amount: 1_200, fraction: 1_200 / CAPITAL, peakDate: MON, troughDate: TUE });
    // Each trade's max loss over the equity of the last close before it opened (Monday's trades: the starting capital).
    const before: Record<string, number> = { [MON]: CAPITAL, [TUE]: 100_800, [WED]: 99_600, [THU]: 101_400, [FRI]: 102_300 };
    const shares = annTrades.map((t) => ({ id: t.id, share: t.maxLoss! / before[t.openedAt.slice(0, 10)]! }));
    const biggest = shares.reduce((a, b) => (b.share > a.share ? b : a));
    expect(biggest.id).toBe('t2');
    expect(d.biggestRisk).toMatchObject({ id: 't2', riskShare: biggest.share });
    expect(d.trades.map((t) => t.riskShare)).toEqual(shares.map((s) => s.share));
    expect(d.planned).toEqual({ withPlan: 6, trades: 6 });
    // Nothing to fix: risk under 5%, every trade planned, a 1.2% drawdown, 6 trades in 5 days.
    expect(d.lesson.id).toBe(DEBRIEF_LESSONS.plan);
  });

  it('links the sizing lesson first when a position risked more than 5% of the account', () => {
    const d = closed.debriefs.find((x) => x.userId === 'ben')!;
    // b2 opened on Tuesday, when the account stood at Monday's close of 102,000.
    const share = 7_000 / 102_000;
    expect(share).toBeGreaterThan(LESSON_RULE.maxRiskShare);
    expect(d.biggestRisk).toMatchObject({ id: 'b2', riskShare: share });
    expect(d.planned).toEqual({ withPlan: 5, trades: 6 });
    expect(d.lesson).toEqual({
      id: DEBRIEF_LESSONS.sizing,
      why: 'Your biggest position, the Bull Put Spread on SPY, could lose 6.9% of your account: more than the 5% the course allows for all open trades together.',
    });
  });

  it('links the other lessons by the stated rule', () => {
    const one = (e: Partial<Entrant>) => closeSeason(season, [{ ...ann, ...e }]).debriefs[0]!.lesson;
    // A plan written after the trade closed is no plan.
    const late = annTrades.map((t, i) => (i === 0 ? trade('t1', MON, 120, 500, { planAt: `${TUE}T15:00:00.000Z` }) : t));
    expect(one({ trades: late })).toMatchObject({
      id: DEBRIEF_LESSONS.journaling,
      why: '1 of your 6 trades had no written plan (a thesis and a planned exit) before they closed.',
    });
    expect(one({ equity: path(101_000, 90_000, 95_000, 99_000, 104_000) }).id).toBe(DEBRIEF_LESSONS.expectancy);
    const churn = Array.from({ length: 11 }, (_, i) => trade(`x${i}`, season.tradingDays[i % 5]!, 10, 300));
    expect(one({ trades: churn })).toMatchObject({ id: DEBRIEF_LESSONS.overtrading });
    expect(closed.debriefs.find((x) => x.userId === 'cat')!.lesson.id).toBe(DEBRIEF_LESSONS.expectancy);
  });

  it('links lessons that exist in the course, by the course’s own risk cap', () => {
    const index = courseIndex(COURSE);
    for (const id of Object.values(DEBRIEF_LESSONS)) expect(index.lesson(id), id).toBeDefined();
    expect(LESSON_RULE.maxRiskShare).toBe(MAX_OPEN_RISK);
  });

  it('counts a trade still open at the close by its plan before the close, and keeps it out of the sample', () => {
    const open = trade('t7', FRI, 0, 500, { open: true, planAt: `${FRI}T14:00:00.000Z` });
    const d = closeSeason(season, [{ ...ann, trades: [...annTrades, open] }]);
    expect(d.results[0]!.sample).toEqual({ closedTrades: 6, tradingDays: 5 });
    expect(d.debriefs[0]!.planned).toEqual({ withPlan: 7, trades: 7 });
    expect(d.awards).toHaveLength(1);
  });

  it('gives the same output when run twice, and whatever order the entrants are read in', () => {
    expect(closeSeason(season, entrants)).toEqual(closed);
    expect(closeSeason(season, [...entrants].reverse())).toEqual(closed);
    expect(
      closeSeason(
        season,
        entrants.map((e) => ({ ...e, trades: [...e.trades].reverse() })),
      ),
    ).toEqual(closed);
  });

  it('scores the equity path only: more trades on the same path change nothing', () => {
    const busy: Entrant = { ...ann, userId: 'eve', trades: [...annTrades, ...annTrades.map((t) => ({ ...t, id: `${t.id}b` }))] };
    const both = closeSeason(season, [ann, busy]).results;
    expect(both.map((r) => [r.userId, r.score, r.overallRank])).toEqual([
      ['ann', both[0]!.score, 1],
      ['eve', both[0]!.score, 1],
    ]);
  });

  it('refuses (as a bug) an entrant listed twice', () => {
    expect(() => closeSeason(season, [ann, ann])).toThrow(/twice/);
  });
});
