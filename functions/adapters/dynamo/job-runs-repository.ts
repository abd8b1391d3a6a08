import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRun, JobRuns } from '@shared/ports/job-runs.port';
import { documentClient, tableName } from './client';

/**
 * Per job: `JOBRUN#<jobId>` / `LAST` holds its last scheduled run that finished without failing (`succeededAt`, read
 * by the watchdog): one that succeeded, or one that found nothing to do (skipped: an exchange holiday),
 * and `JOBRUN#<jobId>` / `RUN#<startedAt>` each run, kept 30 days (DynamoDB TTL on `expiresAt`) for the data manager.
 */
export const jobRunKey = (jobId: string) => ({ PK: `JOBRUN#${jobId}`, SK: 'LAST' });
const runKey = (run: Pick<JobRun, 'jobId' | 'startedAt'>) => ({ PK: `JOBRUN#${run.jobId}`, SK: `RUN#${run.startedAt}` });
const RUN_RETENTION_SECONDS = 30 * 86_400;

export function dynamoJobRuns(db: DynamoDBDocumentClient = documentClient(), table = tableName()): JobRuns {
  return {
    async record(run) {
      const expiresAt = Math.floor(Date.parse(run.finishedAt) / 1000) + RUN_RETENTION_SECONDS;
      const runItem = { ...runKey(run), type: 'jobRunEntry', ...run, expiresAt };
      if (run.outcome !== 'failed' && run.trigger === 'schedule') {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: table, Item: runItem } },
              { Put: { TableName: table, Item: { ...jobRunKey(run.jobId), type: 'jobRun', jobId: run.jobId, succeededAt: run.finishedAt } } },
            ],
          }),
        );
      } else {
        await db.send(new PutCommand({ TableName: table, Item: runItem }));
      }
    },
    async lastSuccess(jobId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: jobRunKey(jobId), ConsistentRead: true }));
      return typeof out.Item?.succeededAt === 'string' ? new Date(out.Item.succeededAt) : null;
    },
    async recent(jobId, limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :run)',
          ExpressionAttributeValues: { ':pk': `JOBRUN#${jobId}`, ':run': 'RUN#' },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).map(({ PK: _pk, SK: _sk, type: _t, expiresAt: _e, ...run }) => run as JobRun);
    },
  };
}
