import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { hashAgentToken } from '../../functions/adapters/agent-token-crypto';
import { learner } from '../support/learner';
import { waitFor } from '../support/local-stack';

const stack = inject('stack');
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.endpoints.dynamodb }));
const hashItem = async (secret: string) =>
  (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `AGENT_TOKEN#${hashAgentToken(secret)}`, SK: 'AGENT_TOKEN' } }))).Item;
const partition = async (sub: string) =>
  (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` } })))
    .Items ?? [];

const body = (name: string, scopes = ['read'], expiresInDays = 30) => ({ name, scopes, expiresInDays });

describe("a learner's personal access tokens", () => {
  it('are created (shown once), listed without the token, capped at 10, and revoked at once', async () => {
    const { user, call } = await learner(stack);
    const made = await call('POST', '/api/agent/tokens', body('my-bot', ['read', 'trade'], 90));
    expect(made.status).toBe(201);
    const { token, secret } = made.body as { token: { id: string; createdAt: string; expiresAt: string }; secret: string };
    expect(secret).toMatch(/^oa_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'my-bot', scopes: ['read', 'trade'], lastFour: secret.slice(-4), lastUsedAt: null });
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(90 * 86_400_000);

    const listed = await call('GET', '/api/agent/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ tokens: [token], max: 10 });
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(7));
    expect(JSON.stringify(listed.body)).not.toContain(hashAgentToken(secret));

    // Stored as a hash with the last four only: the token itself is in no item.
    expect(await hashItem(secret)).toMatchObject({ userId: user.sub, tokenId: token.id, name: 'my-bot', scopes: ['read', 'trade'] });
    expect(JSON.stringify(await partition(user.sub))).not.toContain(secret.slice(7));

    // Nine more at once fit; the eleventh is refused with what to do.
    const more = await Promise.all(Array.from({ length: 9 }, (_, i) => call('POST', '/api/agent/tokens', body(`bot ${i}`))));
    expect(more.map((r) => r.status)).toEqual(Array(9).fill(201));
    const eleventh = await call('POST', '/api/agent/tokens', body('one too many'));
    expect(eleventh.status).toBe(409);
    expect(eleventh.body).toEqual({
      error: 'You have 10 tokens, the most a learner keeps. Revoke one (an expired one too) to create another.',
      code: 'conflict',
    });
    const all = (await call('GET', '/api/agent/tokens')).body.tokens as { id: string; name: string }[];
    expect(all).toHaveLength(10);
    expect(all.at(-1)!.name).toBe('my-bot');

    // Another learner can neither see nor revoke it.
    const other = await learner(stack);
    expect((await other.call('GET', '/api/agent/tokens')).body).toEqual({ tokens: [], max: 10 });
    const foreign = await other.call('DELETE', `/api/agent/tokens/${token.id}`);
    expect([foreign.status, foreign.body]).toEqual([404, { error: 'No such token.', code: 'not_found' }]);
    expect(await hashItem(secret)).toBeDefined();

    expect((await call('DELETE', `/api/agent/tokens/${token.id}`)).status).toBe(204);
    expect(await hashItem(secret)).toBeUndefined();
    expect(((await call('GET', '/api/agent/tokens')).body.tokens as { id: string }[]).map((t) => t.id)).not.toContain(token.id);
    expect((await call('DELETE', `/api/agent/tokens/${token.id}`)).status).toBe(404);
    // Revoking made room for one more.
    expect((await call('POST', '/api/agent/tokens', body('in its place'))).status).toBe(201);
  });

  it('are in the export without their hash, and gone with the account, their lookups by hash too', async () => {
    const { user, call } = await learner(stack);
    const made = await call('POST', '/api/agent/tokens', body('exported'));
    expect(made.status).toBe(201);
    const secret = made.body.secret as string;

    const exported = await call('GET', '/api/me/export');
    expect(exported.status).toBe(200);
    expect(exported.body.sections.agentTokens).toEqual([made.body.token]);
    expect(JSON.stringify(exported.body)).not.toContain(hashAgentToken(secret));
    expect(JSON.stringify(exported.body)).not.toContain(secret.slice(7));

    expect((await call('POST', '/api/me/deletion', { confirmation: 'DELETE MY ACCOUNT' })).status).toBe(202);
    // Removed by the deletion's steps at the request, before the rest of the partition.
    expect(await hashItem(secret)).toBeUndefined();
    await waitFor(
      async () => (await call('GET', '/api/me/deletion')).body,
      (v: { status: string }) => v.status === 'deleted',
      70_000,
      'the deletion to finish',
    );
    expect(await partition(user.sub)).toEqual([]);
    expect(await hashItem(secret)).toBeUndefined();
  });
});
