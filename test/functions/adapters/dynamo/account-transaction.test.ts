import { describe, expect, it } from 'vitest';
import { putOrder, putPosition, type GuardedTransaction } from '../../../../functions/adapters/dynamo/account-transaction';

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

describe('a position in an account transaction', () => {
  const key = { PK: 'USER#u1', SK: 'POS#X' };
  const itemOf = (p: { count: number; version: number }) => ({ ...key, ...p });
  const write = (change: { before: { count: number; version: number } | null; after: { count: number; version: number } | null }) => {
    const tx: GuardedTransaction = { items: [], duplicateAt: [] };
    putPosition(tx, 't', key, change, itemOf);
    expect(tx.duplicateAt).toEqual([]);
    return tx.items;
  };

  it('opens one at version 1 only if absent', () => {
    expect(write({ before: null, after: { count: 2, version: 0 } })).toEqual([
      { Put: { TableName: 't', Item: { ...key, count: 2, version: 1 }, ConditionExpression: 'attribute_not_exists(PK)' } },
    ]);
  });

  it('changes one to the next version only if still at the version read', () => {
    expect(write({ before: { count: 2, version: 3 }, after: { count: 5, version: 3 } })).toEqual([
      { Put: { TableName: 't', Item: { ...key, count: 5, version: 4 }, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 3 } } },
    ]);
  });

  it('deletes a closed one at the version read, and writes nothing for one that never was', () => {
    expect(write({ before: { count: 2, version: 3 }, after: null })).toEqual([
      { Delete: { TableName: 't', Key: key, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': 3 } } },
    ]);
    expect(write({ before: null, after: null })).toEqual([]);
  });
});
