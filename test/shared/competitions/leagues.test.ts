import { describe, expect, it } from 'vitest';
import { boardFor } from '@shared/competitions/board';
import { LEAGUE_SIZE, PRIVATE_ENTRANT, drawLeagues, hiddenEntrant, rankByScore } from '@shared/competitions/leagues';
import { standingsOf, type Entrant } from '@shared/competitions/standings';
import { weeklySeason } from '@shared/competitions/seasons';
import { displayNameOf } from '@shared/gamification/display-name';
import { hidesFromBoards } from '@shared/gamification/leaderboards';

const joiners = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ userId: `u${String(i).padStart(3, '0')}`, joinedAt: new Date(Date.UTC(2026, 10, 27, 12, 0, i)).toISOString() }));
const sizes = (leagues: Map<string, number>) => {
  const count = new Map<number, number>();
  for (const l of leagues.values()) count.set(l, (count.get(l) ?? 0) + 1);
  return [...count.entries()].sort(([a], [b]) => a - b).map(([, n]) => n);
};

describe('leagues of about 30, drawn by join order when joining closes', () => {
  it('keeps everyone in one league up to 45 entrants', () => {
    expect(sizes(drawLeagues(joiners(12)))).toEqual([12]);
    expect(sizes(drawLeagues(joiners(44)))).toEqual([44]);
  });

  it('cuts more entrants into round(n / 30) leagues whose sizes differ by at most one, larger first', () => {
    expect(sizes(drawLeagues(joiners(46)))).toEqual([23, 23]);
    expect(sizes(drawLeagues(joiners(100)))).toEqual([34, 33, 33]);
    const n = 301;
    const leagues = Math.round(n / LEAGUE_SIZE);
    const got = sizes(drawLeagues(joiners(n)));
    expect(got).toHaveLength(leagues);
    expect(Math.max(...got) - Math.min(...got)).toBeLessThanOrEqual(1);
    expect(got.reduce((a, b) => a + b, 0)).toBe(n);
  });

  it('puts entrants in consecutive blocks of join order, whatever order they are read in', () => {
    const people = joiners(100);
    const leagues = drawLeagues([...people].reverse());
    expect(people.slice(0, 34).every((p) => leagues.get(p.userId) === 1)).toBe(true);
    expect(people.slice(34, 67).every((p) => leagues.get(p.userId) === 2)).toBe(true);
    expect(people.slice(67).every((p) => leagues.get(p.userId) === 3)).toBe(true);
    expect(drawLeagues(people)).toEqual(leagues);
  });

  it('orders entrants who joined in the same instant by user id', () => {
    const same = [
      { userId: 'b', joinedAt: '2026-11-30T14:00:00.000Z' },
      { userId: 'a', joinedAt: '2026-11-30T14:00:00.000Z' },
    ];
    expect([...drawLeagues(same).keys()]).toEqual(['a', 'b']);
  });
});

describe('ranks with ties', () => {
  it('gives equal scores the same rank and skips the next (1, 2, 2, 4)', () => {
    const ranks = rankByScore([
      { userId: 'd', score: 1 },
      { userId: 'b', score: 1.5 },
      { userId: 'a', score: 2 },
      { userId: 'c', score: 1.5 },
    ]);
    expect(Object.fromEntries(ranks)).toEqual({ a: 1, b: 2, c: 2, d: 4 });
  });
});

describe('privacy on the competition boards', () => {
  const season = weeklySeason('2026-11-30')!;
  const days = season.tradingDays;
  const trades = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      id: `t${i}`,
      strategy: 'Bull Call Spread',
      underlying: 'SPY',
      openedAt: `${days[i % 3]!}T15:00:00.000Z`,
      closedAt: `${days[i % 3]!}T19:00:00.000Z`,
      realizedPnl: 10,
      maxLoss: 200,
      plan: null,
    }));
  const entrant = (userId: string, final: number, extra: Partial<Entrant> = {}): Entrant => ({
    userId,
    joinedAt: '2026-11-30T14:00:00.000Z',
    startingCapital: 100_000,
    equity: [{ date: days[0]!, equity: final }],
    trades: trades(5),
    ...extra,
  });

  it('uses gamification’s rule: showOnLeaderboards false hides, absent or true shows', () => {
    expect(hiddenEntrant({ showOnLeaderboards: false })).toBe(hidesFromBoards({ showOnLeaderboards: false }));
    expect(hiddenEntrant({ showOnLeaderboards: false })).toBe(true);
    expect(hiddenEntrant({ showOnLeaderboards: true })).toBe(false);
    expect(hiddenEntrant({})).toBe(false);
  });

  it('shows a hidden entrant to others as a private entrant in their place and rank, and to themselves by name', () => {
    const { results } = standingsOf(
      season,
      [entrant('alice', 101_000), entrant('bob', 102_000, { showOnLeaderboards: false }), entrant('carol', 100_500)],
      false,
    );
    const forAlice = boardFor(results, 'alice', 1);
    expect(forAlice.map((r) => [r.rank, r.name, r.isYou])).toEqual([
      [1, PRIVATE_ENTRANT, false],
      [2, displayNameOf('alice'), true],
      [3, displayNameOf('carol'), false],
    ]);
    expect(JSON.stringify(forAlice)).not.toContain('bob');
    const forBob = boardFor(results, 'bob');
    expect(forBob[0]).toMatchObject({ rank: 1, name: displayNameOf('bob'), isYou: true, private: true });
  });

  it('lists the unranked after the ranked, with what they still need', () => {
    const { results } = standingsOf(season, [entrant('alice', 101_000), entrant('dan', 110_000, { trades: trades(3) })], false);
    const board = boardFor(results, null);
    expect(board.map((r) => [r.rank, r.ranked, r.note])).toEqual([
      [1, true, null],
      [null, false, 'Not ranked yet: needs 2 more closed trades.'],
    ]);
  });
});
