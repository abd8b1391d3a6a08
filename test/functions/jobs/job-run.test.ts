import { describe, expect, it } from 'vitest';
import { triggerOf } from '@shared/ports/job-runs.port';
import { recordedRun } from '../../../functions/jobs/job-run';
import { memoryJobRuns } from '../../support/memory-job-runs';

const clock = (...iso: string[]) => {
  const times = iso.map((t) => new Date(t));
  return () => times.shift() ?? new Date(iso[iso.length - 1]!);
};

describe('a recorded job run', () => {
  it('keeps outcome, duration, contracts, failures with reasons and trigger', async () => {
    const runs = memoryJobRuns();
    const now = clock('2026-11-24T23:00:00Z', '2026-11-24T23:02:30Z');
    const result = await recordedRun(
      { runs, jobId: 'ingest', trigger: 'schedule', now },
      async () => 42,
      () => ({
        outcome: 'failed',
        contracts: 900,
        failures: [{ underlying: 'TSLA', reason: 'provider answered 429' }],
      }),
    );
    expect(result).toBe(42);
    expect(runs.runs).toEqual([
      {
        jobId: 'ingest',
        startedAt: '2026-11-24T23:00:00.000Z',
        finishedAt: '2026-11-24T23:02:30.000Z',
        outcome: 'failed',
        durationMs: 150_000,
        contracts: 900,
        failures: [{ underlying: 'TSLA', reason: 'provider answered 429' }],
        trigger: 'schedule',
      },
    ]);
    // A failed scheduled run is not the watchdog's last success.
    expect(await runs.lastSuccess('ingest')).toBeNull();
  });

  it('records a run that throws as failed with the reason, and the error still reaches the caller', async () => {
    const runs = memoryJobRuns();
    const work = recordedRun(
      { runs, jobId: 'settle', trigger: 'manual', now: clock('2026-11-24T23:30:00Z') },
      () => Promise.reject(new Error('table throttled')),
      () => ({ outcome: 'succeeded' }),
    );
    await expect(work).rejects.toThrow('table throttled');
    expect(runs.runs).toEqual([expect.objectContaining({ jobId: 'settle', outcome: 'failed', failures: [{ reason: 'table throttled' }], trigger: 'manual' })]);
  });

  it('does not fail the job when the record cannot be written', async () => {
    const runs = { ...memoryJobRuns(), record: () => Promise.reject(new Error('down')) };
    expect(
      await recordedRun(
        { runs, jobId: 'x', trigger: 'schedule', now: () => new Date() },
        async () => 'done',
        () => ({ outcome: 'succeeded' }),
      ),
    ).toBe('done');
  });

  it("tells the trigger from the job's input", () => {
    expect(triggerOf({ source: 'scheduler', scheduleId: 'ingest' })).toBe('schedule');
    expect(triggerOf({ source: 'startup' })).toBe('startup');
    expect(triggerOf({ source: 'request', reason: 'admin' })).toBe('manual');
    expect(triggerOf(undefined)).toBe('manual');
  });
});
