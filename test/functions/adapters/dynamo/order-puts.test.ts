import { describe, expect, it } from 'vitest';
import { putOrder, type GuardedTransaction } from '../../../../functions/adapters/dynamo/order-puts';

const order = { PK: 'USER#u1', SK: 'ORDER#01A', status: 'filled' };
const account = { Put: { TableName: 't', Item: { PK: 'USER#u1', SK: 'ACCOUNT' } } };

describe('an order in an account transaction', () => {
  it('puts a new order with its client id, each only if absent, and marks the client id as the duplicate guard', () => {
    const tx: GuardedTransaction = { items: [account], duplicateAt: [] };
    putOrder(tx, 't', order, { clientId: { PK: 'USER#u1', SK: 'OCID#client-1', orderId: '01A' } });
    expect(tx.items.slice(1)).toEqual([
      { Put: { TableName: 't', Item: { PK: 'USER#u1', SK: 'OCID#client-1', orderId: '01A' }, ConditionExpression: 'attribute_not_exists(PK)' } },
      { Put: { TableName: 't', Item: order, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
    expect(tx.duplicateAt).toEqual([1]);
  });

  it('puts a changed order only if its status is still the one read, and marks it as the duplicate guard', () => {
    const tx: GuardedTransaction = { items: [account, account], duplicateAt: [0] };
    putOrder(tx, 't', order, { status: 'resting' });
    expect(tx.items[2]).toEqual({
      Put: {
        TableName: 't',
        Item: order,
        ConditionExpression: '#status = :expected',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':expected': 'resting' },
      },
    });
    expect(tx.duplicateAt).toEqual([0, 2]);
  });
});
