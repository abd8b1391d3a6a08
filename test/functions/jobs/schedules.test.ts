import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { awsCronExpression, INDIA_EOD_SCHEDULE, localCronExpression, type ScheduleDefinition } from '../../../functions/jobs/schedules';

const weekdayEvening: ScheduleDefinition = {
  id: 'ingest',
  description: 'weekday fetch',
  minute: 0,
  hour: 18,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'x.ts', export: 'handler' },
  access: {},
};

describe('schedule expressions from one definition', () => {
  it('gives EventBridge Scheduler and croner the same weekday 18:00', () => {
    expect(awsCronExpression(weekdayEvening)).toBe('cron(0 18 ? * MON-FRI *)');
    expect(localCronExpression(weekdayEvening)).toBe('0 18 * * 1-5');
  });

  it('lists non-contiguous days', () => {
    expect(localCronExpression({ ...weekdayEvening, weekdays: ['MON', 'WED', 'FRI'] })).toBe('0 18 * * 1,3,5');
    expect(awsCronExpression({ ...weekdayEvening, weekdays: ['FRI', 'MON'] })).toBe('cron(0 18 ? * MON,FRI *)');
  });

  it('fires at 18:00 New York time across daylight saving, skipping weekends', () => {
    const cron = new Cron(localCronExpression(weekdayEvening), { timezone: weekdayEvening.timeZone, paused: true });
    // Friday 20 November 2026, 19:00 New York (EST, UTC-5): the next run is Monday 23:00 UTC.
    expect(cron.nextRun(new Date('2026-11-21T00:00:00Z'))?.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    // In July (EDT, UTC-4) the same wall-clock time is 22:00 UTC.
    expect(cron.nextRun(new Date('2026-07-15T12:00:00Z'))?.toISOString()).toBe('2026-07-15T22:00:00.000Z');
    cron.stop();
  });

  it('repeats a job of the trading day every few minutes, the same in both forms', () => {
    const every5 = { ...weekdayEvening, hour: 9, repeat: { everyMinutes: 5, untilHour: 15 } };
    expect(awsCronExpression(every5)).toBe('cron(0/5 9-15 ? * MON-FRI *)');
    expect(localCronExpression(every5)).toBe('0-59/5 9-15 * * 1-5');
    const cron = new Cron(localCronExpression(every5), { timezone: every5.timeZone, paused: true });
    // Tuesday 24 November 2026, 10:02 New York (UTC-5): next 10:05; after 15:55 the next run is the next day's 9:00.
    expect(cron.nextRun(new Date('2026-11-24T15:02:00Z'))?.toISOString()).toBe('2026-11-24T15:05:00.000Z');
    expect(cron.nextRun(new Date('2026-11-24T20:56:00Z'))?.toISOString()).toBe('2026-11-25T14:00:00.000Z');
    cron.stop();
  });

  it('gives both the Indian closing chains at 15:45 Asia/Kolkata on weekdays', () => {
    expect(awsCronExpression(INDIA_EOD_SCHEDULE)).toBe('cron(45 15 ? * MON-FRI *)');
    expect(localCronExpression(INDIA_EOD_SCHEDULE)).toBe('45 15 * * 1-5');
    const cron = new Cron(localCronExpression(INDIA_EOD_SCHEDULE), { timezone: INDIA_EOD_SCHEDULE.timeZone, paused: true });
    // Monday 30 November 2026, 11:00 in Mumbai (UTC+05:30): the same day's 15:45 is 10:15 UTC.
    expect(cron.nextRun(new Date('2026-11-30T05:30:00Z'))?.toISOString()).toBe('2026-11-30T10:15:00.000Z');
    cron.stop();
  });
});
