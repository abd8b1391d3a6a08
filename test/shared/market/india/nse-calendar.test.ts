import { describe, expect, it } from 'vitest';
import {
  isNseOpen,
  isNseTradingDay,
  kolkataInstant,
  nextNseTradingDay,
  nseCurrentSession,
  nseDaysToExpiry,
  nseHolidaysKnown,
  nseListedExpiries,
  nseMonthlyExpiry,
  nseWeeklyExpiry,
  nseYearsToExpiry,
  previousNseTradingDay,
} from '@shared/market/india/nse-calendar';

describe('NSE calendar', () => {
  // NSE's 2026 holiday list: Diwali-Balipratipada on Tuesday 10 November, Guru Nanak Jayanti on Tuesday 24 November.
  it('is closed on a published holiday and at weekends', () => {
    expect(isNseTradingDay('2026-11-10')).toBe(false);
    expect(isNseTradingDay('2026-01-26')).toBe(false); // Republic Day
    expect(isNseTradingDay('2026-11-28')).toBe(false); // Saturday
    expect(isNseTradingDay('2026-11-29')).toBe(false); // Sunday
    expect(isNseTradingDay('2026-11-11')).toBe(true);
    expect(nextNseTradingDay('2026-11-06')).toBe('2026-11-09'); // Friday to Monday
    expect(previousNseTradingDay('2026-11-11')).toBe('2026-11-09'); // over the holiday
  });

  it('says it does not know 2027 holidays yet, and closes 2027 only at weekends and on the fixed-date holidays', () => {
    expect(nseHolidaysKnown(2026)).toBe(true);
    expect(nseHolidaysKnown(2027)).toBe(false);
    // Republic Day, 26 January, is on NSE's list every year; in 2027 it is a Tuesday.
    expect(isNseTradingDay('2027-01-26')).toBe(false);
    // 1 May 2027 (Maharashtra Day) is a Saturday: nothing more closes.
    expect(isNseTradingDay('2027-05-03')).toBe(true);
    // Festivals whose date moves each year are not known for 2027: an ordinary weekday trades.
    expect(isNseTradingDay('2027-03-22')).toBe(true);
  });

  it('opens at 09:15 and closes at 15:30 Asia/Kolkata', () => {
    const day = '2026-11-30';
    expect(kolkataInstant(day, 9, 15).toISOString()).toBe('2026-11-30T03:45:00.000Z');
    expect(isNseOpen(kolkataInstant(day, 9, 14))).toBe(false);
    expect(isNseOpen(kolkataInstant(day, 9, 15))).toBe(true);
    expect(isNseOpen(kolkataInstant(day, 15, 29))).toBe(true);
    expect(isNseOpen(kolkataInstant(day, 15, 30))).toBe(false);
    expect(isNseOpen(kolkataInstant('2026-11-24', 11, 0))).toBe(false); // a holiday
    expect(isNseOpen(kolkataInstant('2026-11-28', 11, 0))).toBe(false); // a Saturday
  });

  it('reads the latest completed session at an instant', () => {
    expect(nseCurrentSession(kolkataInstant('2026-11-30', 15, 29)).date).toBe('2026-11-27');
    const after = nseCurrentSession(kolkataInstant('2026-11-30', 15, 30));
    expect(after.date).toBe('2026-11-30');
    expect(after.asOf.toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  // NSE/FAOP/68747: expiries on Tuesday, moved to the previous trading day when the Tuesday is a holiday.
  it('moves an expiry whose Tuesday is a holiday to the trading day before', () => {
    expect(nseWeeklyExpiry('2026-11-10')).toBe('2026-11-09');
    expect(nseWeeklyExpiry('2026-11-17')).toBe('2026-11-17');
    expect(nseMonthlyExpiry(2026, 11)).toBe('2026-11-23'); // last Tuesday, 24 November, is a holiday
    expect(nseMonthlyExpiry(2026, 3)).toBe('2026-03-30'); // last Tuesday, 31 March, is a holiday
    expect(nseMonthlyExpiry(2026, 12)).toBe('2026-12-29');
  });

  it('lists NIFTY weeklies (not in a monthly week) and three monthlies, and only monthlies for the others', () => {
    expect(nseListedExpiries('NIFTY', '2026-11-02')).toEqual([
      { date: '2026-11-03', kind: 'weekly' },
      { date: '2026-11-09', kind: 'weekly' },
      { date: '2026-11-17', kind: 'weekly' },
      { date: '2026-11-23', kind: 'monthly' },
      { date: '2026-12-01', kind: 'weekly' },
      { date: '2026-12-29', kind: 'monthly' },
      // January 2027's last Tuesday is Republic Day: the monthly moves to Monday 25 January.
      { date: '2027-01-25', kind: 'monthly' },
    ]);
    expect(nseListedExpiries('BANKNIFTY', '2026-11-24')).toEqual([
      { date: '2026-12-29', kind: 'monthly' },
      { date: '2027-01-25', kind: 'monthly' },
      { date: '2027-02-23', kind: 'monthly' },
    ]);
    // On an expiry day the expiring series still trades.
    expect(nseListedExpiries('RELIANCE', '2026-11-23')[0]).toEqual({ date: '2026-11-23', kind: 'monthly' });
    expect(nseListedExpiries('SPY', '2026-11-23')).toEqual([]);
  });

  it('counts days to expiry in calendar days, and time to the 15:30 close in years', () => {
    expect(nseDaysToExpiry('2026-11-27', '2026-12-01')).toBe(4);
    expect(nseDaysToExpiry('2026-12-01', '2026-12-01')).toBe(0);
    expect(nseYearsToExpiry(kolkataInstant('2026-11-27', 15, 30), '2026-12-01')).toBeCloseTo(4 / 365, 12);
    expect(nseYearsToExpiry(kolkataInstant('2026-12-01', 15, 30), '2026-12-01')).toBe(0);
  });
});
