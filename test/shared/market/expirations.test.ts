import { describe, expect, it } from 'vitest';
import { classifyExpiry, expiryTypeFromDays, isMonthlyExpiry, listedExpirations, monthlyExpiry, quarterEndExpiry } from '@shared/market/expirations';
import { isTradingDay } from '@shared/market/calendar';
import { weekday } from '@shared/market/dates';

describe('listing calendar', () => {
  it('puts a monthly on the third Friday, or the Thursday before when that Friday is a holiday', () => {
    expect(monthlyExpiry(2026, 12)).toBe('2026-12-18');
    // April 2025: the third Friday is Good Friday (18 April), so the monthly expires on Thursday 17 April.
    expect(monthlyExpiry(2025, 4)).toBe('2025-04-17');
    expect(isMonthlyExpiry('2025-04-17')).toBe(true);
  });

  it('puts a quarterly on the last trading day of the quarter', () => {
    expect(quarterEndExpiry(2026, 12)).toBe('2026-12-31');
    expect(quarterEndExpiry(2027, 6)).toBe('2027-06-30');
    expect(quarterEndExpiry(2026, 5 as never)).toBe('2026-05-29'); // the rule itself: last trading day of the month
  });

  it('lists dailies, weeklies, monthlies, quarterlies and LEAPS for an index ETF, all on trading days', () => {
    const list = listedExpirations('index-etf', '2026-11-23');
    expect(list[0]).toBe('2026-11-23');
    expect(list).toContain('2026-11-24'); // a daily
    expect(list).not.toContain('2026-11-26'); // Thanksgiving
    expect(list).toContain('2026-12-18'); // December monthly
    expect(list).toContain('2026-12-31'); // quarter end
    expect(list).toContain('2027-01-15'); // January monthly
    expect(list).toContain('2028-01-21'); // LEAPS, two Januaries out
    expect(list.every(isTradingDay)).toBe(true);
    expect([...list].sort()).toEqual(list);
  });

  it('lists only Friday weeklies, monthlies and LEAPS for a stock (no dailies)', () => {
    const list = listedExpirations('stock', '2026-11-23');
    expect(list).not.toContain('2026-11-24');
    expect(list).toContain('2026-11-27');
    // 1 January 2027 is a Friday holiday: that week's weekly moves to Thursday 31 December.
    expect(list).toContain('2026-12-31');
    for (const d of list.slice(1)) expect([4, 5]).toContain(weekday(d));
    expect(list.at(-1)).toBe('2028-01-21');
  });
});

describe('expiry types', () => {
  it('classifies by the calendar', () => {
    const today = '2026-11-23';
    expect(classifyExpiry('2026-11-23', today)).toBe('0DTE');
    expect(classifyExpiry('2026-11-24', today)).toBe('Daily');
    expect(classifyExpiry('2026-11-27', today)).toBe('Weekly');
    expect(classifyExpiry('2026-12-18', today)).toBe('Monthly');
    expect(classifyExpiry('2026-12-31', today)).toBe('Quarterly');
    expect(classifyExpiry('2028-01-21', today)).toBe('LEAPS');
  });

  it("falls back on the spec's day thresholds (0, 3, 7, 45, 120) when the calendar cannot decide", () => {
    expect(classifyExpiry('2026-11-28', '2026-11-23')).toBe('Weekly'); // a Saturday, 5 days out
    expect([0, 1, 3, 4, 7, 8, 45, 46, 120, 121].map(expiryTypeFromDays)).toEqual([
      '0DTE',
      'Daily',
      'Daily',
      'Weekly',
      'Weekly',
      'Monthly',
      'Monthly',
      'Quarterly',
      'Quarterly',
      'LEAPS',
    ]);
  });
});
