import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  isTradingDay,
  nextTradingDay,
  nyseEarlyCloses,
  nyseHolidays,
  previousTradingDay,
  sessionCloseMinutes,
  tradingDaysEnding,
  tradingSessionAt,
} from '@shared/market/calendar';

describe('NYSE calendar', () => {
  // Source: NYSE "Holidays & Trading Hours" published schedule for 2026 and 2027.
  it('lists the published 2026 and 2027 holidays', () => {
    expect([...nyseHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect([...nyseHolidays(2027)].sort()).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24',
    ]);
  });

  // Source: NYSE's announced early closings (1:00 p.m.) for 2015 and 2023–2026.
  it('closes early on the day after Thanksgiving, and on 3 July and 24 December when they are trading days', () => {
    expect([...nyseEarlyCloses(2026)].sort()).toEqual(['2026-11-27', '2026-12-24']); // 3 July 2026 is the observed Independence Day
    expect([...nyseEarlyCloses(2024)].sort()).toEqual(['2024-07-03', '2024-11-29', '2024-12-24']);
    expect([...nyseEarlyCloses(2023)].sort()).toEqual(['2023-07-03', '2023-11-24']); // 24 December 2023 was a Sunday
    expect([...nyseEarlyCloses(2015)].sort()).toEqual(['2015-11-27', '2015-12-24']);
    expect(sessionCloseMinutes('2026-11-27')).toBe(13 * 60);
    expect(sessionCloseMinutes('2026-11-30')).toBe(16 * 60);
    // After 13:00 on an early close the session a day order belongs to is the next one.
    expect(tradingSessionAt('2026-11-27', 13 * 60 + 5)).toBe('2026-11-30');
    expect(tradingSessionAt('2026-11-27', 12 * 60)).toBe('2026-11-27');
  });

  it('does not close on 31 December when New Year falls on a Saturday (2022)', () => {
    expect(nyseHolidays(2022).has('2022-01-01')).toBe(false);
    expect(isTradingDay('2021-12-31')).toBe(true);
  });

  it('computes Easter (Good Friday two days before)', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it('steps over weekends and holidays', () => {
    expect(isTradingDay('2026-11-21')).toBe(false); // Saturday
    expect(isTradingDay('2026-11-26')).toBe(false); // Thanksgiving
    expect(nextTradingDay('2026-11-25')).toBe('2026-11-27');
    expect(previousTradingDay('2026-11-30')).toBe('2026-11-27');
    expect(tradingDaysEnding('2026-11-30', 4)).toEqual(['2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30']);
  });
});
