import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancellationReasons, failedConditionsAt, isConditionFailed, isTransactionConflict } from '../../../../functions/adapters/dynamo/conditions';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const meta = { $metadata: {} };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ ...meta, message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });

/** The error the client throws for a command, as a caller's catch sees it. */
async function thrown(send: () => Promise<unknown>): Promise<unknown> {
  try {
    await send();
  } catch (err) {
    return err;
  }
  throw new Error('expected the command to fail');
}

describe('dynamo condition helpers', () => {
  beforeEach(() => mock.reset());

  it('a single write refused by its condition is a failed condition', async () => {
    mock.on(PutCommand).rejects(new ConditionalCheckFailedException({ ...meta, message: 'The conditional request failed' }));
    const err = await thrown(() => db.send(new PutCommand({ TableName: 't', Item: { PK: 'a' }, ConditionExpression: 'attribute_not_exists(PK)' })));
    expect(isConditionFailed(err)).toBe(true);
    expect(cancellationReasons(err)).toBeNull();
  });

  it('recognises the error by its name too (an error rebuilt by another copy of the SDK)', () => {
    const err = Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    expect(isConditionFailed(err)).toBe(true);
    const tx = Object.assign(new Error('cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }],
    });
    expect(cancellationReasons(tx)).toEqual(['None', 'ConditionalCheckFailed']);
  });

  it('a transaction cancelled by a failed condition: its reasons in request order and where the condition failed', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None'));
    const err = await thrown(() => db.send(new TransactWriteCommand({ TransactItems: [] })));
    expect(cancellationReasons(err)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
    expect(failedConditionsAt(err)).toEqual([1]);
    expect(isConditionFailed(err)).toBe(true);
    expect(isTransactionConflict(err)).toBe(false);
  });

  it('a transaction cancelled by a conflict is not a failed condition', () => {
    const err = cancelled('TransactionConflict', 'None');
    expect(isConditionFailed(err)).toBe(false);
    expect(isTransactionConflict(err)).toBe(true);
    expect(failedConditionsAt(err)).toEqual([]);
  });

  it('any other error is neither, and has no reasons', () => {
    for (const err of [new Error('throttled'), 'text', undefined, { name: 'ConditionalCheckFailedException' }]) {
      expect(isConditionFailed(err)).toBe(false);
      expect(isTransactionConflict(err)).toBe(false);
      expect(cancellationReasons(err)).toBeNull();
      expect(failedConditionsAt(err)).toEqual([]);
    }
  });
});
