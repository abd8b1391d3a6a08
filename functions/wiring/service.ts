import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { dynamoSchedulerChanges } from '../adapters/dynamo/operations-repository';
import { dynamoTableProbe } from '../adapters/dynamo/table-probe';
import { systemClock } from '../commons/clock';

/** The service routes and the job watchdog: the business clock, the table probe, the jobs' run records. */
export const healthDeps = () => ({ clock: systemClock, version: process.env.APP_VERSION ?? 'dev', tableAnswers: dynamoTableProbe() });

export const jobWatchdogDeps = () => ({ runs: dynamoJobRuns(), clock: systemClock, changes: dynamoSchedulerChanges() });
