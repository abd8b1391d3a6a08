import { Cron } from 'croner';
import { newYorkDate } from '@shared/market/dates';
import { localCronExpression, type ScheduleDefinition } from './schedules';

const cronOf = (schedule: ScheduleDefinition) => new Cron(localCronExpression(schedule), { timezone: schedule.timeZone, paused: true });

/**
 * The time a schedule last fell due before `now`, in its own zone: on a Tuesday evening the Tuesday 18:00 run, on a
 * Monday morning the Friday one (the schedule has no weekend runs, so none is ever due on a weekend).
 */
export function lastDue(schedule: ScheduleDefinition, now: Date): Date | null {
  const cron = cronOf(schedule);
  const [due] = cron.previousRuns(1, now);
  cron.stop();
  return due ?? null;
}

/** The last time a schedule fell due on a New York day before the day of `now` (Monday evening: Friday's run). */
export function lastDueBeforeToday(schedule: ScheduleDefinition, now: Date): Date | null {
  const today = newYorkDate(now);
  const cron = cronOf(schedule);
  // A job of the trading day runs up to 84 times a day (every 5 minutes); 200 reaches back past any weekend.
  const due = cron.previousRuns(200, now).find((d) => newYorkDate(d) < today);
  cron.stop();
  return due ?? null;
}

/** The next time a schedule falls due after `now`. */
export function nextDue(schedule: ScheduleDefinition, now: Date): Date | null {
  const cron = cronOf(schedule);
  const next = cron.nextRun(now);
  cron.stop();
  return next ?? null;
}

const ZONE_NAMES: Readonly<Record<string, string>> = { 'America/New_York': 'New York', 'Asia/Kolkata': 'Kolkata' };
const DAY_NAMES = { MON: 'Mon', TUE: 'Tue', WED: 'Wed', THU: 'Thu', FRI: 'Fri', SAT: 'Sat', SUN: 'Sun' } as const;
const hhmm = (h: number, m: number) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;

/** When a schedule runs, in words: "Weekdays at 18:00 New York", "Daily at 03:00 New York", "Weekdays every 5 min 09:00–15:55 New York". */
export function describeSchedule(s: ScheduleDefinition): string {
  const days =
    s.weekdays.length === 7
      ? 'Daily'
      : s.weekdays.length === 5 && !s.weekdays.includes('SAT') && !s.weekdays.includes('SUN')
        ? 'Weekdays'
        : s.weekdays.map((d) => DAY_NAMES[d]).join(', ');
  const zone = ZONE_NAMES[s.timeZone] ?? s.timeZone;
  if (s.repeat) {
    const lastMinute = s.minute + Math.floor((59 - s.minute) / s.repeat.everyMinutes) * s.repeat.everyMinutes;
    return `${days} every ${s.repeat.everyMinutes} min ${hhmm(s.hour, s.minute)}–${hhmm(s.repeat.untilHour, lastMinute)} ${zone}`;
  }
  return `${days} at ${hhmm(s.hour, s.minute)} ${zone}`;
}
