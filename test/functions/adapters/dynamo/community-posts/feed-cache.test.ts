import { describe, expect, it } from 'vitest';
import { withFeedCache } from '../../../../../functions/adapters/dynamo/community-posts/feed-cache';
import type { PostRepository } from '@shared/community/posts';

function fakeRepo() {
  let reads = 0;
  const repo = {
    async feed() {
      reads++;
      return { posts: [], cursor: `read ${reads}` };
    },
    async setVote() {
      return { useful: 1, votedUseful: true };
    },
    async withdrawPost() {
      return 'ok';
    },
    async withdrawComment() {
      return 'ok';
    },
  } as unknown as PostRepository;
  return { repo, reads: () => reads };
}

const q = { variant: 'ALL', sort: 'newest' as const, limit: 20 };

describe('the warm feed cache', () => {
  const cursorOf = (a: Awaited<ReturnType<PostRepository['feed']>>) => (a === 'bad_cursor' ? a : a.cursor);

  it('answers readers arriving together with one read; after the time to live it answers the old page once while reading the next', async () => {
    let t = 0;
    const { repo, reads } = fakeRepo();
    const cached = withFeedCache(repo, 2_000, () => t);
    const answers = await Promise.all([cached.feed(q), cached.feed(q), cached.feed(q)]);
    expect(reads()).toBe(1);
    expect(new Set(answers.map(cursorOf))).toEqual(new Set(['read 1']));
    t = 1_999;
    expect(cursorOf(await cached.feed(q))).toBe('read 1');
    expect(reads()).toBe(1);
    t = 2_000;
    expect(cursorOf(await cached.feed(q))).toBe('read 1');
    expect(reads()).toBe(2);
    expect(cursorOf(await cached.feed(q))).toBe('read 2');
    await cached.feed({ ...q, sort: 'useful' });
    expect(reads()).toBe(3);
  });

  it('forgets every page when this function writes, so a learner sees their own vote at once', async () => {
    const { repo, reads } = fakeRepo();
    const cached = withFeedCache(repo, 60_000, () => 0);
    await cached.feed(q);
    await cached.setVote('p', 'u', true);
    await cached.feed(q);
    expect(reads()).toBe(2);
  });

  it('forgets every page when an author withdraws a post or a comment, so the feed stops listing it (or counting it) at once', async () => {
    const { repo, reads } = fakeRepo();
    const cached = withFeedCache(repo, 60_000, () => 0);
    await cached.feed(q);
    await cached.withdrawPost({ postId: 'p', userId: 'u', at: '2026-11-26T12:00:00Z' });
    await cached.feed(q);
    expect(reads()).toBe(2);
    await cached.withdrawComment({ postId: 'p', commentId: 'c', userId: 'u', at: '2026-11-26T12:00:00Z' });
    await cached.feed(q);
    expect(reads()).toBe(3);
  });
});
