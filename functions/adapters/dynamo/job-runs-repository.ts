import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { JobRuns } from '@shared/ports/job-runs.port';
import { documentClient, tableName } from './client';

/** One item per job: `JOBRUN#<jobId>` / `LAST`, overwritten by each successful scheduled run (docs/architecture.md). */
export const jobRunKey = (jobId: string) => ({ PK: `JOBRUN#${jobId}`, SK: 'LAST' });

export function dynamoJobRuns(db: DynamoDBDocumentClient = documentClient(), table = tableName()): JobRuns {
  return {
    async recordSuccess(jobId, at) {
      await db.send(new PutCommand({ TableName: table, Item: { ...jobRunKey(jobId), type: 'jobRun', jobId, succeededAt: at.toISOString() } }));
    },
    async lastSuccess(jobId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: jobRunKey(jobId), ConsistentRead: true }));
      return typeof out.Item?.succeededAt === 'string' ? new Date(out.Item.succeededAt) : null;
    },
  };
}
