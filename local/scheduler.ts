import { Cron } from 'croner';
import { localCronExpression, schedules as allSchedules, type ScheduleDefinition } from '../functions/jobs/schedules';
import { lambdaContext, loadHandler } from './handlers';

/**
 * The local stand-in for EventBridge Scheduler: croner fires each job's handler at the same
 * wall-clock time in the same zone as the cloud schedule, from the same definition. A schedule an
 * operator stopped (its state DISABLED in the local Scheduler endpoint) is paused, and resumed when started.
 */
export interface RunningScheduler {
  next(id: string): Date | null;
  /** Runs a job at once, with the scheduled input or the given one, whether its schedule is stopped or not. */
  runNow(id: string, input?: Record<string, unknown>): Promise<unknown>;
  /** Fires a job's schedule as croner would at its next time (without waiting for the run): a stopped schedule does not run. */
  tick(id: string): Promise<{ ran: boolean }>;
  /** Pauses (false) or resumes (true) a job's schedule. */
  setActive(id: string, active: boolean): void;
  stop(): void;
}

/** The input the CDK schedule passes to its target (infra/stacks/ingest-stack.ts). */
export const scheduledEventInput = (s: ScheduleDefinition, at: Date) => ({ source: 'scheduler', scheduleId: s.id, time: at.toISOString() });

export function startScheduler(opts: {
  log: (line: string) => void;
  schedules?: readonly ScheduleDefinition[];
  /** Whether a job's schedule is on at start (the local Scheduler endpoint's saved state); all are when not given. */
  enabled?: (id: string) => boolean;
}): RunningScheduler {
  const defs = opts.schedules ?? allSchedules;
  const jobs = new Map<string, Cron>();
  const run = async (s: ScheduleDefinition, input?: Record<string, unknown>) => {
    const started = Date.now();
    opts.log(`schedule ${s.id}: running`);
    try {
      const handler = await loadHandler(s.handler.file, s.handler.export);
      const result = await handler(input ?? scheduledEventInput(s, new Date()), lambdaContext(s.id, `${s.id}-${started}`, (s.timeoutSeconds ?? 900) * 1000));
      const skipped = result && typeof result === 'object' && 'skipped' in result ? ` (skipped: ${String((result as { skipped: unknown }).skipped)})` : '';
      opts.log(`schedule ${s.id}: done in ${((Date.now() - started) / 1000).toFixed(1)} s${skipped}`);
      return result;
    } catch (err) {
      opts.log(`schedule ${s.id}: failed: ${(err as Error).message}`);
      throw err;
    }
  };
  for (const s of defs) {
    // protect: a run still going when the next one is due is not started twice, as with a Lambda that has reserved concurrency 1.
    const paused = opts.enabled ? !opts.enabled(s.id) : false;
    if (paused) opts.log(`schedule ${s.id}: stopped (as an operator left it)`);
    jobs.set(
      s.id,
      new Cron(localCronExpression(s), { timezone: s.timeZone, protect: true, name: s.id, paused }, async () => {
        await run(s).catch(() => undefined);
      }),
    );
  }
  const definition = (id: string) => {
    const s = defs.find((d) => d.id === id);
    if (!s) throw new Error(`No schedule named ${id}`);
    return s;
  };
  return {
    next: (id) => jobs.get(id)?.nextRun() ?? null,
    runNow: (id, input) => {
      try {
        return run(definition(id), input);
      } catch (err) {
        return Promise.reject(err as Error);
      }
    },
    tick: async (id) => {
      const s = definition(id);
      if (jobs.get(id)?.isStopped() || !jobs.get(id)?.isRunning()) return { ran: false };
      void run(s).catch(() => undefined);
      return { ran: true };
    },
    setActive: (id, active) => {
      const job = jobs.get(id);
      if (!job) return;
      if (active) job.resume();
      else job.pause();
      opts.log(`schedule ${id}: ${active ? 'started' : 'stopped'}`);
    },
    stop: () => {
      for (const job of jobs.values()) job.stop();
    },
  };
}
