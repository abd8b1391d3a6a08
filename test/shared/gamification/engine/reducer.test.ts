import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, ACHIEVEMENT_CATEGORIES, RARITIES } from '@shared/gamification/catalogue';
import { eventKey } from '@shared/gamification/engine/events';
import { apply } from '@shared/gamification/engine/reducer';
import { boardValues } from '@shared/gamification/leaderboards';
import { streakOn } from '@shared/gamification/streak';
import { closed, filled, fresh, journal, lesson, moduleDone, postShared, quiz, reset, tradeClosed } from '../fixtures';
import { run, tradingDaysFrom, xpOf } from './helpers';

describe('XP sources (issue 19, Decisions) and the streak multiplier', () => {
  it('awards 10 for a lesson, 100 for a module, 50 for a first quiz pass, 25 for a journal reflection', () => {
    const { state, awards } = run(fresh(), [
      lesson('2026-11-02', 'options_basics.why-options'),
      moduleDone('2026-11-02', 'options_basics'),
      quiz('2026-11-02', 'options_basics.quiz'),
      journal('2026-11-02', 'entry-1'),
    ]);
    expect(xpOf(awards, 'LessonCompleted')).toEqual([10, 100]);
    expect(xpOf(awards, 'QuizPassed')).toEqual([50]);
    expect(xpOf(awards, 'JournalEntryAdded')).toEqual([25]);
    expect(state.learningXP).toBe(160);
  });

  it('awards a quiz once (a second pass earns nothing) and a lesson once however often it is reported', () => {
    const { awards } = run(fresh(), [
      quiz('2026-11-02', 'options_basics.quiz'),
      quiz('2026-11-03', 'options_basics.quiz'),
      lesson('2026-11-02', 'options_basics.why-options'),
      lesson('2026-11-03', 'options_basics.why-options'),
    ]);
    expect(xpOf(awards, 'QuizPassed')).toEqual([50]);
    expect(xpOf(awards, 'LessonCompleted')).toEqual([10]);
  });

  it('awards 10 for the first trade of a New York day, nothing for later ones, nothing for a profitable close', () => {
    const { awards } = run(fresh(), [
      filled('2026-11-02', 'o1'),
      filled('2026-11-02', 'o2'),
      closed('2026-11-02', 500),
      tradeClosed('2026-11-02', 't1', 500),
      filled('2026-11-03', 'o3'),
    ]);
    const base = awards.filter((a) => a.source !== 'Achievement');
    expect(base.map((a) => [a.key, a.baseXp])).toEqual([
      ['OrderFilled#o1', 10],
      ['JournalTradeClosed#t1', 0],
      ['OrderFilled#o3', 10],
    ]);
    expect(awards.every((a) => a.quiet)).toBe(true); // trading never fires a celebration
  });

  it('multiplies every award by the streak multiplier and rounds down (3-day streak: 10 × 1.25 = 12)', () => {
    const days = tradingDaysFrom(3);
    const { awards } = run(fresh(), [lesson(days[0]!, 'l1'), lesson(days[1]!, 'l2'), lesson(days[2]!, 'l3')]);
    const lessons = awards.filter((a) => a.source === 'LessonCompleted');
    expect(lessons.map((a) => [a.multiplier, a.xp])).toEqual([
      [1, 10],
      [1, 10],
      [1.25, 12],
    ]);
    const ach = awards.find((a) => a.achievementId === 'streak-3')!;
    expect([ach.baseXp, ach.xp]).toEqual([100, 125]);
  });

  it('carries XP over several levels in one award and flags the level-up', () => {
    const s = { ...fresh(), currentXP: 110 };
    const { state, awards } = run(s, [moduleDone('2026-11-02', 'options_basics')]);
    // 110 + 100 (module) = 210 → level 2 (115) with 95; then the First Module achievement's 200 → 295 → level 3 (132)
    // with 163 → level 4 (152) with 11: two levels in one award.
    expect(awards[0]!.levelUp).toEqual({ from: 1, to: 2 });
    expect(awards.find((a) => a.achievementId === 'first-module')!.levelUp).toEqual({ from: 2, to: 4 });
    expect(state).toMatchObject({ level: 4, currentXP: 11, totalXP: 300 });
  });

  it('derives each award key from its event, so replays and repeats name the same award', () => {
    expect(eventKey(filled('2026-11-02', 'ord-9'))).toBe('OrderFilled#ord-9');
    expect(eventKey(quiz('2026-11-02', 'q.quiz'))).toBe('QuizPassed#q.quiz');
    expect(eventKey(lesson('2026-11-02', 'l1', 'm1'))).toBe('LessonCompleted#m1#l1');
    expect(eventKey(moduleDone('2026-11-02', 'm1'))).toBe('LessonCompleted#m1#module');
    expect(eventKey(journal('2026-11-02', 'e1'))).toBe('JournalEntryAdded#e1');
    const c = closed('2026-11-02', 1);
    expect(eventKey(c)).toBe(`PositionClosed#${c.detail.eventId}`);
    expect(eventKey(tradeClosed('2026-11-02', 'T1', 5))).toBe('JournalTradeClosed#T1');
  });
});

