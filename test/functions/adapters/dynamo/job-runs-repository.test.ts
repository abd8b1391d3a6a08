import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoJobRuns } from '../../../../functions/adapters/dynamo/job-runs-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const runs = dynamoJobRuns(db, 't');

describe('dynamoJobRuns', () => {
  beforeEach(() => mock.reset());

  it('keeps one item per job with its last success, and reads it back consistently', async () => {
    mock.on(PutCommand).resolves({});
    await runs.recordSuccess('settle', new Date('2026-11-24T23:40:00Z'));
    expect(mock.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 't',
      Item: { PK: 'JOBRUN#settle', SK: 'LAST', type: 'jobRun', jobId: 'settle', succeededAt: '2026-11-24T23:40:00.000Z' },
    });
    mock.on(GetCommand, { Key: { PK: 'JOBRUN#settle', SK: 'LAST' } }).resolves({ Item: { succeededAt: '2026-11-24T23:40:00.000Z' } });
    expect(await runs.lastSuccess('settle')).toEqual(new Date('2026-11-24T23:40:00Z'));
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
  });

  it('reads null for a job that never finished a run', async () => {
    mock.on(GetCommand).resolves({});
    expect(await runs.lastSuccess('ingest')).toBeNull();
  });
});
