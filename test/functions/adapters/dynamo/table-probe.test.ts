import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoTableProbe, PROBE_KEY } from '../../../../functions/adapters/dynamo/table-probe';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);

describe('dynamoTableProbe', () => {
  beforeEach(() => mock.reset());

  it('reads one key of the table and says it answered, item or not', async () => {
    mock.on(GetCommand).resolves({});
    expect(await dynamoTableProbe(db, 'tbl')()).toBe(true);
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input).toEqual({ TableName: 'tbl', Key: PROBE_KEY });
  });

  it('says false when the read fails', async () => {
    mock.on(GetCommand).rejects(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { name: 'Error' }));
    expect(await dynamoTableProbe(db, 'tbl')()).toBe(false);
  });

  it('says false when the read does not come back before its deadline', async () => {
    mock.on(GetCommand).callsFake(() => new Promise(() => undefined));
    expect(await dynamoTableProbe(db, 'tbl', 20)()).toBe(false);
  });
});
