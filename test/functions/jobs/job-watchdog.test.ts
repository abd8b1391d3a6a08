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
    const runs = memoryJobRuns({ ingest: at('2026-11-24T23:04:00Z'), settle: at('2026-11-23T23:40:00Z') });
    const watchdog = makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: noChanges });
    expect(await watchdog()).toEqual({ ingest: false, settle: true });
    // The watchdog's own run is recorded for the data manager, saying what it found.
    expect(runs.runs).toEqual([expect.objectContaining({ jobId: 'jobWatchdog', outcome: 'succeeded', trigger: 'manual', note: 'run missing: settle' })]);
  });

  it('does not report the run of a job an operator stopped before it fell due, but does one stopped after', async () => {
    const runs = memoryJobRuns({ ingest: at('2026-11-23T23:04:00Z'), settle: at('2026-11-23T23:40:00Z') });
    const stoppedBefore = changes(
      { jobId: 'ingest', active: false, changedBy: 'ops@example.com', changedAt: '2026-11-24T15:00:00.000Z' },
      // Stopped at 18:45, after settle's 18:30 run fell due: that run should have happened.
      { jobId: 'settle', active: false, changedBy: 'ops@example.com', changedAt: '2026-11-24T23:45:00.000Z' },
    );
    const watchdog = makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: stoppedBefore });
    expect(await watchdog({ source: 'scheduler' })).toEqual({ ingest: false, settle: true });
    // Started again: the missing run counts again.
    const restarted = changes({ jobId: 'ingest', active: true, changedBy: 'ops@example.com', changedAt: '2026-11-24T15:00:00.000Z' });
    expect(await makeJobWatchdog({ runs, clock: { now: () => tuesdayEvening }, changes: restarted })()).toMatchObject({ ingest: true });
  });

  it('runs on weekdays after the jobs it watches, and watches every other schedule', () => {
    expect(JOB_WATCHDOG_SCHEDULE.weekdays).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI']);
    for (const watched of WATCHED_SCHEDULES) {
      expect(watched.timeZone).toBe(JOB_WATCHDOG_SCHEDULE.timeZone);
      expect(watched.hour * 60 + watched.minute + 60).toBeLessThanOrEqual(JOB_WATCHDOG_SCHEDULE.hour * 60 + JOB_WATCHDOG_SCHEDULE.minute);
    }
    // The nightly sweep of account deletions is not a weekday run to watch: it throws when a deletion cannot be
    // resumed, which the function's error alarm reports, and the next night tries again.
    // Nor is the broker sync, which runs every few minutes of the trading day and does nothing outside it.
    // Nor, yet, the Indian closing chains: their runs are skipped on NSE holidays, which the watchdog's New York
    // reckoning of due runs does not know; the data manager lists their runs with their outcome.
    // Nor the competitions' jobs: the standings run every 15 minutes of the trading day (a failed run's standings are
    // replaced by the next), and the close at 19:05 catches up any season a failed run left (a season with results is skipped).
    const unwatched = [
      JOB_WATCHDOG_SCHEDULE,
      ACCOUNT_DELETIONS_SCHEDULE,
      BROKER_SYNC_SCHEDULE,
      INDIA_EOD_SCHEDULE,
      COMPETITION_BOARD_SCHEDULE,
      COMPETITION_BOARD_AFTER_SETTLE_SCHEDULE,
      COMPETITION_CLOSE_SCHEDULE,
    ];
    expect(schedules.filter((s) => !unwatched.includes(s))).toEqual(WATCHED_SCHEDULES);
  });
});
