import type { FunctionDefinition } from '../routes';

/**
 * Scheduled jobs, defined once. EventBridge Scheduler (infra/stacks/ingest-stack.ts) and the local
 * cron runner (local/scheduler.ts) both derive their expressions from these fields, so the weekday
 * 18:00 New York fetch is the same in the cloud and on a laptop. A zone-aware schedule, not a UTC
 * rule, so it does not drift by an hour with daylight saving.
 */
export interface ScheduleDefinition {
  id: string;
  description: string;
  minute: number;
  hour: number;
  /** Runs again every `everyMinutes` from `hour`:`minute` until the hour `untilHour` ends (a job of the trading day). */
  repeat?: { everyMinutes: number; untilHour: number };
  /** Days of the week as EventBridge names them. */
  weekdays: readonly ('MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN')[];
  timeZone: string;
  /** Module (relative to the repository root) and export that handle the job. */
  handler: { file: string; export: string };
  /** Least-privilege grants, as for HTTP functions. */
  access: FunctionDefinition['access'];
  memoryMb?: number;
  timeoutSeconds?: number;
}

const CRON_DAY_NUMBERS = { SUN: 0, MON: 1, TUE: 2, WED: 3, THU: 4, FRI: 5, SAT: 6 } as const;

/** `cron(0 18 ? * MON-FRI *)`: the EventBridge Scheduler form. */
export function awsCronExpression(s: ScheduleDefinition): string {
  const [minute, hour] = s.repeat ? [`${s.minute}/${s.repeat.everyMinutes}`, `${s.hour}-${s.repeat.untilHour}`] : [s.minute, s.hour];
  return `cron(${minute} ${hour} ? * ${dayList(s.weekdays, (d) => d)} *)`;
}

/** `0 18 * * 1-5`: the five-field form croner reads. */
export function localCronExpression(s: ScheduleDefinition): string {
  const [minute, hour] = s.repeat ? [`${s.minute}-59/${s.repeat.everyMinutes}`, `${s.hour}-${s.repeat.untilHour}`] : [s.minute, s.hour];
  return `${minute} ${hour} * * ${dayList(s.weekdays, (d) => String(CRON_DAY_NUMBERS[d]))}`;
}

/** Contiguous runs collapse to ranges (MON-FRI); anything else is a list. */
function dayList(days: ScheduleDefinition['weekdays'], name: (d: ScheduleDefinition['weekdays'][number]) => string): string {
  const sorted = [...days].sort((a, b) => CRON_DAY_NUMBERS[a] - CRON_DAY_NUMBERS[b]);
  const nums = sorted.map((d) => CRON_DAY_NUMBERS[d]);
  const contiguous = nums.every((n, i) => i === 0 || n === nums[i - 1]! + 1);
  if (contiguous && sorted.length > 2) return `${name(sorted[0]!)}-${name(sorted[sorted.length - 1]!)}`;
  return sorted.map(name).join(',');
}

/** The market-data fetch, weekdays at 18:00 New York, after the close (spec part 2 §9). */
export const INGEST_SCHEDULE: ScheduleDefinition = {
  id: 'ingest',
  description: 'Market-data ingestion: chains, expiries, tickers and 14 days of history',
  minute: 0,
  hour: 18,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/ingest.ts', export: 'handler' },
  // ChainIngested leaves through the outbox, in the table.
  access: { table: 'readwrite', marketDataSecret: 'read' },
  memoryMb: 1024,
  timeoutSeconds: 900,
};

/** After the ingest: expire unfilled day orders, settle the day's expiries, re-check resting limits. */
export const SETTLE_SCHEDULE: ScheduleDefinition = {
  id: 'settle',
  description: 'Paper trading after the close: day orders, expirations and assignments, resting limits',
  minute: 30,
  hour: 18,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/settle.ts', export: 'handler' },
  access: { table: 'readwrite' },
  memoryMb: 1024,
  timeoutSeconds: 900,
};

/**
 * The Indian closing chains (issue 38; functions/jobs/india-eod.ts): weekdays at 15:45 Asia/Kolkata, a quarter of an
 * hour after NSE's 15:30 close, leaving Kite's quotes time to settle on the day's last prices. India keeps +05:30 all
 * year, so this is 10:15 UTC every weekday. The job itself does nothing on an NSE holiday.
 */
export const INDIA_EOD_SCHEDULE: ScheduleDefinition = {
  id: 'indiaEod',
  description: 'Indian closing chains: the nearest expiries of each NSE underlying after the close, from Kite or the simulated NSE market',
  minute: 45,
  hour: 15,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'Asia/Kolkata',
  handler: { file: 'functions/jobs/india-eod.ts', export: 'handler' },
  // The Kite keys and the day's login, and the simulated market's deployment secret; the chains in the table.
  access: { table: 'readwrite', kiteSecrets: 'read' },
  memoryMb: 1024,
  // About 60 quote calls at Kite's one a second, plus the instruments dump.
  timeoutSeconds: 600,
};

/**
 * The jobs whose weekday runs the watchdog checks. Each is reckoned in its own zone (schedule-times.ts lastDue): at
 * 20:00 New York the Indian closing chains' last due run is that New York weekday's 15:45 Kolkata run; a run skipped
 * on an NSE holiday counts as done.
 */
export const WATCHED_SCHEDULES: readonly ScheduleDefinition[] = [INGEST_SCHEDULE, SETTLE_SCHEDULE, INDIA_EOD_SCHEDULE];

