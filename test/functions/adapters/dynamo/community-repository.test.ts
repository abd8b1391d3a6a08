import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoNotifyRepository, dynamoTestimonialRepository } from '../../../../functions/adapters/dynamo/community-repository';
import type { Testimonial } from '@shared/community/testimonials';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);

const story: Testimonial = {
  userId: 'u1',
  quote: 'Spreads finally make sense.',
  name: 'Ann',
  role: '',
  status: 'pending',
  consentText: 'Show this on the public landing page',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('dynamoTestimonialRepository', () => {
  beforeEach(() => mock.reset());

  it('keeps the story at USER#<sub>/TESTIMONIAL with its status in GSI1', async () => {
    mock.on(PutCommand).resolves({});
    await dynamoTestimonialRepository(db, 'tbl').put(story);
    const item = mock.commandCalls(PutCommand)[0]!.args[0].input.Item;
    expect(item).toMatchObject({ PK: 'USER#u1', SK: 'TESTIMONIAL', GSI1PK: 'TESTIMONIAL#pending', GSI1SK: '2026-11-20T10:00:00.000Z', quote: story.quote });
  });

  it('lists one status with a single Query on GSI1, newest first', async () => {
    mock.on(QueryCommand).resolves({ Items: [{ ...story, status: 'approved' }] });
    const list = await dynamoTestimonialRepository(db, 'tbl').listByStatus('approved', 6);
    expect(list).toEqual([{ ...story, status: 'approved' }]);
    expect(mock.commandCalls(QueryCommand)).toHaveLength(1);
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': 'TESTIMONIAL#approved' },
      ScanIndexForward: false,
      Limit: 6,
    });
  });

  it('moves the GSI entry on moderation, only for the version reviewed', async () => {
    mock.on(UpdateCommand).resolves({});
    const outcome = await dynamoTestimonialRepository(db, 'tbl').setStatus('u1', story.updatedAt, {
      status: 'approved',
      moderatedAt: 'later',
      moderatedBy: 'op',
    });
    expect(outcome).toBe('ok');
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.ConditionExpression).toBe('attribute_exists(PK) AND updatedAt = :seen');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':gsi': 'TESTIMONIAL#approved', ':seen': story.updatedAt });
  });

  it('tells an edited story from a withdrawn one when the condition fails', async () => {
    mock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));
    mock.on(GetCommand).resolvesOnce({ Item: story }).resolvesOnce({});
    const repo = dynamoTestimonialRepository(db, 'tbl');
    expect(await repo.setStatus('u1', 'old', { status: 'approved', moderatedAt: 'x', moderatedBy: 'op' })).toBe('changed');
    expect(await repo.setStatus('u1', 'old', { status: 'approved', moderatedAt: 'x', moderatedBy: 'op' })).toBe('missing');
  });
});

describe('dynamoNotifyRepository', () => {
  beforeEach(() => mock.reset());

  it('upserts NOTIFY#<list>/<email> with who asked, keeping the first consent time', async () => {
    mock.on(UpdateCommand).resolves({});
    await dynamoNotifyRepository(db, 'tbl').upsert({
      list: 'INDIA',
      email: 'ada@example.com',
      userId: 'u1',
      consentText: 'words',
      consentedAt: 't',
      updatedAt: 't',
    });
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual({ PK: 'NOTIFY#INDIA', SK: 'ada@example.com' });
    expect(input.UpdateExpression).toContain('consentedAt = if_not_exists(consentedAt, :at)');
    expect(input.ExpressionAttributeValues).toMatchObject({ ':text': 'words', ':user': 'u1' });
  });
});
