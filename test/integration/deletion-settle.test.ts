import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_MARKER_KEPT_MS, SETTLE_MS } from '@shared/users/privacy';
import { signIn } from '../support/cognito';
import { learner } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';

/**
 * The account deletion on a stack with the product's own settle (30 s): the shared integration stack shortens it
 * (test/support/stack-env.ts), so this file starts its own without that override. Nobody polls the deletion's progress
 * here: the deletion must finish on its own, within the settle plus 30 s, and then keep only the marker.
 */
let stack: SpawnedStack;
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

beforeAll(async () => {
  const start = () =>
    spawnLocalStack({ dataDir: newDataDir('deletion-settle'), env: { TTL_SWEEP_SECONDS: '1', LOG_LEVEL: 'INFO', DYNAMODB_START_SECONDS: '80' } });
  // A second stack beside the shared one: on a loaded machine DynamoDB Local may miss its start time once.
  stack = await start().catch((err: Error) => (/did not start listening/.test(err.message) ? start() : Promise.reject(err)));
}, 400_000);
afterAll(async () => {
  await stack?.stop();
});

describe('an account deletion with the product’s settle', () => {
  it('finishes within the settle plus 30 s with nobody watching, and keeps only a marker without the e-mail that expires', async () => {
    const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.endpoints.dynamodb }));
    const partition = async (sub: string) =>
      (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` } })))
        .Items ?? [];
    const { user, call } = await learner(stack, 100_000);
    expect((await call('GET', '/api/me')).status).toBe(200);
    expect((await call('POST', '/api/journal/entries', { kind: 'note', title: 'A note', body: 'Theta is the rent an option pays.' })).status).toBe(201);
    expect((await call('POST', '/api/community/notify', { consent: true })).status).toBeLessThan(300);
    expect((await partition(user.sub)).length).toBeGreaterThan(2);

    const started = await call('POST', '/api/me/deletion', { confirmation: 'DELETE MY ACCOUNT' });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('deleting');

    const marker = async () => (await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `DELETED#${user.sub}`, SK: 'TOMBSTONE' } }))).Item;
    const done = await waitFor(marker, (m) => m?.status === 'deleted', SETTLE_MS + 30_000, 'the deletion to finish on its own');

    expect(await partition(user.sub)).toEqual([]);
    expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'NOTIFY#INDIA', SK: user.email } }))).Item).toBeUndefined();
    await expect(signIn(stack, user.email, user.password)).rejects.toThrow();
    // The marker: the sub and the times, no e-mail, off the DELETING index, with its TTL.
    expect(JSON.stringify(done)).not.toContain(user.email);
    expect(done).not.toHaveProperty('email');
    expect(done).not.toHaveProperty('GSI1PK');
    expect(done!.userId).toBe(user.sub);
    expect(done!.expiresAt).toBe(Math.ceil((Date.parse(String(done!.completedAt)) + DELETED_MARKER_KEPT_MS) / 1000));
    expect(Date.parse(String(done!.completedAt)) - Date.parse(String(done!.requestedAt))).toBeGreaterThanOrEqual(SETTLE_MS);
    // The old token is still refused, and the progress says done.
    expect((await call('GET', '/api/portfolio')).status).toBe(401);
    expect((await call('GET', '/api/me/deletion')).body.status).toBe('deleted');

    // The job's steps, as its log gives them (one line a step, with its duration).
    const steps = stack
      .output()
      .split('\n')
      .filter((l) => l.includes('Account deletion step') && l.includes(user.sub));
    expect(steps.length).toBeGreaterThanOrEqual(6);
    console.info(
      `deletion ${user.sub}: requested ${String(done!.requestedAt)}, finished ${String(done!.completedAt)}\n` +
        steps
          .map((l) => {
            const j = JSON.parse(l.slice(l.indexOf('{'))) as { deletionStep: string; durationMs: number; timestamp?: string };
            return `  ${j.timestamp ?? ''} ${j.deletionStep} ${j.durationMs} ms`;
          })
          .join('\n'),
    );
  }, 150_000);
});
