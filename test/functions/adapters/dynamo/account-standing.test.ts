import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoAccountStanding } from '../../../../functions/adapters/dynamo/account-standing';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);

describe("a learner's standing from the table", () => {
  beforeEach(() => mock.reset());

  it('reads the tombstone and the sessions item in one consistent BatchGetItem', async () => {
    mock.on(BatchGetCommand).resolves({
      Responses: { tbl: [{ PK: 'USER#u1', SK: 'SESSIONS', signedOutAtMs: 1_700_000_000_000 }] },
    });
    expect(await dynamoAccountStanding(db, 'tbl')('u1')).toEqual({ deleted: false, signedOutAt: 1_700_000_000_000 });
    const calls = mock.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(mock.commandCalls(GetCommand)).toHaveLength(0);
    const asked = calls[0]!.args[0].input.RequestItems!.tbl!;
    expect(asked.ConsistentRead).toBe(true);
    expect(asked.Keys).toEqual(
      expect.arrayContaining([
        { PK: 'DELETED#u1', SK: 'TOMBSTONE' },
        { PK: 'USER#u1', SK: 'SESSIONS' },
      ]),
    );
  });

  it('is deleted when the tombstone exists, and never signed out without a sessions item', async () => {
    mock.on(BatchGetCommand).resolves({ Responses: { tbl: [{ PK: 'DELETED#u2', SK: 'TOMBSTONE', status: 'deleting' }] } });
    expect(await dynamoAccountStanding(db, 'tbl')('u2')).toEqual({ deleted: true, signedOutAt: null });
    mock.reset();
    mock.on(BatchGetCommand).resolves({ Responses: { tbl: [] } });
    expect(await dynamoAccountStanding(db, 'tbl')('u3')).toEqual({ deleted: false, signedOutAt: null });
  });
});

describe("a personal access token's standing from the table", () => {
  beforeEach(() => mock.reset());

  it("reads the tokens' own items in the same BatchGetItem, and gives each one's expiry, or null once it is gone", async () => {
    mock.on(BatchGetCommand).resolves({
      Responses: { tbl: [{ PK: 'USER#u1', SK: 'AGENT_TOKEN#01JTOKEN', expiresAt: '2027-01-01T00:00:00.000Z', hash: 'h' }] },
    });
    expect(await dynamoAccountStanding(db, 'tbl')('u1', ['01JTOKEN', '01JOTHER'])).toEqual({
      deleted: false,
      signedOutAt: null,
      agentTokens: { '01JTOKEN': Date.parse('2027-01-01T00:00:00.000Z'), '01JOTHER': null },
    });
    const calls = mock.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.RequestItems!.tbl!.Keys).toEqual(
      expect.arrayContaining([
        { PK: 'DELETED#u1', SK: 'TOMBSTONE' },
        { PK: 'USER#u1', SK: 'SESSIONS' },
        { PK: 'USER#u1', SK: 'AGENT_TOKEN#01JTOKEN' },
        { PK: 'USER#u1', SK: 'AGENT_TOKEN#01JOTHER' },
      ]),
    );
    mock.reset();
    // Revoked: the sessions item alone is there, and it is not taken for the token.
    mock.on(BatchGetCommand).resolves({ Responses: { tbl: [{ PK: 'USER#u1', SK: 'SESSIONS', signedOutAtMs: 5 }] } });
    expect(await dynamoAccountStanding(db, 'tbl')('u1', ['01JTOKEN'])).toEqual({ deleted: false, signedOutAt: 5, agentTokens: { '01JTOKEN': null } });
  });
});
