import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { dynamoAlertsRepository } from '../../../../functions/adapters/dynamo/alerts-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const repo = dynamoAlertsRepository(db, 'table');

describe("the alerts repository's e-mail choice", () => {
  beforeEach(() => mock.reset());

  it('turns e-mails on by storing the choice', async () => {
    mock.on(UpdateCommand).resolves({});
    await repo.setEmailOn('u1', true);
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ Key: { PK: 'USER#u1', SK: 'ALERT#SETTINGS' }, ExpressionAttributeValues: { ':on': true } });
    expect(input.ConditionExpression).toBeUndefined();
  });

  it('turns them off only where a choice is stored: an unsubscribe link after the account was deleted writes nothing', async () => {
    mock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ $metadata: {}, message: 'The conditional request failed' }));
    await expect(repo.setEmailOn('gone', false)).resolves.toBeUndefined();
    expect(mock.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      Key: { PK: 'USER#gone', SK: 'ALERT#SETTINGS' },
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':on': false },
    });
  });

  it('still fails loudly on any other error', async () => {
    mock.on(UpdateCommand).rejects(new Error('throttled'));
    await expect(repo.setEmailOn('u1', false)).rejects.toThrow('throttled');
  });
});
