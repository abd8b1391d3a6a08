import { describe, expect, it } from 'vitest';
import { lastDue, makeJobWatchdog, runMissing } from '../../../functions/jobs/job-watchdog';
import {
  INGEST_SCHEDULE,
  SETTLE_SCHEDULE,
  ACCOUNT_DELETIONS_SCHEDULE,
  INDIA_EOD_SCHEDULE,
  BROKER_SYNC_SCHEDULE,
  COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE,
  COMPETITION_BOARD_SCHEDULE,
  COMPETITION_CLOSE_SCHEDULE,
  JOB_WATCHDOG_SCHEDULE,
  WATCHED_SCHEDULES,
  schedules,
} from '../../../functions/jobs/schedules';
import type { SchedulerChange } from '@shared/operations/operations.port';
import { memoryJobRuns } from '../../support/memory-job-runs';
import { nextDue } from '../../../functions/jobs/schedule-times';
import { newYorkDate } from '@shared/market/dates';

const at = (iso: string) => new Date(iso);
const noChanges = { get: async () => null };
const changes = (...list: SchedulerChange[]) => ({ get: async (jobId: string) => list.find((c) => c.jobId === jobId) ?? null });

describe('when a scheduled run fell due', () => {
  it("is today's 18:00 New York on a weekday evening, in winter and in summer time", () => {
    // Tuesday 24 November 2026, 20:00 New York (EST) = 01:00 UTC on the 25th.
    expect(lastDue(INGEST_SCHEDULE, at('2026-11-25T01:00:00Z'))?.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    // Wednesday 15 July 2026, 20:00 New York (EDT) = 00:00 UTC on the 16th.
    expect(lastDue(SETTLE_SCHEDULE, at('2026-07-16T00:00:00Z'))?.toISOString()).toBe('2026-07-15T22:30:00.000Z');
  });

  it("is Friday's over the weekend and until Monday's run", () => {
    expect(lastDue(INGEST_SCHEDULE, at('2026-11-22T15:00:00Z'))?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(lastDue(INGEST_SCHEDULE, at('2026-11-23T20:00:00Z'))?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
  });
});

describe('the job watchdog', () => {
  const tuesdayEvening = at('2026-11-25T01:00:00Z');

  it('reports a job whose run today has not been recorded, and not one that finished after falling due', () => {
    expect(runMissing(INGEST_SCHEDULE, null, tuesdayEvening)).toBe(true);
    expect(runMissing(INGEST_SCHEDULE, at('2026-11-23T23:05:00Z'), tuesdayEvening)).toBe(true); // Monday's
    expect(runMissing(INGEST_SCHEDULE, at('2026-11-24T23:04:00Z'), tuesdayEvening)).toBe(false);
    expect(runMissing(SETTLE_SCHEDULE, at('2026-11-24T23:10:00Z'), tuesdayEvening)).toBe(true); // before 18:30
  });

  it('checks every watched job and answers per job', async () => {
    const runs = memoryJobRuns({ ingest: at('2026-11-24T23:04:00Z'), settle: at('2026-11-23T23:40:00Z'), indiaEod: at('2026-11-24T10:16:00Z') });
    const watchdog = makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: noChanges });
    expect(await watchdog()).toEqual({ ingest: false, settle: true, indiaEod: false });
    // The watchdog's own run is recorded for the data manager, saying what it found.
    expect(runs.runs).toEqual([expect.objectContaining({ jobId: 'jobWatchdog', outcome: 'succeeded', trigger: 'manual', note: 'run missing: settle' })]);
  });

  it('does not report the run of a job an operator stopped before it fell due, but does one stopped after', async () => {
    const runs = memoryJobRuns({ ingest: at('2026-11-23T23:04:00Z'), settle: at('2026-11-23T23:40:00Z'), indiaEod: at('2026-11-24T10:16:00Z') });
    const stoppedBefore = changes(
      { jobId: 'ingest', active: false, changedBy: 'ops@example.com', changedAt: '2026-11-24T15:00:00.000Z' },
      // Stopped at 18:45, after settle's 18:30 run fell due: that run should have happened.
      { jobId: 'settle', active: false, changedBy: 'ops@example.com', changedAt: '2026-11-24T23:45:00.000Z' },
    );
    const watchdog = makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: stoppedBefore });
    expect(await watchdog({ source: 'scheduler' })).toEqual({ ingest: false, settle: true, indiaEod: false });
    // Started again: the missing run counts again.
    const restarted = changes({ jobId: 'ingest', active: true, changedBy: 'ops@example.com', changedAt: '2026-11-24T15:00:00.000Z' });
    expect(await makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: restarted })()).toMatchObject({ ingest: true });
  });

  it('watches the Indian closing chains in their own zone, and counts a run skipped on an NSE holiday as done', async () => {
    // Tuesday 24 November 2026, 20:00 New York = Wednesday 06:30 Kolkata: the last due run is Tuesday's 15:45 Kolkata.
    expect(lastDue(INDIA_EOD_SCHEDULE, tuesdayEvening)?.toISOString()).toBe('2026-11-24T10:15:00.000Z');
    const ran = { ingest: at('2026-11-24T23:04:00Z'), settle: at('2026-11-24T23:35:00Z') };
    const missed = makeJobWatchdog({
      runs: memoryJobRuns({ ...ran, indiaEod: at('2026-11-23T10:20:00Z') }),
      clock: { now: () => tuesdayEvening },
      changes: noChanges,
    });
    expect(await missed()).toEqual({ ingest: false, settle: false, indiaEod: true });
    const runs = memoryJobRuns(ran);
    await runs.record({
      jobId: 'indiaEod',
      startedAt: '2026-11-24T10:15:00.000Z',
      finishedAt: '2026-11-24T10:15:01.000Z',
      outcome: 'skipped',
      note: 'NSE holiday',
      durationMs: 1000,
      failures: [],
      trigger: 'schedule',
    });
    expect(await makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: noChanges })()).toEqual({
      ingest: false,
      settle: false,
      indiaEod: false,
    });
  });

  it('runs on weekdays, at least an hour after each watched job fell due that New York day, and watches every other schedule', () => {
    expect(JOB_WATCHDOG_SCHEDULE.weekdays).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI']);
    // Every watchdog run of a year (both sides of each daylight-saving change, in New York and not in Kolkata).
    let watchdogRun = lastDue(JOB_WATCHDOG_SCHEDULE, at('2026-01-02T12:00:00Z'))!;
    for (let n = 0; n < 260; n++) {
      for (const watched of WATCHED_SCHEDULES) {
        const due = lastDue(watched, watchdogRun)!;
        expect(watchdogRun.getTime() - due.getTime(), `${watched.id} before ${watchdogRun.toISOString()}`).toBeGreaterThanOrEqual(60 * 60_000);
        expect(newYorkDate(due), watched.id).toBe(newYorkDate(watchdogRun));
      }
      watchdogRun = nextDue(JOB_WATCHDOG_SCHEDULE, watchdogRun)!;
    }
    // The nightly sweep of account deletions is not a weekday run to watch: it throws when a deletion cannot be
    // resumed, which the function's error alarm reports, and the next night tries again.
    // Nor is the broker sync, which runs every few minutes of the trading day and does nothing outside it.
    // Nor the competitions' jobs: the standings run every 15 minutes of the trading day (a failed run's standings are
    // replaced by the next), and the close at 19:05 catches up any season a failed run left (a season with results is skipped).
    const unwatched = [
      JOB_WATCHDOG_SCHEDULE,
      ACCOUNT_DELETIONS_SCHEDULE,
      BROKER_SYNC_SCHEDULE,
      COMPETITION_BOARD_SCHEDULE,
      COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE,
      COMPETITION_CLOSE_SCHEDULE,
    ];
    expect(schedules.filter((s) => !unwatched.includes(s))).toEqual(WATCHED_SCHEDULES);
  });
});
