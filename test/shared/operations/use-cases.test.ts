import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@shared/events/domain-events';
import type { SchedulerControl, SchedulerState } from '@shared/operations/operations.port';
import { readStatus } from '@shared/operations/read-model/status';
import type { OperationsDeps } from '@shared/operations/use-cases/deps';
import { runNow } from '@shared/operations/use-cases/run-now';
import { startScheduler } from '@shared/operations/use-cases/start-scheduler';
import { stopScheduler } from '@shared/operations/use-cases/stop-scheduler';
import { fixedClock } from '@shared/ports/clock.port';
import { memoryJobRuns } from '../../support/memory-job-runs';

const NOW = '2026-11-24T15:00:00.000Z';

function memoryScheduler(fails = false): SchedulerControl & { states: Map<string, SchedulerState> } {
  const states = new Map<string, SchedulerState>();
  const get = (jobId: string) => states.get(jobId) ?? { jobId, active: true, changedBy: null, changedAt: null, nextRun: '2026-11-24T23:00:00.000Z' };
  const set = async (jobId: string, active: boolean, by: string) => {
    if (fails) throw new Error('AccessDeniedException');
    const s = { jobId, active, changedBy: by, changedAt: NOW, nextRun: active ? '2026-11-24T23:00:00.000Z' : null };
    states.set(jobId, s);
    return s;
  };
  return {
    states,
    state: async (jobId) => {
      if (fails) throw new Error('unreachable');
      return get(jobId);
    },
    stop: (jobId, by) => set(jobId, false, by),
    start: (jobId, by) => set(jobId, true, by),
  };
}

function deps(over: Partial<OperationsDeps> = {}): OperationsDeps & { queued: DomainEvent[] } {
  const queued: DomainEvent[] = [];
  return {
    queued,
    scheduler: memoryScheduler(),
    runs: memoryJobRuns(),
    data: {
      underlying: async (u) => ({
        underlying: u,
        chainAsOf: ['2026-11-23T21:00:00.000Z', '2026-11-20T21:00:00.000Z'],
        summaryDates: ['2026-11-20', '2026-11-24'],
        stockBars: { count: 3, oldest: '2026-11-20', newest: '2026-11-24' },
      }),
    },
    outbox: { enqueue: async (events) => void queued.push(...events) },
    ids: { newId: () => 'evt-1' },
    clock: fixedClock(NOW),
    jobs: [
      { id: 'ingest', description: 'Fetch', schedule: 'Weekdays at 18:00 New York', controllable: true, nextRun: () => new Date('2026-11-24T23:00:00Z') },
      { id: 'jobWatchdog', description: 'Watch', schedule: 'Weekdays at 20:00 New York', controllable: false, nextRun: () => new Date('2026-11-25T01:00:00Z') },
    ],
    underlyings: ['SPY', 'QQQ'],
    ingestJobId: 'ingest',
    ...over,
  };
}

describe('stopping and starting a schedule', () => {
  it('stops a controllable job, saying who and when, and refuses any other', async () => {
    const d = deps();
    expect(await stopScheduler(d, 'ingest', 'ops@example.com')).toEqual({
      ok: true,
      value: { jobId: 'ingest', active: false, changedBy: 'ops@example.com', changedAt: NOW, nextRun: null },
    });
    expect(await stopScheduler(d, 'jobWatchdog', 'ops@example.com')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it("starts the fetch again and queues one run at once (the spec's fetch soon after a start)", async () => {
    const d = deps();
    const started = await startScheduler(d, 'ingest', 'ops@example.com');
    expect(started).toMatchObject({ ok: true, value: { active: true, runQueued: true, nextRun: '2026-11-24T23:00:00.000Z' } });
    expect(d.queued).toEqual([
      { type: 'IngestRequested', detail: { eventId: 'evt-1', requestedBy: 'ops@example.com', reason: 'admin', underlyings: undefined, at: NOW } },
    ]);
  });

  it("answers the spec's messages when the schedule service refuses", async () => {
    const d = deps({ scheduler: memoryScheduler(true) });
    expect(await stopScheduler(d, 'ingest', 'a')).toEqual({ ok: false, error: { code: 'unavailable', message: 'Failed to stop scheduler' } });
    expect(await startScheduler(d, 'ingest', 'a')).toEqual({ ok: false, error: { code: 'unavailable', message: 'Failed to start scheduler' } });
    expect(d.queued).toEqual([]);
  });
});

describe('Run now', () => {
  it('queues one underlying, or every tracked one, and refuses an untracked ticker', async () => {
    const d = deps();
    expect(await runNow(d, 'user-1', 'spy')).toMatchObject({ ok: true, value: { status: 'queued', underlyings: ['SPY'] } });
    expect(await runNow(d, 'user-1')).toMatchObject({ ok: true, value: { underlyings: ['SPY', 'QQQ'] } });
    expect(d.queued.map((e) => (e.detail as { underlyings?: string[] }).underlyings)).toEqual([['SPY'], undefined]);
    expect(await runNow(d, 'user-1', 'ZZZ')).toMatchObject({ ok: false, error: { code: 'unprocessable' } });
  });

  it("says 'Failed to fetch data: {reason}' when the run cannot be queued, or the unknown error without a reason", async () => {
    const failing = (err: unknown) => deps({ outbox: { enqueue: () => Promise.reject(err) } });
    expect(await runNow(failing(new Error('table unavailable')), 'u')).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'Failed to fetch data: table unavailable' },
    });
    expect(await runNow(failing('?'), 'u')).toEqual({ ok: false, error: { code: 'unavailable', message: 'Unknown error during fetch' } });
  });
});

describe('the status', () => {
  it('says per underlying what is stored, with gaps, and per job its runs and schedule', async () => {
    const runs = memoryJobRuns();
    await runs.record({
      jobId: 'ingest',
      startedAt: '2026-11-23T23:00:00.000Z',
      finishedAt: '2026-11-23T23:01:00.000Z',
      outcome: 'succeeded',
      durationMs: 60_000,
      failures: [],
      trigger: 'schedule',
      contracts: 900,
    });
    const status = await readStatus(deps({ runs }));
    expect(status.underlyings[0]).toEqual({
      underlying: 'SPY',
      chains: { count: 2, oldest: '2026-11-20T21:00:00.000Z', newest: '2026-11-23T21:00:00.000Z' },
      summaries: { count: 2, oldest: '2026-11-20', newest: '2026-11-24', gapCount: 1, gaps: ['2026-11-23'] },
      stockBars: { count: 3, oldest: '2026-11-20', newest: '2026-11-24' },
    });
    expect(status.jobs[0]).toMatchObject({
      jobId: 'ingest',
      controllable: true,
      scheduler: { active: true },
      nextRun: '2026-11-24T23:00:00.000Z',
      runs: [{ contracts: 900 }],
    });
    expect(status.jobs[1]).toMatchObject({ jobId: 'jobWatchdog', controllable: false, scheduler: null, nextRun: '2026-11-25T01:00:00.000Z' });
  });

  it("says 'Scheduler initialization failed…' for a schedule it cannot read, and still answers the rest", async () => {
    const status = await readStatus(deps({ scheduler: memoryScheduler(true) }));
    expect(status.jobs[0]).toMatchObject({
      scheduler: null,
      nextRun: null,
      schedulerError: 'Scheduler initialization failed. The app will continue without automatic data updates.',
    });
    expect(status.underlyings).toHaveLength(2);
  });
});
