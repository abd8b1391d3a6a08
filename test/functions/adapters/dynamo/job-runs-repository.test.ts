import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { JobRun } from '@shared/ports/job-runs.port';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoJobRuns } from '../../../../functions/adapters/dynamo/job-runs-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const runs = dynamoJobRuns(db, 't');

describe('dynamoJobRuns', () => {
  beforeEach(() => mock.reset());

  const run = (over: Partial<JobRun> = {}): JobRun => ({
    jobId: 'settle',
    startedAt: '2026-11-24T23:30:00.000Z',
    finishedAt: '2026-11-24T23:40:00.000Z',
    outcome: 'succeeded',
    durationMs: 600_000,
    failures: [],
    trigger: 'schedule',
    ...over,
  });

  it("keeps a scheduled success as the job's last success, with the run itself, in one transaction; reads it back consistently", async () => {
    mock.on(TransactWriteCommand).resolves({});
    await runs.record(run());
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!.map((t) => t.Put!.Item);
    expect(items).toEqual([
      expect.objectContaining({ PK: 'JOBRUN#settle', SK: 'RUN#2026-11-24T23:30:00.000Z', outcome: 'succeeded', trigger: 'schedule', durationMs: 600_000 }),
      { PK: 'JOBRUN#settle', SK: 'LAST', type: 'jobRun', jobId: 'settle', succeededAt: '2026-11-24T23:40:00.000Z' },
    ]);
    // Each run is kept 30 days after it finished.
    expect(items[0]!.expiresAt).toBe(Date.parse('2026-11-24T23:40:00Z') / 1000 + 30 * 86_400);
    mock.on(GetCommand, { Key: { PK: 'JOBRUN#settle', SK: 'LAST' } }).resolves({ Item: { succeededAt: '2026-11-24T23:40:00.000Z' } });
    expect(await runs.lastSuccess('settle')).toEqual(new Date('2026-11-24T23:40:00Z'));
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
  });

  it('counts a scheduled run skipped on a holiday as done: it finished without failing', async () => {
    mock.on(TransactWriteCommand).resolves({});
    await runs.record(run({ jobId: 'indiaEod', outcome: 'skipped', note: 'NSE holiday' }));
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!.map((t) => t.Put!.Item);
    expect(items[1]).toEqual({ PK: 'JOBRUN#indiaEod', SK: 'LAST', type: 'jobRun', jobId: 'indiaEod', succeededAt: '2026-11-24T23:40:00.000Z' });
  });

  it('keeps a manual or failed run without touching the last success', async () => {
    mock.on(PutCommand).resolves({});
    await runs.record(run({ trigger: 'manual' }));
    await runs.record(run({ outcome: 'failed', failures: [{ underlying: 'SPY', reason: 'provider answered 503' }] }));
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(mock.commandCalls(PutCommand).map((c) => c.args[0].input.Item!.SK)).toEqual(['RUN#2026-11-24T23:30:00.000Z', 'RUN#2026-11-24T23:30:00.000Z']);
    expect(mock.commandCalls(PutCommand)[1]!.args[0].input.Item!.failures).toEqual([{ underlying: 'SPY', reason: 'provider answered 503' }]);
  });

  it("lists the newest runs first with one Query on the job's key, without the keys", async () => {
    mock.on(QueryCommand).resolves({ Items: [{ PK: 'JOBRUN#settle', SK: 'RUN#x', type: 'jobRunEntry', expiresAt: 1, ...run() }] });
    expect(await runs.recent('settle', 5)).toEqual([run()]);
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :run)',
      ExpressionAttributeValues: { ':pk': 'JOBRUN#settle', ':run': 'RUN#' },
      ScanIndexForward: false,
      Limit: 5,
    });
  });

  it('reads null for a job that never finished a run', async () => {
    mock.on(GetCommand).resolves({});
    expect(await runs.lastSuccess('ingest')).toBeNull();
  });
});
