import { describe, expect, it } from 'vitest';
import { tradingDayGaps } from '@shared/operations/gaps';

describe('gaps in a daily series against the NYSE calendar', () => {
  it('finds none in an unbroken run of sessions across a weekend and Thanksgiving', () => {
    // Thursday 26 November 2026 is Thanksgiving; 21-22 and 28-29 are weekends.
    expect(tradingDayGaps(['2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30'])).toEqual({ count: 0, dates: [] });
  });

  it('lists the trading days between the first and the last date that have no row, and counts past the limit', () => {
    expect(tradingDayGaps(['2026-11-30', '2026-11-20', '2026-11-25'])).toEqual({ count: 3, dates: ['2026-11-23', '2026-11-24', '2026-11-27'] });
    expect(tradingDayGaps(['2026-11-02', '2026-11-30'], 2)).toEqual({ count: 18, dates: ['2026-11-03', '2026-11-04'] });
  });

  it('has nothing to say about an empty series', () => {
    expect(tradingDayGaps([])).toEqual({ count: 0, dates: [] });
  });
});
