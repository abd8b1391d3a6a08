import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';

const stack = inject('stack');

const call = async (method: string, path: string, opts: { token?: string; body?: unknown } = {}) => {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

const table = () =>
  DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );

async function operator() {
  const user = await signUpAndSignIn(stack, { name: 'Operator' });
  await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: user.email, GroupName: 'admin' }));
  return signIn(stack, user.email, user.password);
}

describe('learner stories through the local gateway', () => {
  it('goes public only after an operator approves it, and leaves when withdrawn', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Grace Hopper' });
    const quote = `Practising covered calls with virtual money first was the right call (${Date.now()}).`;
    const shared = await call('PUT', '/api/community/testimonial', {
      token: learner.idToken,
      body: { quote, name: 'Grace', role: 'Retired engineer', consent: true },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.testimonial.status).toBe('pending');
    expect((await call('GET', '/api/community/testimonial', { token: learner.idToken })).body.testimonial.quote).toBe(quote);

    const isPublic = async () => ((await call('GET', '/api/community/testimonials')).body.testimonials as { quote: string }[]).some((t) => t.quote === quote);
    expect(await isPublic()).toBe(false);

    expect((await call('GET', '/api/admin/testimonials?status=pending', { token: learner.idToken })).status).toBe(403);
    const op = await operator();
    const queue = await call('GET', '/api/admin/testimonials?status=pending', { token: op.idToken });
    const mine = (queue.body.testimonials as { userId: string; updatedAt: string }[]).find((t) => t.userId === learner.sub);
    expect(mine).toBeDefined();
    const approved = await call('POST', `/api/admin/testimonials/${learner.sub}/approve`, { token: op.idToken, body: { updatedAt: mine!.updatedAt } });
    expect(approved.status).toBe(200);
    expect(await isPublic()).toBe(true);

    expect((await call('DELETE', '/api/community/testimonial', { token: learner.idToken })).status).toBe(204);
    expect(await isPublic()).toBe(false);
  });

  it('refuses to share without a sign-in or without consent', async () => {
    expect((await call('PUT', '/api/community/testimonial', { body: { quote: 'Long enough quote here.', name: 'X', consent: true } })).status).toBe(401);
    const learner = await signUpAndSignIn(stack);
    const refused = await call('PUT', '/api/community/testimonial', {
      token: learner.idToken,
      body: { quote: 'Long enough quote here.', name: 'X', consent: false },
    });
    expect(refused.status).toBe(400);
    expect((await call('GET', '/api/community/testimonial', { token: learner.idToken })).body).toEqual({ testimonial: null });
  });
});

describe('the coming-soon notify-me list', () => {
  const notifyItem = async (email: string) =>
    (await table().send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'NOTIFY#INDIA', SK: email }, ConsistentRead: true }))).Item;

  it("stores the signed-in learner's verified address from the token, once, with the wording agreed to", async () => {
    const learner = await signUpAndSignIn(stack, { email: `Notify-${Date.now()}@Example.com` });
    const email = learner.email.toLowerCase();
    const first = await call('POST', '/api/community/notify', { token: learner.idToken, body: { consent: true } });
    expect(first).toEqual({ status: 202, body: { subscribed: true, email } });
    expect((await call('POST', '/api/community/notify', { token: learner.idToken, body: { consent: true } })).status).toBe(202);
    const item = await notifyItem(email);
    expect(item).toMatchObject({ email, userId: learner.sub, consentText: expect.stringContaining('Indian markets') });
    expect(typeof item?.consentedAt).toBe('string');
  });

  it('takes no address from anyone signed out, and none from the body', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    expect((await call('POST', '/api/community/notify', { body: { email: victim, consent: true } })).status).toBe(401);
    const learner = await signUpAndSignIn(stack);
    expect((await call('POST', '/api/community/notify', { token: learner.idToken, body: { email: victim, consent: true } })).status).toBe(400);
    expect(await notifyItem(victim)).toBeUndefined();
  });

  it('stores nothing without consent', async () => {
    const learner = await signUpAndSignIn(stack);
    expect((await call('POST', '/api/community/notify', { token: learner.idToken, body: { consent: false } })).status).toBe(400);
    expect(await notifyItem(learner.email.toLowerCase())).toBeUndefined();
  });
});
