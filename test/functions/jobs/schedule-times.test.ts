import { describe, expect, it } from 'vitest';
import { describeSchedule, lastDueBeforeToday, nextDue } from '../../../functions/jobs/schedule-times';
import { ACCOUNT_DELETIONS_SCHEDULE, BROKER_SYNC_SCHEDULE, INDIA_EOD_SCHEDULE, INGEST_SCHEDULE } from '../../../functions/jobs/schedules';

const at = (iso: string) => new Date(iso);

describe('schedule times', () => {
  it('gives the next run at 18:00 New York on a weekday, skipping the weekend, in both zones of the year', () => {
    // Friday 27 November 2026 19:00 New York: the next fetch is Monday 18:00 EST.
    expect(nextDue(INGEST_SCHEDULE, at('2026-11-28T00:00:00Z'))?.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // Wednesday 15 July 2026 12:00 New York (EDT): the same day's 18:00.
    expect(nextDue(INGEST_SCHEDULE, at('2026-07-15T16:00:00Z'))?.toISOString()).toBe('2026-07-15T22:00:00.000Z');
  });

  it("finds the last due run of an earlier day: Monday evening's is Friday's", () => {
    expect(lastDueBeforeToday(INGEST_SCHEDULE, at('2026-11-24T01:00:00Z'))?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(lastDueBeforeToday(BROKER_SYNC_SCHEDULE, at('2026-11-24T15:00:00Z'))?.toISOString()).toBe('2026-11-23T20:55:00.000Z');
  });

  it('says when a job runs in words', () => {
    expect(describeSchedule(INGEST_SCHEDULE)).toBe('Weekdays at 18:00 New York');
    expect(describeSchedule(ACCOUNT_DELETIONS_SCHEDULE)).toBe('Daily at 03:00 New York');
    expect(describeSchedule(BROKER_SYNC_SCHEDULE)).toBe('Weekdays every 5 min 09:00–15:55 New York');
    expect(describeSchedule(INDIA_EOD_SCHEDULE)).toBe('Weekdays at 15:45 Kolkata');
  });

  it('runs the Indian closing chains at 15:45 in Mumbai, 10:15 UTC all year (India keeps no daylight saving)', () => {
    // Friday 27 November 2026 16:00 in Mumbai: the next run is Monday's.
    expect(nextDue(INDIA_EOD_SCHEDULE, at('2026-11-27T10:30:00Z'))?.toISOString()).toBe('2026-11-30T10:15:00.000Z');
    expect(nextDue(INDIA_EOD_SCHEDULE, at('2026-07-15T04:00:00Z'))?.toISOString()).toBe('2026-07-15T10:15:00.000Z');
  });
});
