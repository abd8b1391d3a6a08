import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoProfileRepository } from '../../../../functions/adapters/dynamo/profile-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);

describe('dynamoProfileRepository', () => {
  beforeEach(() => mock.reset());

  it('upserts USER#<sub>/PROFILE in one UpdateItem, keeping the first creation time, with the defaults of a profile stored before the settings', async () => {
    mock.on(UpdateCommand).resolves({
      Attributes: { userId: 'u1', publicId: 'abcdefghijkm', email: 'a@b.c', name: 'Ann', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-11-20T00:00:00Z' },
    });
    const profile = await dynamoProfileRepository(db, 'tbl').upsert({ userId: 'u1', email: 'a@b.c', name: 'Ann', at: '2026-11-20T00:00:00Z' });
    expect(profile).toEqual({
      userId: 'u1',
      publicId: 'abcdefghijkm',
      email: 'a@b.c',
      name: 'Ann',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-11-20T00:00:00Z',
      displayName: '',
      bio: '',
      avatar: { kind: 'initials', seed: 'abcdefghijkm' },
      visibility: { profile: true, learning: false, gamification: false, trading: false },
      display: { theme: 'system', motion: 'system', numberFormat: 'en-US' },
    });
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.TableName).toBe('tbl');
    expect(input.Key).toEqual({ PK: 'USER#u1', SK: 'PROFILE' });
    expect(input.UpdateExpression).toContain('createdAt = if_not_exists(createdAt, :at)');
    expect(input.UpdateExpression).toContain('email = :email');
    // The public id and its lookup on GSI1 are made once, together, inside the learner's partition.
    expect(input.UpdateExpression).toContain('publicId = if_not_exists(publicId, :pid), GSI1PK = if_not_exists(GSI1PK, :gpk)');
    expect(input.ExpressionAttributeValues![':gpk']).toBe(`PEOPLE#${input.ExpressionAttributeValues![':pid']}`);
    expect(input.ExpressionAttributeValues![':pid']).toMatch(/^[a-z0-9]{12}$/);
  });

  it('does not blank a stored email or name when the token lacks them (an access token)', async () => {
    mock.on(UpdateCommand).resolves({ Attributes: { userId: 'u1', email: 'a@b.c', name: 'Ann', createdAt: 'x', updatedAt: 'y' } });
    await dynamoProfileRepository(db, 'tbl').upsert({ userId: 'u1', email: '', name: '', at: 'y' });
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.UpdateExpression).toContain('email = if_not_exists(email, :empty)');
    expect(input.UpdateExpression).toContain('#name = if_not_exists(#name, :empty)');
    expect(input.ExpressionAttributeValues).not.toHaveProperty(':email');
  });

  it('does not count a learner for the landing page: a profile is a sign-up, not a learner who did something', async () => {
    mock
      .on(UpdateCommand)
      .resolves({ Attributes: { userId: 'u2', email: 'b@c.d', name: '', createdAt: '2026-11-20T00:00:00Z', updatedAt: '2026-11-20T00:00:00Z' } });
    await dynamoProfileRepository(db, 'tbl').upsert({ userId: 'u2', email: 'b@c.d', name: '', at: '2026-11-20T00:00:00Z' });
    expect(mock.commandCalls(UpdateCommand).map((c) => c.args[0].input.Key)).toEqual([{ PK: 'USER#u2', SK: 'PROFILE' }]);
  });
});
