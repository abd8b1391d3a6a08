import { describe, expect, it } from 'vitest';
import { EARLY_EXERCISE_SHOWN_FROM, earlyExercisePremium } from '@shared/strategy';
import { legEarlyExercise, type QuotedLeg } from '@web/features/strategy/lib/legs';

const quoted = (optionType: 'call' | 'put', strike: number, expiration: string, premium: number | null): QuotedLeg => ({
  leg: { id: 'l1', action: 'buy', optionType, expiration, strike, lots: 1, snap: true },
  status: 'listed',
  strike,
  contract: null,
  premium,
});

describe("a builder leg's early-exercise premium (issue 23 §3)", () => {
  it('shows for a deep in-the-money put a year out: the American engine values the right to exercise early', () => {
    const leg = quoted('put', 700, '2027-12-17', 110);
    const shown = legEarlyExercise(leg, 'SPY', 600, '2026-11-25');
    expect(shown).not.toBeNull();
    expect(shown!).toBeGreaterThanOrEqual(EARLY_EXERCISE_SHOWN_FROM);
    // The very figure of the strategy analytics, not a second computation.
    expect(shown).toBe(
      earlyExercisePremium(
        { action: 'buy', optionType: 'put', strike: 700, premium: 110, quantity: 1, expiration: '2027-12-17', underlying: 'SPY' },
        { spot: 600, asOf: '2026-11-25' },
      ),
    );
  });

  it('does not show under a cent (an out-of-the-money call days from expiry), without a price, or without a spot', () => {
    expect(legEarlyExercise(quoted('call', 620, '2026-11-27', 0.4), 'SPY', 600, '2026-11-25')).toBeNull();
    expect(legEarlyExercise(quoted('put', 700, '2027-12-17', null), 'SPY', 600, '2026-11-25')).toBeNull();
    expect(legEarlyExercise(quoted('put', 700, '2027-12-17', 110), 'SPY', null, '2026-11-25')).toBeNull();
    // A European-style index option cannot be exercised early, so it has no such premium.
    expect(legEarlyExercise(quoted('put', 7000, '2027-12-17', 1100), 'SPX', 6000, '2026-11-25')).toBeNull();
  });
});