describe('closed journal trades (the journal’s trade-level results)', () => {
  it('awards 20 XP for a closed trade that had a written plan, nothing without one; quiet (no celebration on a trade)', () => {
    const { awards } = run(fresh(), [tradeClosed('2026-11-02', 'T1', -40, { hasPlan: true }), tradeClosed('2026-11-02', 'T2', 90)]);
    const own = awards.filter((a) => a.source === 'JournalTradeClosed');
    expect(own.map((a) => [a.key, a.xp, a.label, a.quiet])).toEqual([
      ['JournalTradeClosed#T1', 20, 'Closed a trade that followed a written plan', true],
      ['JournalTradeClosed#T2', 0, 'Trade closed', true],
    ]);
  });

  it('counts a multi-leg trade once: wins and losses by its net result, not per leg', () => {
    // A spread: one leg +110, the other −135 (PositionClosed each), the trade −25 net: one loss, no win.
    const { state } = run(fresh(), [closed('2026-11-02', 110), closed('2026-11-02', -135), tradeClosed('2026-11-02', 'S1', -25, { legs: 2 })]);
    expect([state.stats.wins, state.stats.losses, state.stats.closedTrades, state.periods.day.profitableCloses]).toEqual([0, 1, 1, 0]);
    expect(state.stats.realizedPnl).toBe(-25);
    expect([state.periods.month.wins, state.periods.month.losses, state.periods.month.closedTrades]).toEqual([0, 1, 1]);
  });

  it('counts a breakeven trade as closed, neither a win nor a loss', () => {
    const { state } = run(fresh(), [tradeClosed('2026-11-02', 'B1', 0)]);
    expect([state.stats.wins, state.stats.losses, state.stats.closedTrades]).toEqual([0, 0, 1]);
  });

  it("counts towards the paper run's closed trades only for the current run and the paper account", () => {
    const { state } = run(fresh(), [
      tradeClosed('2026-11-02', 'A', 10),
      tradeClosed('2026-11-02', 'B', 10, { account: 'alpaca-live' }),
      tradeClosed('2026-11-03', 'C', 10, { run: 0 }),
    ]);
    expect([state.run.closedTrades, state.run.closedDays, state.stats.closedTrades]).toEqual([1, 1, 3]);
  });
});

describe('streaks on New York trading days', () => {
  it('is not broken by a weekend: Friday then Monday is 2 days', () => {
    const { state } = run(fresh(), [lesson('2026-11-06', 'l1'), lesson('2026-11-09', 'l2')]);
    expect(state.currentStreak).toBe(2);
  });

  it('is not broken by a holiday: Wednesday, Thanksgiving closed, Friday is 2 days', () => {
    const { state } = run(fresh(), [lesson('2026-11-25', 'l1'), lesson('2026-11-27', 'l2')]);
    expect(state.currentStreak).toBe(2);
  });

  it('does not count activity on a closed day', () => {
    const { state } = run(fresh(), [lesson('2026-11-07', 'sat'), lesson('2026-11-26', 'thanksgiving')]);
    expect(state.currentStreak).toBe(0);
    expect(state.lastActiveDay).toBeNull();
  });

  it('spends a freeze on a missed trading day, and breaks (back to 1) when none is left', () => {
    const s = fresh();
    expect(s.streakFreezes).toBe(1);
    const a = run(s, [lesson('2026-11-02', 'l1'), lesson('2026-11-03', 'l2'), lesson('2026-11-05', 'l4')]);
    expect(a.state).toMatchObject({ currentStreak: 3, streakFreezes: 0 });
    const b = run(a.state, [lesson('2026-11-09', 'l5')]);
    expect(b.state).toMatchObject({ currentStreak: 1, longestStreak: 3 });
  });

  it('shows 0 once trading days have passed uncovered, and the kept streak while today is still open', () => {
    const { state } = run({ ...fresh(), streakFreezes: 0 }, [lesson('2026-11-02', 'l1'), lesson('2026-11-03', 'l2')]);
    expect(streakOn(state, '2026-11-04')).toBe(2);
    expect(streakOn(state, '2026-11-05')).toBe(0);
  });

  it('keeps longestStreak = max(itself, current) and reaches the 7-day achievement across a weekend', () => {
    const days = tradingDaysFrom(7);
    const { state, awards } = run(
      fresh(),
      days.map((d, i) => lesson(d, `l${i}`)),
    );
    expect(state.currentStreak).toBe(7);
    expect(state.longestStreak).toBe(7);
    expect(awards.find((a) => a.achievementId === 'streak-7')).toMatchObject({ baseXp: 300, xp: 450 }); // × 1.5 at 7 days
  });
});