/**
 * The operators' check that each watched job finished its weekday run: 20:00 New York, after the 18:00 and 18:30 runs
 * and their retries: the Scheduler invokes a job asynchronously, so Lambda retries a run that failed twice (within a
 * few minutes), and the Scheduler itself retries only an invocation it could not make (within two hours, then its
 * dead-letter queue). Weekdays only, like the jobs it watches (functions/jobs/job-watchdog.ts).
 */
export const JOB_WATCHDOG_SCHEDULE: ScheduleDefinition = {
  id: 'jobWatchdog',
  description: 'Reports a weekday ingest, settle or Indian closing-chains run that failed or did not run',
  minute: 0,
  hour: 20,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/job-watchdog.ts', export: 'handler' },
  access: { table: 'read' },
  memoryMb: 256,
  timeoutSeconds: 30,
};

/** Resumes account deletions that stopped before they were done (issue 20; functions/jobs/resume-deletions.ts), every night. */
export const ACCOUNT_DELETIONS_SCHEDULE: ScheduleDefinition = {
  id: 'accountDeletions',
  description: 'Resumes account deletions that have not finished',
  minute: 0,
  hour: 3,
  weekdays: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/resume-deletions.ts', export: 'handler' },
  access: { table: 'readwrite', brokerSecrets: 'readwrite', userPool: 'deleteUsers' },
  memoryMb: 512,
  timeoutSeconds: 300,
};

/**
 * The learners' Alpaca accounts with an order still open there, synced every 5 minutes of the trading day (9:30 to 16:00
 * New York; runs from 9:00 to 15:55, and the job itself does nothing outside the session), so a resting live order
 * that fills is reported to the journal and XP without the learner opening the page (functions/jobs/broker-sync.ts).
 */
export const BROKER_SYNC_SCHEDULE: ScheduleDefinition = {
  id: 'brokerSync',
  description: 'Syncs the Alpaca accounts of learners with open live orders during market hours',
  minute: 0,
  hour: 9,
  repeat: { everyMinutes: 5, untilHour: 15 },
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/broker-sync.ts', export: 'handler' },
  // The learners' key pairs to call Alpaca; the synced items and the fills' outbox events in the table.
  access: { table: 'readwrite', brokerSecrets: 'read' },
  memoryMb: 512,
  timeoutSeconds: 240,
};

/**
 * The competitions' standings (issue 39; functions/jobs/competition-board.ts): every 15 minutes of the trading day
 * (runs from 9:00 to 16:45 New York; the job itself does nothing before the 9:30 open or on a holiday), recomputing each
 * running season's standings with today's point from the intraday marks, and after the 16:00 close recording the day's
 * closing equity.
 */
export const COMPETITION_BOARD_SCHEDULE: ScheduleDefinition = {
  id: 'competitionBoard',
  description: "Competition seasons: maintains each entrant's competition account and recomputes the standings the boards read",
  minute: 0,
  hour: 9,
  repeat: { everyMinutes: 15, untilHour: 16 },
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/competition-board.ts', export: 'handler' },
  // The seasons' items and the entrants' competition accounts (paper items) in the table.
  access: { table: 'readwrite' },
  memoryMb: 1024,
  timeoutSeconds: 600,
};

/**
 * The same run once after the settle job (18:30): the day's expiries settled, so the closing equity it records for the
 * day is the final one (a later write of the same date replaces the 16:00 one).
 */
export const COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE: ScheduleDefinition = {
  ...COMPETITION_BOARD_SCHEDULE,
  id: 'competitionBoardAfterSettle',
  description: "Competition seasons after the settle job: records each entrant's final closing equity of the day and the standings",
  minute: 45,
  hour: 18,
  repeat: undefined,
  handler: { file: 'functions/jobs/competition-board.ts', export: 'afterSettleHandler' },
};

/**
 * The seasons' close (functions/jobs/competition-close.ts): weekdays at 19:05 New York, after SEASON_CLOSE_HOUR (19:00),
 * freezing each season whose close has passed: results, debriefs and the awards' events. Idempotent: a season with
 * results is skipped.
 */
export const COMPETITION_CLOSE_SCHEDULE: ScheduleDefinition = {
  id: 'competitionClose',
  description: "Competition seasons: freezes the results of each season whose close has passed, writes each entrant's debrief and the awards",
  minute: 5,
  hour: 19,
  weekdays: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  timeZone: 'America/New_York',
  handler: { file: 'functions/jobs/competition-close.ts', export: 'handler' },
  // The seasons' items, the debriefs and the awards' events through the outbox, in the table; the accounts read.
  access: { table: 'readwrite' },
  memoryMb: 1024,
  timeoutSeconds: 600,
};

export const schedules: readonly ScheduleDefinition[] = [
  INGEST_SCHEDULE,
  SETTLE_SCHEDULE,
  JOB_WATCHDOG_SCHEDULE,
  ACCOUNT_DELETIONS_SCHEDULE,
  BROKER_SYNC_SCHEDULE,
  INDIA_EOD_SCHEDULE,
  COMPETITION_BOARD_SCHEDULE,
  COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE,
  COMPETITION_CLOSE_SCHEDULE,
];

/**
 * The schedules operators stop and start from the data manager: the market-data fetch (an operator pausing ingestion
 * during a provider outage) and the settlement that runs on its prices. Only these are granted to the operations
 * function (infra/stacks/ingest-stack.ts) and watched for a stop left too long (functions/jobs/job-watchdog.ts).
 */
export const CONTROLLABLE_SCHEDULES: readonly ScheduleDefinition[] = [INGEST_SCHEDULE, SETTLE_SCHEDULE];

/** The environment variable holding the stage's schedule group; each schedule is named `<group>-<jobId>`. */
export const SCHEDULE_GROUP_ENV = 'SCHEDULE_GROUP';
