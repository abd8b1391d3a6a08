/** A job's schedule as the operators control it: running on its schedule, or stopped, with who changed it and when. */
export interface SchedulerState {
  jobId: string;
  active: boolean;
  changedBy: string | null;
  changedAt: string | null;
  /** The next time it runs (ISO), null while stopped. */
  nextRun: string | null;
}

/**
 * The schedule service (EventBridge Scheduler in AWS, the croner runner locally). Each method throws when the service
 * cannot be reached or refuses; the use cases turn that into a failure value with the operator's message.
 */
export interface SchedulerControl {
  state(jobId: string): Promise<SchedulerState>;
  stop(jobId: string, by: string): Promise<SchedulerState>;
  start(jobId: string, by: string): Promise<SchedulerState>;
}

/** Who last stopped or started a job's schedule, and when (the schedule itself has no field for them). */
export interface SchedulerChange {
  jobId: string;
  active: boolean;
  changedBy: string;
  changedAt: string;
}

export interface SchedulerChanges {
  get(jobId: string): Promise<SchedulerChange | null>;
  put(change: SchedulerChange): Promise<void>;
}

/** What is stored for one underlying, read with Queries on its keys (the data manager). */
export interface UnderlyingData {
  underlying: string;
  /** `asOf` of each stored expiry's chain snapshot. */
  chainAsOf: string[];
  /** Dates of the stored daily summaries, oldest first. */
  summaryDates: string[];
  stockBars: { count: number; oldest: string | null; newest: string | null };
}

export interface DataHealthReader {
  underlying(underlying: string): Promise<UnderlyingData>;
}
