import { describe, expect, it } from 'vitest';
import { checkJoin, monthlySeason, nextSeason, openSeasons, seasonById, weeklySeason } from '@shared/competitions/seasons';
import { isTradingDay } from '@shared/market/calendar';

// New York keeps EST (UTC−5) from 1 November 2026 to 14 March 2027: 16:00 there is 21:00 UTC, 19:00 is 00:00 UTC.
const weekly = (date: string) => weeklySeason(date)!;
const monthly = (date: string) => monthlySeason(date)!;

describe('competition seasons on market dates', () => {
  it('makes a weekly season of one trading week, joinable until the first day closes, closing at 19:00 New York on the last', () => {
    const s = weekly('2026-12-02');
    expect(s.id).toBe('weekly-2026-11-30');
    expect(s.tradingDays).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']);
    expect(s.joinClosesAt).toBe('2026-11-30T21:00:00.000Z');
    expect(s.closesAt).toBe('2026-12-05T00:00:00.000Z');
  });

  it('leaves the exchange holidays out: Thanksgiving week has four trading days', () => {
    expect(weekly('2026-11-23').tradingDays).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27']);
  });

  it('starts a week whose Monday is a holiday on Tuesday, and joining closes at Tuesday’s close', () => {
    const s = weekly('2027-01-18'); // Martin Luther King Jr. Day
    expect(s.id).toBe('weekly-2027-01-18');
    expect(s.firstDay).toBe('2027-01-19');
    expect(s.joinClosesAt).toBe('2027-01-19T21:00:00.000Z');
  });

  it('closes joining at 13:00 New York when the first trading day is an early close', () => {
    // Monday 24 December 2029: Christmas Eve, a shortened session.
    expect(weekly('2029-12-24').firstDay).toBe('2029-12-24');
    expect(weekly('2029-12-24').joinClosesAt).toBe('2029-12-24T18:00:00.000Z');
  });

  it("makes a monthly season of a calendar month's trading days", () => {
    const s = monthly('2026-12-15');
    expect(s.id).toBe('monthly-2026-12');
    expect(s.firstDay).toBe('2026-12-01');
    expect(s.lastDay).toBe('2026-12-31');
    expect(s.tradingDays).not.toContain('2026-12-25');
    // Every weekday of December 2026 but Christmas Day.
    const weekdays = Array.from({ length: 31 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`).filter((d) => {
      const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
      return dow !== 0 && dow !== 6;
    });
    expect(s.tradingDays).toEqual(weekdays.filter(isTradingDay));
    expect(s.tradingDays).toHaveLength(weekdays.length - 1);
  });

  it('steps to the next season of the same kind, across a year end', () => {
    expect(nextSeason(weekly('2026-12-30')).firstDay).toBe('2027-01-04');
    expect(nextSeason(monthly('2026-12-01')).id).toBe('monthly-2027-01');
    expect(nextSeason(monthly('2026-12-01')).firstDay).toBe('2027-01-04'); // 1 January is a holiday
  });

  it('reads a season back from its id, and no other string', () => {
    expect(seasonById('weekly-2026-11-30')).toEqual(weekly('2026-11-30'));
    expect(seasonById('monthly-2026-12')).toEqual(monthly('2026-12-01'));
    expect(seasonById('weekly-2026-12-01')).toBeNull(); // a Tuesday names no week
    expect(seasonById('daily-2026-12-01')).toBeNull();
  });

  it('lists the seasons open to join: this week’s only until its first day closes, and the next ones ahead', () => {
    const ids = (iso: string) => openSeasons(new Date(iso)).map((s) => s.id);
    expect(ids('2026-11-30T20:59:00Z')).toEqual(['weekly-2026-11-30', 'weekly-2026-12-07', 'monthly-2026-12']);
    expect(ids('2026-11-30T21:00:00Z')).toEqual(['weekly-2026-12-07', 'monthly-2026-12']);
    // On a Saturday the coming week is the current one.
    expect(ids('2026-12-05T15:00:00Z')).toEqual(['weekly-2026-12-07', 'weekly-2026-12-14', 'monthly-2027-01']);
  });

  it('refuses a join after the first trading day with the message naming the next season', () => {
    const late = checkJoin(weekly('2026-11-30'), new Date('2026-12-01T15:00:00Z'));
    expect(late.ok).toBe(false);
    if (late.ok) return;
    expect(late.error.code).toBe('conflict');
    expect(late.error.message).toBe(
      "This season started on Monday, November 30, and joining closed at the end of that trading day, so that every entrant starts together. Join next week's, which starts on Monday, December 7.",
    );
    expect(late.error.details).toEqual({ nextSeasonId: 'weekly-2026-12-07' });
  });

  it('refuses a late join of a monthly season, pointing at the next month', () => {
    const late = checkJoin(monthly('2026-12-01'), new Date('2026-12-02T15:00:00Z'));
    expect(late.ok ? null : late.error.message).toBe(
      "This season started on Tuesday, December 1, and joining closed at the end of that trading day, so that every entrant starts together. Join next month's, which starts on Monday, January 4.",
    );
  });

  it('accepts a join during the first trading day, up to its close', () => {
    expect(checkJoin(weekly('2026-11-30'), new Date('2026-11-30T20:59:59Z')).ok).toBe(true);
    expect(checkJoin(weekly('2026-11-30'), new Date('2026-11-30T21:00:00Z')).ok).toBe(false);
    expect(checkJoin(weekly('2026-12-07'), new Date('2026-12-01T15:00:00Z')).ok).toBe(true);
  });
});
