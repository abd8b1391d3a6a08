import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { COMMUNITY_MESSAGES, DAILY_LIMITS, RATE_LIMIT_MESSAGES, rateDay } from '@shared/community/strategy-posts';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';
import { builderShare } from '../support/community';
import { learner, marketBuy, monthlyChain } from '../support/learner';
import { waitFor } from '../support/local-stack';

const stack = inject('stack');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
);

async function member(name: string, admin = false) {
  let user = await signUpAndSignIn(stack, { name });
  if (admin) {
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: user.email, GroupName: 'admin' }));
    user = { ...user, ...(await signIn(stack, user.email, user.password)) };
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${stack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${user.idToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return { user, call };
}

type Summary = { id: string; title: string; useful: number; underlying: string; strategyType: string };
/** An underlying of its own, so no other test's posts share its feeds. */
const uniqueTicker = () => `Z${Array.from({ length: 6 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(Math.random() * 26)]).join('')}`;
const ids = (page: { posts: Summary[] }) => page.posts.map((p) => p.id);

describe('strategy sharing through the local gateway', () => {
  it('shares a strategy as relative legs, lists it in the filtered feeds, and rebuilds it on today’s chain', async () => {
    const ada = await member('Ada Lovelace');
    const body = await builderShare(stack, { title: `Bull call spread ${Date.now()}` });
    const shared = await ada.call('POST', '/api/community/posts', body);
    expect(shared.status).toBe(201);
    const post = shared.body.post;
    expect(post).toMatchObject({
      authorName: 'Ada Lovelace',
      underlying: 'SPY',
      strategyType: 'bull-call-spread',
      tags: ['bullish', 'spreads'],
      outcome: null,
      mine: true,
    });
    // Relative to the price and expiry: the long call near the money, the short one about 3% above; days to expiry kept.
    expect(post.legs[0].strikeRatio).toBeCloseTo(body.legs[0]!.strike / body.spot, 4);
    expect(post.legs[1].strikeRatio).toBeGreaterThan(post.legs[0].strikeRatio);
    expect(post.legs[0].dte).toBeGreaterThan(0);
    expect(post.legs[0].premiumRatio).toBeGreaterThan(0);

    const grace = await member('Grace Hopper');
    const newest = await grace.call('GET', '/api/community/posts?sort=newest');
    expect(newest.status).toBe(200);
    expect(ids(newest.body)[0]).toBe(post.id);
    expect(ids((await grace.call('GET', '/api/community/posts?underlying=spy')).body)).toContain(post.id);
    expect(ids((await grace.call('GET', '/api/community/posts?underlying=QQQ')).body)).not.toContain(post.id);
    expect(ids((await grace.call('GET', '/api/community/posts?strategy=bull-call-spread&underlying=SPY')).body)).toContain(post.id);
    expect(ids((await grace.call('GET', '/api/community/posts?strategy=iron-condor')).body)).not.toContain(post.id);
    expect((await grace.call('GET', '/api/community/posts?cursor=not-a-cursor')).status).toBe(400);

    const opened = await grace.call('GET', `/api/community/posts/${post.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.post).toMatchObject({ id: post.id, mine: false, votedUseful: false, commentList: [] });

    const rebuilt = await grace.call('GET', `/api/community/posts/${post.id}/builder`);
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.underlying).toBe('SPY');
    expect(rebuilt.body.legs).toHaveLength(2);
    // Today is the day it was shared: the same expiry and strikes come back.
    expect(rebuilt.body.legs.map((l: { strike: number; expiration: string; action: string }) => [l.action, l.strike, l.expiration])).toEqual(
      body.legs.map((l) => [l.action, l.strike, l.expiration]),
    );
  }, 90_000);

  it('shows an author by the display name they chose, linked to their public profile once they made it public', async () => {
    const ada = await member('Ada Lovelace');
    const set = await ada.call('PATCH', '/api/me/profile', { displayName: 'Countess Ada', visibility: { profile: true } });
    expect(set.status).toBe(200);
    // The first profile edit stores the profile, with its public id.
    const me = await ada.call('GET', '/api/me');
    expect(me.body.profile.publicId).not.toBe('');
    const shared = await ada.call('POST', '/api/community/posts', await builderShare(stack, { title: `Named ${Date.now()}` }));
    expect(shared.body.post).toMatchObject({ authorName: 'Countess Ada', authorPublicId: me.body.profile.publicId });

    const grace = await member('Grace Hopper');
    const feed = await grace.call('GET', '/api/community/posts?sort=newest');
    expect(feed.body.posts.find((p: Summary) => p.id === shared.body.post.id)).toMatchObject({
      authorName: 'Countess Ada',
      authorPublicId: me.body.profile.publicId,
    });
    expect((await grace.call('GET', `/api/people/${me.body.profile.publicId}`)).status).toBe(200);
    // A learner who never made a profile public comments under their name, with no link.
    const comment = await grace.call('POST', `/api/community/posts/${shared.body.post.id}/comments`, { body: 'Why that width?' });
    expect(comment.body.comment).toMatchObject({ authorName: 'Grace Hopper', authorPublicId: null });
  }, 60_000);

  it('pages the feed with a cursor: every post once, newest first', async () => {
    // An underlying of its own, so no other test's posts are on these pages; 22 posts from three learners (10 a day each).
    const ticker = uniqueTicker();
    const body = await builderShare(stack, { underlying: ticker });
    const shared: string[] = [];
    for (const name of ['Pager A', 'Pager B', 'Pager C']) {
      const a = await member(name);
      for (let i = 0; i < (name === 'Pager C' ? 2 : 10); i++) {
        const res = await a.call('POST', '/api/community/posts', { ...body, title: `${name} post ${i}` });
        expect(res.status).toBe(201);
        shared.push(res.body.post.id);
      }
    }
    const reader = await member('Reader');
    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { posts: Summary[]; cursor: string | null } } = await reader.call(
        'GET',
        `/api/community/posts?underlying=${ticker}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.body.posts.length).toBeLessThanOrEqual(20);
      all.push(...ids(res.body));
      cursor = res.body.cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(all).toEqual([...shared].reverse());
  }, 90_000);

  it('counts one useful vote per learner, also when two arrive at once, and takes it back', async () => {
    const author = await member('Author');
    const post = (await author.call('POST', '/api/community/posts', await builderShare(stack))).body.post;
    const voter = await member('Voter');
    const other = await member('Other');
    const twice = await Promise.all([
      voter.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: true }),
      voter.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: true }),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    const both = await Promise.all([
      other.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: true }),
      author.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: true }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const read = (await voter.call('GET', `/api/community/posts/${post.id}`)).body.post;
    expect(read.useful).toBe(3);
    expect(read.votedUseful).toBe(true);
    // The feed's copy counts the same, and "most useful" orders by it.
    const useful = (await voter.call('GET', '/api/community/posts?sort=useful')).body.posts as Summary[];
    expect(useful.find((p) => p.id === post.id)?.useful).toBe(3);
    expect((await voter.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: false })).body).toEqual({ useful: 2, votedUseful: false });
    expect((await voter.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: false })).body).toEqual({ useful: 2, votedUseful: false });
  }, 60_000);

  it('takes comments, reports; an operator hides the post from the feed and from others (404), its author sees it marked hidden, and restores it', async () => {
    const author = await member('Katherine Johnson');
    const post = (await author.call('POST', '/api/community/posts', await builderShare(stack, { title: `Hide me ${Date.now()}` }))).body.post;
    const reader = await member('Reader');
    const comment = await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'Why this width?' });
    expect(comment.status).toBe(201);
    expect(comment.body.comment).toMatchObject({ authorName: 'Reader', body: 'Why this width?', mine: true });
    const seen = (await author.call('GET', `/api/community/posts/${post.id}`)).body.post;
    expect(seen.comments).toBe(1);
    expect(seen.commentList.map((c: { body: string }) => c.body)).toEqual(['Why this width?']);
    expect((await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: '   ' })).status).toBe(400);

    expect((await reader.call('POST', `/api/community/posts/${post.id}/report`, { reason: 'Promises returns' })).status).toBe(202);
    expect((await reader.call('POST', `/api/community/posts/${post.id}/report`, { reason: 'again' })).status).toBe(409);
    expect((await reader.call('GET', '/api/admin/community/reports')).status).toBe(403);

    const op = await member('Operator', true);
    const queue = (await op.call('GET', '/api/admin/community/reports?status=open')).body.items as { postId: string; reports: number; reasons: string[] }[];
    expect(queue.find((i) => i.postId === post.id)).toMatchObject({ reports: 1, reasons: ['Promises returns'] });
    const hidden = await op.call('POST', `/api/admin/community/posts/${post.id}/hide`, {});
    expect(hidden.status).toBe(200);
    expect(hidden.body.item.status).toBe('hidden');

    expect(ids((await reader.call('GET', '/api/community/posts')).body)).not.toContain(post.id);
    expect((await reader.call('GET', `/api/community/posts/${post.id}`)).status).toBe(404);
    expect((await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'Still here?' })).status).toBe(404);
    expect((await reader.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: true })).status).toBe(404);
    const own = await author.call('GET', `/api/community/posts/${post.id}`);
    expect(own.status).toBe(200);
    expect(own.body.post.hidden).toBe(true);

    expect((await op.call('POST', `/api/admin/community/posts/${post.id}/restore`, {})).body.item.status).toBe('restored');
    expect(ids((await reader.call('GET', '/api/community/posts')).body)).toContain(post.id);

    // A comment is hidden on its own.
    const commentId = comment.body.comment.id;
    expect((await author.call('POST', `/api/community/posts/${post.id}/report`, { commentId })).status).toBe(202);
    expect((await op.call('POST', `/api/admin/community/posts/${post.id}/hide`, { commentId })).body.item).toMatchObject({ kind: 'comment', status: 'hidden' });
    expect((await author.call('GET', `/api/community/posts/${post.id}`)).body.post.commentList).toEqual([]);
    expect((await reader.call('GET', `/api/community/posts/${post.id}`)).body.post.commentList).toHaveLength(1);
  }, 90_000);

  it('counts a shared post toward Hello, Community once, through CommunityPostShared, with no XP for the post itself', async () => {
    const eve = await member('Eve Sharer');
    const shared = await eve.call('POST', '/api/community/posts', await builderShare(stack, { title: `Shared for the badge ${Date.now()}` }));
    expect(shared.status).toBe(201);
    const awards = await waitFor(
      async () => (await eve.call('GET', '/api/gamification/awards?limit=100')).body.awards as { achievementId?: string; source: string; xp: number }[],
      (list) => list.some((a) => a.achievementId === 'first-post'),
      30_000,
      'the Hello, Community award',
    );
    expect(awards.filter((a) => a.achievementId === 'first-post').map((a) => a.xp)).toEqual([100]);
    expect(awards.filter((a) => a.source === 'CommunityPostShared')).toEqual([]);
    const state = (await eve.call('GET', '/api/gamification/state')).body;
    expect(state.unlockedAchievements).toContain('first-post');
    expect(state.achievementProgress['ten-posts']).toMatchObject({ current: 1, total: 10 });
  }, 60_000);

  it('refuses the 11th post of a New York day with 429 and a clear message, and bad input with 400', async () => {
    const a = await member('Busy');
    // Ten posts already counted today (the counter the share writes in its transaction).
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `USER#${a.user.sub}`, SK: `CRATE#${rateDay(new Date())}` },
        UpdateExpression: 'SET posts = :n',
        ExpressionAttributeValues: { ':n': DAILY_LIMITS.posts },
      }),
    );
    const refused = await a.call('POST', '/api/community/posts', await builderShare(stack));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(RATE_LIMIT_MESSAGES.posts);
    expect((await a.call('POST', '/api/community/posts', await builderShare(stack, { title: 'x' }))).status).toBe(400);
    expect((await a.call('POST', '/api/community/posts', await builderShare(stack, { legs: [] }))).status).toBe(400);
    expect((await a.call('POST', '/api/community/posts', await builderShare(stack, { thesis: 'y'.repeat(5000) }))).status).toBe(400);
    expect((await a.call('GET', '/api/community/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await a.call('GET', '/api/community/posts/not-an-id')).status).toBe(400);
  }, 60_000);

  it('refuses the 61st comment of the day', async () => {
    const a = await member('Chatty');
    const post = (await a.call('POST', '/api/community/posts', await builderShare(stack))).body.post;
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `USER#${a.user.sub}`, SK: `CRATE#${rateDay(new Date())}` },
        UpdateExpression: 'SET comments = :n',
        ExpressionAttributeValues: { ':n': DAILY_LIMITS.comments },
      }),
    );
    const refused = await a.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'One more' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(RATE_LIMIT_MESSAGES.comments);
    expect((await a.call('GET', `/api/community/posts/${post.id}`)).body.post.comments).toBe(0);
  }, 60_000);

  it('lets the author withdraw a post: gone from every feed, sort and page with its comments, votes and reports; others get 404; a retry is safe; the day still counts it', async () => {
    const ticker = uniqueTicker();
    const author = await member('Withdrawing Author');
    // Nine shared today already: this post is the tenth, the last of the day.
    await db.send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: { PK: `USER#${author.user.sub}`, SK: `CRATE#${rateDay(new Date())}` },
        UpdateExpression: 'SET posts = :n',
        ExpressionAttributeValues: { ':n': DAILY_LIMITS.posts - 1 },
      }),
    );
    const share = await builderShare(stack, { underlying: ticker, title: `Take it back ${Date.now()}` });
    const post = (await author.call('POST', '/api/community/posts', share)).body.post;
    const reader = await member('Withdraw Reader');
    const comment = (await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'What if it gaps down?' })).body.comment;
    expect((await reader.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: true })).status).toBe(200);
    expect((await reader.call('POST', `/api/community/posts/${post.id}/report`, { reason: 'Too good to be true' })).status).toBe(202);
    expect((await author.call('POST', `/api/community/posts/${post.id}/report`, { commentId: comment.id, reason: 'Off topic' })).status).toBe(202);
    const op = await member('Withdraw Operator', true);
    const openQueue = async () => ((await op.call('GET', '/api/admin/community/reports?status=open')).body.items as { postId: string }[]).map((i) => i.postId);
    expect((await openQueue()).filter((id) => id === post.id)).toHaveLength(2);

    const feeds = [
      '/api/community/posts?sort=newest',
      `/api/community/posts?underlying=${ticker}`,
      `/api/community/posts?underlying=${ticker}&sort=useful`,
      `/api/community/posts?underlying=${ticker}&strategy=bull-call-spread`,
      `/api/community/posts?underlying=${ticker}&strategy=bull-call-spread&sort=useful`,
      '/api/community/posts?strategy=bull-call-spread',
    ];
    for (const feed of feeds) expect(ids((await reader.call('GET', feed)).body), feed).toContain(post.id);

    // Someone else's post, or one that never existed, answers 404 and nothing changes.
    const refused = await reader.call('DELETE', `/api/community/posts/${post.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(COMMUNITY_MESSAGES.postNotFound);
    expect((await reader.call('DELETE', '/api/community/posts/01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
    expect((await reader.call('DELETE', '/api/community/posts/not-an-id')).status).toBe(400);
    const untouched = (await reader.call('GET', `/api/community/posts/${post.id}`)).body.post;
    expect(untouched).toMatchObject({ useful: 1, comments: 1, votedUseful: true });
    expect(untouched.commentList).toHaveLength(1);

    // The author withdraws it; a retry, even one that arrives at the same time, answers the same.
    const twice = await Promise.all([author.call('DELETE', `/api/community/posts/${post.id}`), author.call('DELETE', `/api/community/posts/${post.id}`)]);
    expect(twice.map((r) => r.status)).toEqual([204, 204]);
    expect((await author.call('DELETE', `/api/community/posts/${post.id}`)).status).toBe(204);

    for (const feed of feeds) expect(ids((await reader.call('GET', feed)).body), feed).not.toContain(post.id);
    for (const who of [author, reader]) expect((await who.call('GET', `/api/community/posts/${post.id}`)).status).toBe(404);
    expect((await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'Hello?' })).status).toBe(404);
    expect((await reader.call('PUT', `/api/community/posts/${post.id}/vote`, { useful: false })).status).toBe(404);
    expect((await reader.call('POST', `/api/community/posts/${post.id}/report`, { reason: 'late' })).status).toBe(404);
    expect((await reader.call('GET', `/api/community/posts/${post.id}/builder`)).status).toBe(404);
    expect((await op.call('POST', `/api/admin/community/posts/${post.id}/hide`, {})).status).toBe(404);
    // The reports left the queue.
    expect(await openQueue()).not.toContain(post.id);

    // Nothing of it is left but a tombstone without words, and no learner keeps a copy of a comment, vote or report on it.
    const left = await db.send(
      new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `CPOST#${post.id}` } }),
    );
    expect(left.Items).toEqual([expect.objectContaining({ SK: 'POST', withdrawn: true, authorId: author.user.sub })]);
    expect(left.Items![0]).not.toHaveProperty('title');
    expect(left.Items![0]).not.toHaveProperty('thesis');
    const copies = async (sub: string) =>
      (await db.send(new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': `USER#${sub}` } })))
        .Items!.map((i) => String(i.SK))
        .filter((sk) => sk.includes(post.id));
    expect(await copies(author.user.sub)).toEqual([]);
    expect(await copies(reader.user.sub)).toEqual([]);

    // The day still counts the withdrawn post: deleting and sharing again cannot get round the limit.
    const again = await author.call('POST', '/api/community/posts', share);
    expect(again.status).toBe(429);
    expect(again.body.error).toBe(RATE_LIMIT_MESSAGES.posts);
  }, 90_000);

  it('lets a commenter withdraw their comment: gone from the post, the counts down, its reports out of the queue; the author of the post cannot', async () => {
    const author = await member('Post Author');
    const post = (await author.call('POST', '/api/community/posts', await builderShare(stack, { title: `Comments ${Date.now()}` }))).body.post;
    const reader = await member('Second Thoughts');
    const first = (await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'This is wrong.' })).body.comment;
    const second = (await reader.call('POST', `/api/community/posts/${post.id}/comments`, { body: 'Sorry, I misread the strikes.' })).body.comment;
    expect((await author.call('POST', `/api/community/posts/${post.id}/report`, { commentId: first.id, reason: 'Rude' })).status).toBe(202);
    const op = await member('Comment Operator', true);
    const queued = async () =>
      ((await op.call('GET', '/api/admin/community/reports?status=open')).body.items as { postId: string; commentId: string | null }[]).filter(
        (i) => i.postId === post.id,
      );
    expect(await queued()).toEqual([expect.objectContaining({ commentId: first.id })]);

    const path = `/api/community/posts/${post.id}/comments/${first.id}`;
    expect((await author.call('DELETE', path)).status).toBe(404);
    expect((await reader.call('DELETE', `/api/community/posts/${post.id}/comments/01ARZ3NDEKTSV4RRFFQ69G5FAV`)).status).toBe(404);
    expect((await author.call('GET', `/api/community/posts/${post.id}`)).body.post.comments).toBe(2);

    expect((await reader.call('DELETE', path)).status).toBe(204);
    expect((await reader.call('DELETE', path)).status).toBe(204);
    const seen = (await author.call('GET', `/api/community/posts/${post.id}`)).body.post;
    expect(seen.comments).toBe(1);
    expect(seen.commentList.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const inFeed = ((await author.call('GET', '/api/community/posts?sort=newest')).body.posts as { id: string; comments: number }[]).find(
      (p) => p.id === post.id,
    );
    expect(inFeed?.comments).toBe(1);
    expect(await queued()).toEqual([]);
    expect((await author.call('POST', `/api/community/posts/${post.id}/report`, { commentId: first.id })).status).toBe(404);
    expect((await op.call('POST', `/api/admin/community/posts/${post.id}/hide`, { commentId: first.id })).status).toBe(404);
    // No copies left behind: the commenter's own, and the reporter's.
    for (const [sub, sk] of [
      [reader.user.sub, `CCOMMENT#${post.id}#${first.id}`],
      [author.user.sub, `CREPORT#${post.id}#COMMENT#${first.id}`],
    ] as const)
      expect((await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `USER#${sub}`, SK: sk } }))).Item).toBeUndefined();
    // The day still counts both comments.
    const day = await db.send(new GetCommand({ TableName: stack.tableName, Key: { PK: `USER#${reader.user.sub}`, SK: `CRATE#${rateDay(new Date())}` } }));
    expect(day.Item?.comments).toBe(2);
  }, 60_000);

  it('shares a closed journal trade relative to its entry, with its result only when the learner opts in', async () => {
    const { call } = await learner(stack, 100_000);
    const chain = await monthlyChain(stack, 'SPY');
    const contract = chain.nearest('call', chain.price * 1.01);
    const opened = await call('POST', '/api/orders', { ...marketBuy(contract.contract_ticker, 2), strategy: 'Long Call' });
    expect(opened.status).toBe(201);
    const tradeId = opened.body.order.orderId as string;
    await waitFor(
      () => call('GET', `/api/journal/trades/${tradeId}`),
      (r) => r.status === 200,
      30_000,
      'the journal trade',
    );
    const share = { source: 'journal', journalTradeId: tradeId, title: 'My first long call', thesis: 'Bought a call a month out to learn theta.' };
    // Only a closed trade.
    expect((await call('POST', '/api/community/posts', share)).status).toBe(422);
    expect((await call('POST', `/api/positions/${contract.contract_ticker}/close`, { whenClosed: 'last-close' })).status).toBeLessThan(300);
    const trade = (
      await waitFor(
        () => call('GET', `/api/journal/trades/${tradeId}`),
        (r) => r.status === 200 && r.body.trade.status === 'closed',
        30_000,
        'the journal trade closed',
      )
    ).body.trade;

    const without = await call('POST', '/api/community/posts', share);
    expect(without.status).toBe(201);
    expect(without.body.post).toMatchObject({ source: 'journal', underlying: 'SPY', strategyType: 'long-call', outcome: null, hasOutcome: false });
    expect(without.body.post.legs).toEqual([
      {
        action: 'buy',
        optionType: 'call',
        strikeRatio: expect.closeTo(contract.strike_price / trade.entry.underlyingPrice, 8),
        dte: trade.entry.dte,
        quantity: 1,
        premiumRatio: expect.any(Number),
      },
    ]);
    const withOutcome = await call('POST', '/api/community/posts', { ...share, includeOutcome: true });
    expect(withOutcome.body.post.outcome).toMatchObject({ realizedPnl: trade.realizedPnl, exitReason: 'closed', daysHeld: 0 });
    // Another learner cannot share it.
    const other = await member('Someone else');
    expect((await other.call('POST', '/api/community/posts', share)).status).toBe(404);
  }, 90_000);
});
