import { describe, expect, it } from 'vitest';
import { MAX_TOASTS, TOAST_DURATION_MS, TOAST_FADE_MS, TOAST_OFFSET_PX, pushToasts, tierOf, toastsOf } from '@web/features/gamification/lib/toasts';

const award = (id: string, xp: number, quiet = false) => ({ id, xp, label: 'Lesson completed', icon: '📘', quiet });

describe('XP toasts (spec part 1 §9)', () => {
  it('use the spec’s constants', () => {
    expect([TOAST_DURATION_MS, TOAST_FADE_MS, MAX_TOASTS, TOAST_OFFSET_PX]).toEqual([3000, 500, 3, 80]);
  });

  it('colour by tier at 100 and 500 XP', () => {
    expect([tierOf(99), tierOf(100), tierOf(499), tierOf(500), tierOf(5000)]).toEqual(['minor', 'major', 'major', 'epic', 'epic']);
  });

  it('stack at most 3, dropping the oldest when a fourth arrives', () => {
    const three = pushToasts([], toastsOf([award('a', 10), award('b', 20), award('c', 30)], 0));
    const four = pushToasts(three, toastsOf([award('d', 40)], 1));
    expect(four.map((t) => t.id)).toEqual(['b', 'c', 'd']);
  });

  it('never toast a trading award (no celebration on an order) nor an award of 0 XP', () => {
    expect(toastsOf([award('t', 10, true), award('z', 0), award('l', 12)], 0).map((t) => t.id)).toEqual(['l']);
  });
});
