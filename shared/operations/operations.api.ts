import { z } from 'zod';
import { defineApi } from '../api/contract';

/**
 * The data manager's routes (operators, Cognito group `admin`): the state of the stored data and of every job, the
 * scheduler's Stop and Start, and Run now. Statistics per table, cleanup and the last sync stay under
 * `/api/admin/market/*` (shared/market/market.api.ts).
 */
const JobId = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, 'must be a job id such as ingest');
const Ticker = z.string().regex(/^[A-Za-z][A-Za-z.]{0,9}$/, 'must be ticker symbols');

export const JobRunSchema = z.object({
  jobId: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  outcome: z.enum(['succeeded', 'failed', 'skipped']),
  durationMs: z.number(),
  contracts: z.number().optional(),
  failures: z.array(z.object({ underlying: z.string().optional(), reason: z.string() })),
  trigger: z.enum(['schedule', 'manual', 'startup']),
  note: z.string().optional(),
});

export const SchedulerStateSchema = z.object({
  jobId: z.string(),
  active: z.boolean(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
  nextRun: z.string().nullable(),
});

export const JobStatusSchema = z.object({
  jobId: z.string(),
  description: z.string(),
  /** When it runs, in words (New York time). */
  schedule: z.string(),
  /** Operators may stop and start it from the data manager. */
  controllable: z.boolean(),
  nextRun: z.string().nullable(),
  /** The schedule's state, for a job operators control; null when it could not be read (`schedulerError` says so). */
  scheduler: SchedulerStateSchema.nullable(),
  schedulerError: z.string().nullable(),
  runs: z.array(JobRunSchema),
});

const Range = z.object({ count: z.number(), oldest: z.string().nullable(), newest: z.string().nullable() });

export const UnderlyingStatusSchema = z.object({
  underlying: z.string(),
  /** The stored chain snapshots (one per expiry): how many, and the oldest and newest `asOf`. */
  chains: Range,
  /** Daily summaries: how many, first and last date, and NYSE trading days between them with none. */
  summaries: Range.extend({ gapCount: z.number(), gaps: z.array(z.string()) }),
  stockBars: Range,
});

export const OperationsStatusSchema = z.object({
  asOf: z.string(),
  underlyings: z.array(UnderlyingStatusSchema),
  jobs: z.array(JobStatusSchema),
});

export const operationsApi = defineApi({
  'GET /api/admin/operations/status': {
    auth: 'admin',
    summary: 'The data manager: stored data per underlying, the last runs of every job, and the scheduler',
    response: OperationsStatusSchema,
  },
  'POST /api/admin/operations/scheduler/{jobId}/stop': {
    auth: 'admin',
    summary: "Stop a job's schedule (the EventBridge Scheduler schedule is disabled), saying who stopped it and when",
    params: z.object({ jobId: JobId }),
    response: SchedulerStateSchema,
    errors: [404],
  },
  'POST /api/admin/operations/scheduler/{jobId}/start': {
    auth: 'admin',
    summary: "Start a job's schedule again; starting the ingest also queues one run now",
    params: z.object({ jobId: JobId }),
    response: SchedulerStateSchema.extend({ runQueued: z.boolean() }),
    errors: [404],
  },
  'POST /api/admin/operations/run': {
    auth: 'admin',
    summary: 'Queue an ingestion run now, for one tracked underlying or all of them',
    body: z.object({ underlying: Ticker.optional() }).optional(),
    response: z.object({ status: z.literal('queued'), message: z.string(), underlyings: z.array(z.string()) }),
    status: 202,
    errors: [422],
  },
});
