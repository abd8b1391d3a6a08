import { Cron } from 'croner';
import { localCronExpression, schedules as allSchedules, type ScheduleDefinition } from '../functions/jobs/schedules';
import { lambdaContext, loadHandler } from './handlers';

/**
 * The local stand-in for EventBridge Scheduler: croner fires each job's handler at the same
 * wall-clock time in the same zone as the cloud schedule, from the same definition.
 */
export interface RunningScheduler {
  next(id: string): Date | null;
  /** Runs a job at once, with the scheduled input or the given one. */
  runNow(id: string, input?: Record<string, unknown>): Promise<unknown>;
  stop(): void;
}

/** The input the CDK schedule passes to its target (infra/stacks/ingest-stack.ts). */
export const scheduledEventInput = (s: ScheduleDefinition, at: Date) => ({ source: 'scheduler', scheduleId: s.id, time: at.toISOString() });

export function startScheduler(opts: { log: (line: string) => void; schedules?: readonly ScheduleDefinition[] }): RunningScheduler {
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
    jobs.set(
      s.id,
      new Cron(localCronExpression(s), { timezone: s.timeZone, protect: true, name: s.id }, async () => {
        await run(s).catch(() => undefined);
      }),
    );
  }
  return {
    next: (id) => jobs.get(id)?.nextRun() ?? null,
    runNow: (id, input) => {
      const s = defs.find((d) => d.id === id);
      if (!s) return Promise.reject(new Error(`No schedule named ${id}`));
      return run(s, input);
    },
    stop: () => {
      for (const job of jobs.values()) job.stop();
    },
  };
}
