import { describe, expect, it } from 'vitest';
import { CHALLENGES } from '@shared/gamification/catalogue';
import { claimChallenge } from '@shared/gamification/engine/commands';
import { apply } from '@shared/gamification/engine/reducer';
import { currentChallenges } from '@shared/gamification/engine/views';
import { GAME_TEXTS } from '@shared/gamification/gamification.errors';
import { filled, fresh, lesson, nyAfternoon, tradeClosed } from '../fixtures';
import { run, value } from './helpers';

describe('challenges', () => {
  it('has the spec’s challenges with their XP and coins', () => {
    expect(CHALLENGES.map((c) => [c.type, c.requirement, c.xpReward, c.coinReward])).toEqual([
      ['daily', '3 trades', 100, 10],
      ['daily', '1 profitable close', 150, 15],
      ['daily', '1 Greeks lesson or check', 75, 8],
      ['weekly', '7-day streak', 500, 50],
      ['weekly', '5 lessons', 300, 30],
      ['weekly', '3 strategy types', 400, 40],
      ['monthly', '20% growth', 2000, 200],
      ['monthly', '100 trades', 1500, 150],
      ['monthly', '65% win rate', 3000, 300],
    ]);
  });

  it('goes in progress → completed → claimed once, adding the coins and the XP', () => {
    const now = new Date(nyAfternoon('2026-11-02'));
    const { state } = run(fresh(), [filled('2026-11-02', 'a'), filled('2026-11-02', 'b')]);
    const id = 'daily-trades@2026-11-02';
    expect(currentChallenges(state, now).find((c) => c.id === id)).toMatchObject({ status: 'in_progress', progress: { current: 2, total: 3 } });
    expect(claimChallenge(state, id, now)).toEqual({ ok: false, error: { code: 'conflict', message: GAME_TEXTS.notCompleted } });
    const done = apply(state, filled('2026-11-02', 'c'), now).state;
    expect(currentChallenges(done, now).find((c) => c.id === id)).toMatchObject({ status: 'completed', progress: { current: 3, total: 3 } });
    const claimed = value(claimChallenge(done, id, now));
    expect(claimed.awards[0]).toMatchObject({ key: `Challenge#${id}`, baseXp: 100, coins: 10 });
    expect(claimed.state.optionsCoins).toBe(done.optionsCoins + 10);
    expect(claimed.state.totalXP).toBe(done.totalXP + 100);
    expect(currentChallenges(claimed.state, now).find((c) => c.id === id)!.status).toBe('claimed');
    expect(claimChallenge(claimed.state, id, now)).toEqual({ ok: false, error: { code: 'conflict', message: GAME_TEXTS.alreadyClaimed } });
    expect(claimChallenge(claimed.state, 'nope@2026-11-02', now)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('expires a daily challenge at the end of the New York day; the next day starts at 0', () => {
    const { state } = run(fresh(), [filled('2026-11-02', 'a')]);
    const today = currentChallenges(state, new Date(nyAfternoon('2026-11-02'))).find((c) => c.type === 'daily')!;
    expect(today.expiresAt).toBe('2026-11-03T05:00:00.000Z'); // midnight EST
    const tomorrow = currentChallenges(state, new Date('2026-11-03T05:00:00.000Z')).find((c) => c.type === 'daily')!;
    expect(tomorrow).toMatchObject({ id: 'daily-trades@2026-11-03', progress: { current: 0, total: 3 } });
    const weekly = currentChallenges(state, new Date(nyAfternoon('2026-11-04'))).find((c) => c.type === 'weekly')!;
    expect(weekly.expiresAt).toBe('2026-11-09T05:00:00.000Z'); // next Monday
    const monthly = currentChallenges(state, new Date(nyAfternoon('2026-11-04'))).find((c) => c.type === 'monthly')!;
    expect(monthly.expiresAt).toBe('2026-12-01T05:00:00.000Z');
  });

  it('claims a trading challenge quietly (no celebration tied to orders) and a learning one out loud', () => {
    const now = new Date(nyAfternoon('2026-11-02'));
    const { state } = run(fresh(), [
      filled('2026-11-02', 'a'),
      filled('2026-11-02', 'b'),
      filled('2026-11-02', 'c'),
      lesson('2026-11-02', 'l1', 'options_greeks'),
    ]);
    const trades = value(claimChallenge(state, 'daily-trades@2026-11-02', now));
    expect(trades.awards.map((a) => [a.key, a.quiet])).toEqual([['Challenge#daily-trades@2026-11-02', true]]);
    expect(trades.state.totalXP).toBe(state.totalXP + 100);
    const greeks = value(claimChallenge(trades.state, 'daily-greeks@2026-11-02', now));
    expect(greeks.awards[0]).toMatchObject({ key: 'Challenge#daily-greeks@2026-11-02', quiet: false });
  });

  it('keeps a completed challenge claimable after its period ends', () => {
    const { state } = run(fresh(), [tradeClosed('2026-11-02', 't1', 20)]);
    const later = new Date(nyAfternoon('2026-11-05'));
    expect(value(claimChallenge(state, 'daily-profitable-close@2026-11-02', later)).awards[0]).toMatchObject({ baseXp: 150, coins: 15 });
  });

  it('counts the monthly trades challenge at most 10 a day', () => {
    const { state } = run(
      fresh(),
      Array.from({ length: 15 }, (_, i) => filled('2026-11-02', `o${i}`)),
    );
    const monthly = currentChallenges(state, new Date(nyAfternoon('2026-11-03'))).find((c) => c.id === 'monthly-trades@2026-11')!;
    expect(monthly.progress).toEqual({ current: 10, total: 100 });
  });
});