describe('achievements', () => {
  it('has the spec’s 30 and the competitions’ Planned Season, in the spec’s 8 categories and 5 rarities, XP 100-5000 and coins 10-500', () => {
    expect(ACHIEVEMENTS).toHaveLength(31);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(31);
    expect(new Set(ACHIEVEMENTS.map((a) => a.category))).toEqual(new Set(ACHIEVEMENT_CATEGORIES));
    expect(new Set(ACHIEVEMENTS.map((a) => a.rarity))).toEqual(new Set(RARITIES));
    for (const a of ACHIEVEMENTS) {
      expect(a.xpReward).toBeGreaterThanOrEqual(100);
      expect(a.xpReward).toBeLessThanOrEqual(5000);
      expect(a.coinReward).toBeGreaterThanOrEqual(10);
      expect(a.coinReward).toBeLessThanOrEqual(500);
    }
  });

  it('includes the spec’s examples', () => {
    const byId = (id: string) => ACHIEVEMENTS.find((a) => a.id === id)!;
    expect(byId('ten-trades')).toMatchObject({ xpReward: 250, requirement_value: 10 });
    expect(byId('streak-7')).toMatchObject({ xpReward: 300, requirement_value: 7 });
    expect(byId('streak-30')).toMatchObject({ xpReward: 1500, requirement_value: 30 });
    expect(byId('streak-100')).toMatchObject({ xpReward: 5000, requirement_value: 100 });
    expect(['profit-1k', 'profit-5k', 'profit-10k'].map((id) => byId(id).requirement_value)).toEqual([1000, 5000, 10000]);
    expect(byId('win-rate-70')).toMatchObject({ requirement_value: 70, hint: 'Counts once 50 trades have closed' });
  });

  it('shows progress current/total and unlocks once, when current reaches total', () => {
    const first = run(fresh(), [closed('2026-11-02', 600)]).state;
    const mid = apply(first, closed('2026-11-02', 300), new Date()).state;
    expect(mid.unlockedAchievements).not.toContain('profit-1k');
    const { state, awards } = run(mid, [closed('2026-11-03', 200), closed('2026-11-04', 50)]);
    expect(awards.filter((a) => a.achievementId === 'profit-1k')).toHaveLength(1);
    expect(state.unlockedAchievements.filter((id) => id === 'profit-1k')).toHaveLength(1);
    expect(state.optionsCoins).toBe(50);
  });

  it('counts the 70% win rate only over at least 50 closed trades', () => {
    const wins = Array.from({ length: 49 }, (_, i) => tradeClosed(tradingDaysFrom(49)[i]!, `w${i}`, 10));
    const a = run(fresh(), wins).state;
    expect(a.unlockedAchievements).not.toContain('win-rate-70');
    const b = run(a, [tradeClosed('2027-01-20', 'l1', -5)]).state;
    expect(b.unlockedAchievements).toContain('win-rate-70'); // 49 / 50 = 98%
  });

  it('counts shared community posts: the first unlocks Hello, Community, the tenth Social Butterfly, with no XP of their own and no streak day', () => {
    const first = run(fresh(), [postShared('2026-11-02', 'p0')]);
    expect(first.state.stats.communityPosts).toBe(1);
    expect(first.state.currentStreak).toBe(0);
    expect(first.awards.map((a) => [a.achievementId, a.xp, a.coins, a.quiet])).toEqual([['first-post', 100, 10, false]]);
    const tenth = run(
      first.state,
      Array.from({ length: 9 }, (_, i) => postShared('2026-11-03', `p${i + 1}`)),
    );
    expect(tenth.awards.map((a) => a.achievementId)).toEqual(['ten-posts']);
    expect(tenth.state.optionsCoins).toBe(10 + 75);
    expect(boardValues(tenth.state).social_butterfly).toBe(10);
    expect(eventKey(postShared('2026-11-03', 'p9'))).toBe('CommunityPostShared#p9');
  });

  it('counts at most 10 trades a New York day (overtrading guard)', () => {
    const day = Array.from({ length: 14 }, (_, i) => filled('2026-11-02', `o${i}`));
    const { state, awards } = run(fresh(), day);
    expect(state.stats.trades).toBe(10);
    expect(awards.filter((a) => a.achievementId === 'ten-trades')).toHaveLength(1);
    const next = run(state, [filled('2026-11-03', 'x')]).state;
    expect(next.stats.trades).toBe(11);
  });
});

describe('leaderboard values', () => {
  it('puts a learner on profit_king only with 20 closed trades over 10 days, as return over drawdown; a reset takes them off', () => {
    const days = tradingDaysFrom(10);
    // Each trade: its leg's realized P&L (PositionClosed) and the journal's trade-level close (JournalTradeClosed).
    const trades = Array.from({ length: 20 }, (_, i) => {
      const pnl = i === 3 ? -2000 : 500;
      return [closed(days[i % 10]!, pnl), tradeClosed(days[i % 10]!, `t${i}`, pnl)];
    }).flat();
    const few = run(fresh(), trades.slice(0, 38)).state;
    expect(boardValues(few).profit_king).toBeUndefined();
    const enough = run(fresh(), trades).state;
    // realized 19 × 500 − 2000 = 7500; max drawdown 2000 → 3.75
    expect(boardValues(enough).profit_king).toBe(3.75);
    expect(boardValues(run(enough, [reset('2026-11-20', 2)]).state).profit_king).toBeUndefined();
    expect(boardValues(enough).global).toBe(enough.totalXP);
  });

  it('leaves a learner off every board they have no value on', () => {
    expect(boardValues(fresh())).toEqual({});
  });
});
