import type { Clock } from '../../ports/clock.port';
import type { EventOutbox } from '../../ports/events.port';
import type { IdGenerator } from '../../ports/ids.port';
import type { JobRuns } from '../../ports/job-runs.port';
import type { DataHealthReader, SchedulerControl } from '../operations.port';

/** One scheduled job as the data manager lists it. */
export interface JobInfo {
  id: string;
  description: string;
  /** When it runs, in words (New York time). */
  schedule: string;
  /** Operators may stop and start its schedule. */
  controllable: boolean;
  /** Its next due time after `now` on its schedule (ignoring a stop). */
  nextRun(now: Date): Date | null;
}

/** What the operations use cases need. */
export interface OperationsDeps {
  scheduler: SchedulerControl;
  runs: Pick<JobRuns, 'recent'>;
  data: DataHealthReader;
  outbox: EventOutbox;
  ids: IdGenerator;
  clock: Clock;
  jobs: readonly JobInfo[];
  underlyings: readonly string[];
  /** The market-data fetch: the job Run now and a start of its schedule run once. */
  ingestJobId: string;
}
