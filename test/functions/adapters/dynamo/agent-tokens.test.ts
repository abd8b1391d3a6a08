import { ConditionalCheckFailedException, DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredAgentToken } from '@shared/agent/agent-tokens.port';
import {
  agentTokenHashKey,
  agentTokenKey,
  dynamoAgentTokenRepository,
  eraseAgentTokenLookups,
  findAgentTokenByHash,
  touchAgentTokenLastUsed,
} from '../../../../functions/adapters/dynamo/agent-tokens';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const meta = { $metadata: {} };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ ...meta, message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })) });

const hash = 'a'.repeat(64);
const token: StoredAgentToken = {
  tokenId: '01JDXKQ3M9R4T7V2W8Y5Z6A1B0',
  name: 'my-bot',
  scopes: ['read', 'trade'],
  lastFour: 'WxYz',
  hash,
  createdAt: '2026-11-29T12:00:00.000Z',
  expiresAt: '2026-12-29T12:00:00.000Z',
};

describe('the token storage keys', () => {
  it('keeps the token in the learner partition and its lookup under its hash', () => {
    expect(agentTokenKey('u-1', 'T1')).toEqual({ PK: 'USER#u-1', SK: 'AGENT_TOKEN#T1' });
    expect(agentTokenHashKey(hash)).toEqual({ PK: `AGENT_TOKEN#${hash}`, SK: 'AGENT_TOKEN' });
  });
});

describe('dynamoAgentTokenRepository', () => {
  beforeEach(() => mock.reset());
  const repo = () => dynamoAgentTokenRepository(db, 'tbl');

  it('creates the count, the token and its lookup in one transaction, each with a condition', async () => {
    mock.on(TransactWriteCommand).resolves({});
    expect(await repo().create('u-1', token, 10)).toBe(true);
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items).toHaveLength(3);
    expect(items[0]!.Update).toMatchObject({
      Key: { PK: 'USER#u-1', SK: 'AGENT_TOKENS' },
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
      ExpressionAttributeValues: { ':one': 1, ':max': 10 },
    });
    expect(items[1]!.Put).toMatchObject({
      Item: { PK: 'USER#u-1', SK: `AGENT_TOKEN#${token.tokenId}`, ...token },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[2]!.Put!.Item).toEqual({
      PK: `AGENT_TOKEN#${hash}`,
      SK: 'AGENT_TOKEN',
      entity: 'agent-token-hash',
      userId: 'u-1',
      tokenId: token.tokenId,
      name: 'my-bot',
      scopes: ['read', 'trade'],
      expiresAt: token.expiresAt,
    });
    expect(items[2]!.Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
  });

  it('answers false when the count is at the cap, and tries again after a conflict with another write', async () => {
    mock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None', 'None'))
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None', 'None'));
    expect(await repo().create('u-1', token, 10)).toBe(false);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('throws when the id or the hash is taken (never a learner error)', async () => {
    mock.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ConditionalCheckFailed'));
    await expect(repo().create('u-1', token, 10)).rejects.toThrow();
  });

  it('revokes by deleting the token and its lookup and counting it off, in one transaction', async () => {
    mock.on(GetCommand).resolves({ Item: { ...agentTokenKey('u-1', token.tokenId), ...token } });
    mock.on(TransactWriteCommand).resolves({});
    expect(await repo().revoke('u-1', token.tokenId)).toBe(true);
    const items = mock.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((i) => i.Delete?.Key ?? i.Update?.Key)).toEqual([
      { PK: 'USER#u-1', SK: `AGENT_TOKEN#${token.tokenId}` },
      { PK: `AGENT_TOKEN#${hash}`, SK: 'AGENT_TOKEN' },
      { PK: 'USER#u-1', SK: 'AGENT_TOKENS' },
    ]);
    expect(items[0]!.Delete!.ConditionExpression).toBe('attribute_exists(PK)');
    expect(items[2]!.Update!.ExpressionAttributeValues).toEqual({ ':minus': -1 });
  });

  it('answers false for a token the learner does not have, or one revoked meanwhile', async () => {
    mock.on(GetCommand).resolves({});
    expect(await repo().revoke('u-1', 'nope')).toBe(false);
    expect(mock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    mock.on(GetCommand).resolves({ Item: { ...token } });
    mock.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None', 'None'));
    expect(await repo().revoke('u-1', token.tokenId)).toBe(false);
  });

  it('lists the learner tokens from one Query of their partition, newest first', async () => {
    mock
      .on(QueryCommand)
      .resolves({ Items: [{ PK: 'USER#u-1', SK: 'AGENT_TOKEN#T', entity: 'agent-token', ...token, lastUsedAt: '2026-11-30T00:00:00.000Z' }] });
    expect(await repo().list('u-1')).toEqual([{ ...token, lastUsedAt: '2026-11-30T00:00:00.000Z' }]);
    const input = mock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ ExpressionAttributeValues: { ':pk': 'USER#u-1', ':p': 'AGENT_TOKEN#' }, ScanIndexForward: false });
  });
});

describe('the lookup by hash', () => {
  beforeEach(() => mock.reset());

  it('answers whose token it is and what it may do, or null', async () => {
    mock.on(GetCommand).resolves({
      Item: { PK: `AGENT_TOKEN#${hash}`, SK: 'AGENT_TOKEN', userId: 'u-1', tokenId: 'T', name: 'my-bot', scopes: ['read'], expiresAt: token.expiresAt },
    });
    expect(await findAgentTokenByHash(hash, db, 'tbl')).toEqual({ userId: 'u-1', tokenId: 'T', name: 'my-bot', scopes: ['read'], expiresAt: token.expiresAt });
    expect(mock.commandCalls(GetCommand)[0]!.args[0].input).toMatchObject({ TableName: 'tbl', Key: agentTokenHashKey(hash) });
    mock.on(GetCommand).resolves({});
    expect(await findAgentTokenByHash(hash, db, 'tbl')).toBeNull();
  });

  it("deletes every lookup of a learner's tokens, found through the partition (the account deletion)", async () => {
    mock.on(QueryCommand).resolves({ Items: [{ hash: 'h1' }, { hash: 'h2' }] });
    mock.on(BatchWriteCommand).resolves({});
    expect(await eraseAgentTokenLookups('u-1', db, 'tbl')).toBe(2);
    expect(mock.commandCalls(BatchWriteCommand)[0]!.args[0].input.RequestItems!.tbl).toEqual([
      { DeleteRequest: { Key: agentTokenHashKey('h1') } },
      { DeleteRequest: { Key: agentTokenHashKey('h2') } },
    ]);
  });
});

describe('the time a token was last used', () => {
  beforeEach(() => mock.reset());

  it('is written at most once a minute, and never brings back a revoked token', async () => {
    mock.on(UpdateCommand).resolves({});
    expect(await touchAgentTokenLastUsed('u-1', 'T', '2026-11-29T12:05:00.000Z', db, 'tbl')).toBe(true);
    const input = mock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(input.Key).toEqual(agentTokenKey('u-1', 'T'));
    expect(input.ConditionExpression).toBe('attribute_exists(PK) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt <= :before)');
    expect(input.ExpressionAttributeValues).toEqual({ ':at': '2026-11-29T12:05:00.000Z', ':before': '2026-11-29T12:04:00.000Z' });
    mock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ ...meta, message: 'The conditional request failed' }));
    expect(await touchAgentTokenLastUsed('u-1', 'T', new Date('2026-11-29T12:05:30.000Z'), db, 'tbl')).toBe(false);
  });
});
