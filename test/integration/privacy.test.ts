import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { describe, expect, inject, it } from 'vitest';
import { COURSE } from '@shared/learning/content/course';
import { GlobalSignOutCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, refreshTokens, signIn, signUpAndSignIn } from '../support/cognito';
import { learner, marketBuy, monthlyChain, newKey } from '../support/learner';
import { waitFor } from '../support/local-stack';
import { builderShare } from '../support/community';

const stack = inject('stack');
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
const db = DynamoDBDocumentClient.from(new DynamoDBClient({ ...local, endpoint: stack.endpoints.dynamodb }));
const secrets = new SecretsManagerClient({ ...local, endpoint: stack.endpoints.aws });
const partition = async (sub: string) =>
  (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` } })))
    .Items ?? [];

const randomKey = () => 'PK' + Array.from({ length: 18 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(Math.random() * 34)]).join('');
const randomSecret = () => Array.from({ length: 40 }, () => 'abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789'[Math.floor(Math.random() * 43)]).join('');

/** A learner with one of everything: a paper trade (orders, position, activity, compliance log, journal trade, gamification), a lesson, a journal note, a draft, Alpaca keys, a story and a notify-me entry. */
async function busyLearner() {
  const { user, call } = await learner(stack, 100_000);
  expect((await call('GET', '/api/me')).status).toBe(200); // the profile, as the app's first call makes it
  const chain = await monthlyChain(stack, 'SPY');
  const call1 = chain.nearest('call', chain.price);
  expect((await call('POST', '/api/orders', marketBuy(call1.contract_ticker, 1, newKey()))).status).toBe(201);
  const lesson = COURSE[0]!.lessons[0]!;
  if (lesson.check) {
    const answers = Object.fromEntries(
      lesson.check.questions.map((q) => [q.id, q.type === 'numerical' ? `${q.correctAnswer}${q.unit === '%' ? '%' : ''}` : String(q.correctAnswer)]),
    );
    expect((await call('POST', `/api/learning/quizzes/${lesson.check.id}/attempts`, { answers })).body.passed).toBe(true);
  }
  expect((await call('POST', `/api/learning/lessons/${lesson.id}/complete`, { minutesSpent: 5 })).status).toBe(200);
  expect((await call('POST', '/api/journal/entries', { kind: 'note', title: 'First note', body: 'Theta is the rent an option pays.' })).status).toBe(201);
  expect(
    (
      await call('POST', '/api/drafts', {
        underlying: 'SPY',
        legs: [{ action: 'buy', optionType: 'call', strike: 600, premium: 2.5, quantity: 1, expiration: '2027-01-15', underlying: 'SPY' }],
      })
    ).status,
  ).toBe(201);
  const keys = { apiKey: randomKey(), apiSecret: randomSecret() };
  expect((await call('PUT', '/api/broker/paper/credentials', { ...keys, optionsTradingLevel: 2 })).status).toBe(200);
  expect((await call('PUT', '/api/community/testimonial', { quote: 'The journal made me honest about my trades.', name: 'Grace', consent: true })).status).toBe(
    200,
  );
  expect((await call('POST', '/api/community/notify', { consent: true })).status).toBeLessThan(300);
  const post = await call('POST', '/api/community/posts', await builderShare(stack, { title: 'A spread I shared' }));
  expect(post.status).toBe(201);
  expect((await call('POST', `/api/community/posts/${post.body.post.id}/comments`, { body: 'A note to myself.' })).status).toBe(201);
  // The order's events reach the journal and gamification through the outbox.
  await waitFor(
    async () => (await partition(user.sub)).map((i) => String(i.SK)),
    (sks) => sks.some((s) => s.startsWith('JTRADE#')) && sks.includes('GAME'),
    30_000,
    'the order events consumed',
  );
  return { user, call, keys, postId: post.body.post.id as string };
}

describe("the learner's data", () => {
  it('exports every kind of item the learner has, in one JSON document, with no secret in it', async () => {
    const { call, keys } = await busyLearner();
    const res = await call('GET', '/api/me/export');
    expect(res.status).toBe(200);
    const sections = res.body.sections as Record<string, unknown[]>;
    const kinds = [
      'profile',
      'paperAccount',
      'positions',
      'orders',
      'activity',
      'complianceLog',
      'journalTrades',
      'journalEntries',
      'learning',
      'gamification',
      'drafts',
      'brokerConnections',
      'communityStory',
      'communityPosts',
      'communityComments',
      'notifyMe',
    ];
    expect(Object.keys(sections).filter((k) => sections[k]!.length > 0)).toEqual(expect.arrayContaining(kinds));
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(keys.apiSecret);
    expect(text).not.toContain(keys.apiKey);
    expect(text).not.toMatch(/"PK"|"GSI1PK"/);
    expect(sections.communityPosts).toEqual([expect.objectContaining({ title: 'A spread I shared', thesis: expect.any(String), legs: expect.any(Array) })]);
    expect(sections.communityComments).toEqual([expect.objectContaining({ body: 'A note to myself.' })]);
  }, 90_000);

  it("deletes everything of one account, refuses its old tokens at once, and leaves another learner's account untouched", async () => {
    const a = await busyLearner();
    const b = await learner(stack, 25_000);
    expect(
      (
        await b.call('POST', '/api/drafts', {
          underlying: 'QQQ',
          legs: [{ action: 'buy', optionType: 'put', strike: 500, premium: 3, quantity: 1, expiration: '2027-01-15', underlying: 'QQQ' }],
        })
      ).status,
    ).toBe(201);
    const bPost = (await b.call('POST', '/api/community/posts', await builderShare(stack, { underlying: 'QQQ', title: "B's post" }))).body.post;
    expect((await a.call('POST', `/api/community/posts/${bPost.id}/comments`, { body: 'Comment from A' })).status).toBe(201);
    expect((await a.call('PUT', `/api/community/posts/${bPost.id}/vote`, { useful: true })).status).toBe(200);
    expect((await a.call('POST', `/api/community/posts/${bPost.id}/report`, { reason: 'test' })).status).toBe(202);
    expect((await b.call('POST', `/api/community/posts/${a.postId}/comments`, { body: 'Comment from B' })).status).toBe(201);
    const bBefore = (await partition(b.user.sub)).map((i) => String(i.SK));

    expect((await a.call('POST', '/api/me/deletion', { confirmation: 'delete' })).status).toBe(400);
    expect((await a.call('GET', '/api/me/deletion')).status).toBe(404);
    const started = await a.call('POST', '/api/me/deletion', { confirmation: 'DELETE MY ACCOUNT' });
    expect(started.status).toBe(202);
    expect(started.body.steps).toEqual(expect.arrayContaining(['signed_out', 'broker_keys', 'items', 'user_pool']));

    // The token issued before the deletion reads and creates nothing any more: today it opened a paper account.
    for (const [method, path, body] of [
      ['POST', '/api/account', { startingCapital: 10_000 }],
      ['GET', '/api/portfolio', undefined],
      ['GET', '/api/me', undefined],
      ['GET', '/api/gamification/state', undefined],
      ['POST', '/api/drafts', { underlying: 'SPY', legs: [] }],
    ] as const) {
      const res = await a.call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('account_deleted');
    }
    // Signed out everywhere and gone from the user pool: no refresh, no sign-in.
    await expect(refreshTokens(stack, a.user.refreshToken)).rejects.toThrow();
    await expect(signIn(stack, a.user.email, a.user.password)).rejects.toThrow();

    const done = await waitFor(
      async () => (await a.call('GET', '/api/me/deletion')).body,
      (v: { status: string; message: string }) => v.status === 'deleted',
      70_000,
      'the deletion to finish',
    );
    expect(done.message).toBe('Your account and all its data have been deleted.');
    expect(await partition(a.user.sub)).toEqual([]);
    await expect(secrets.send(new GetSecretValueCommand({ SecretId: `options-academy/local/broker/${a.user.sub}/paper` }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
    expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: 'NOTIFY#INDIA', SK: a.user.email } }))).Item).toBeUndefined();
    const publicStories = (await (await fetch(`${stack.url}/api/community/testimonials`)).json()).testimonials as { quote: string }[];
    expect(publicStories.some((t) => t.quote === 'The journal made me honest about my trades.')).toBe(false);
    expect(
      (
        await db.send(
          new QueryCommand({
            TableName: stack.tableName,
            IndexName: 'GSI2',
            KeyConditionExpression: 'GSI2PK = :pk',
            ExpressionAttributeValues: { ':pk': 'BOARD#global' },
          }),
        )
      ).Items?.some((i) => String(i.PK) === `USER#${a.user.sub}`),
    ).toBe(false);

    // A's posts, comments, votes and reports are gone, from A's partition and from the posts; the counts are true again.
    expect((await b.call('GET', `/api/community/posts/${a.postId}`)).status).toBe(404);
    expect(
      (
        await db.send(
          new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `CPOST#${a.postId}` } }),
        )
      ).Items,
    ).toEqual([]);
    const bView = (await b.call('GET', `/api/community/posts/${bPost.id}`)).body.post;
    expect(bView).toMatchObject({ useful: 0, comments: 0, commentList: [] });
    const onBPost = (
      await db.send(
        new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `CPOST#${bPost.id}` } }),
      )
    ).Items!.map((i) => String(i.SK));
    expect(onBPost.filter((sk) => sk.includes(a.user.sub))).toEqual([]);
    // A's report leaves the moderation queue's count and words too.
    expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `CPOST#${bPost.id}`, SK: 'MOD#POST' } }))).Item).toMatchObject({
      reports: 0,
      reasonsBy: [],
    });
    expect((await b.call('GET', '/api/community/posts?underlying=QQQ')).body.posts.find((p: { id: string }) => p.id === bPost.id)).toMatchObject({
      useful: 0,
      comments: 0,
    });

    // The other learner is untouched.
    // Its consumers may still add items (the account's events), never remove one.
    expect((await partition(b.user.sub)).map((i) => String(i.SK))).toEqual(expect.arrayContaining(bBefore));
    expect((await b.call('GET', '/api/drafts')).body.drafts).toHaveLength(1);
    expect((await b.call('GET', '/api/portfolio')).status).toBe(200);
  }, 150_000);

  it('signs out everywhere: every session’s refresh token is refused, and signing in again works', async () => {
    const first = await signUpAndSignIn(stack);
    const second = await signIn(stack, first.email, first.password);
    expect((await refreshTokens(stack, second.refreshToken)).IdToken).toBeTruthy();
    await cognitoClient(stack).send(new GlobalSignOutCommand({ AccessToken: first.accessToken }));
    await expect(refreshTokens(stack, first.refreshToken)).rejects.toThrow('Refresh Token has been revoked');
    await expect(refreshTokens(stack, second.refreshToken)).rejects.toThrow('Refresh Token has been revoked');
    await new Promise((r) => setTimeout(r, 1100)); // a token issued in a later second than the sign-out
    const again = await signIn(stack, first.email, first.password);
    expect((await refreshTokens(stack, again.refreshToken)).IdToken).toBeTruthy();
  });
});
