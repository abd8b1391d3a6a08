import { describe, expect, it } from 'vitest';
import {
  feedVariant,
  readPost,
  sharePost,
  withdrawal,
  withdrawComment,
  withdrawPost,
  type PostDeps,
  type PostRepository,
  type StoredPost,
} from '@shared/community/posts';
import { SharePostBody } from '@shared/community/posts.api';
import { COMMUNITY_MESSAGES, RATE_LIMIT_MESSAGES } from '@shared/community/strategy-posts';
import { DomainEvent } from '@shared/events/domain-events';
import type { JournalTrade } from '@shared/journal/trades';

/** Just what sharing, reading and withdrawing need; the DynamoDB adapter is exercised by the integration tests. */
function memoryPosts() {
  const posts = new Map<string, StoredPost & { withdrawn?: boolean }>();
  const events: unknown[] = [];
  let counted = 0;
  const repo = {
    async create(p: StoredPost, limit: { max: number }, event: unknown) {
      if (counted >= limit.max) return 'rate_limited' as const;
      counted++;
      posts.set(p.id, p);
      events.push(event);
      return 'ok' as const;
    },
    async get(id: string) {
      const p = posts.get(id);
      return p && !p.withdrawn ? p : null;
    },
    // As the adapter does: the author's post becomes a tombstone, which a retry finds.
    async withdrawPost(w: { postId: string; userId: string }) {
      const p = posts.get(w.postId) ?? null;
      const may = withdrawal(p, w.userId);
      if (may === 'withdraw') posts.set(w.postId, { ...p!, withdrawn: true });
      return may === 'missing' ? 'missing' : 'ok';
    },
    async withdrawComment() {
      return 'missing';
    },
    async comments() {
      return [];
    },
    async hasVoted() {
      return false;
    },
  } as unknown as PostRepository;
  return { repo, posts, events };
}

const closedTrade = (over: Partial<JournalTrade> = {}): JournalTrade =>
  ({
    id: 'T1',
    account: 'paper',
    run: 1,
    strategy: 'Long Call',
    strategySource: 'builder',
    underlying: 'QQQ',
    openedAt: '2026-10-01T15:00:00Z',
    closedAt: '2026-10-11T15:00:00Z',
    status: 'closed',
    legs: [
      {
        contract: 'O:QQQ261120C00500000',
        underlying: 'QQQ',
        optionType: 'call',
        strike: 500,
        expiration: '2026-11-20',
        side: 'buy',
        quantity: 2,
        openPrice: 10,
        openCommission: 1.3,
        iv: 0.2,
        open: 0,
        closes: [],
      },
    ],
    entry: {
      netPremium: -2000,
      commissions: 1.3,
      underlyingPrice: 490,
      iv: 0.2,
      greeks: null,
      maxProfit: null,
      maxLoss: 2000,
      breakevens: [510],
      pop: 0.4,
      dte: 50,
      lots: 2,
    },
    realizedPnl: 500,
    exitReason: 'closed',
    marks: [],
    mfe: null,
    mae: null,
    entryId: null,
    setupTags: [],
    mistakeTags: [],
    ...over,
  }) as JournalTrade;

function deps(trades: JournalTrade[] = []) {
  const mem = memoryPosts();
  let n = 0;
  const d: PostDeps = {
    posts: mem.repo,
    journal: { getTrades: async (userId, ids) => new Map(trades.filter((t) => userId === 'ada' && ids.includes(t.id)).map((t) => [t.id, { trade: t }])) },
    clock: { now: () => new Date('2026-11-20T15:00:00Z') },
    ids: { newId: () => `01JD00000000000000000000${String(n++).padStart(2, '0')}` },
  };
  return { d, mem };
}
const ada = { userId: 'ada', displayName: 'Ada', publicId: 'pubada' };
const journalBody = (over: Record<string, unknown> = {}) =>
  SharePostBody.parse({ source: 'journal', title: 'My first call', thesis: 'Bought a month out, sold at +25%.', journalTradeId: 'T1', ...over });

describe('sharing a closed journal trade', () => {
  it('reports the share as CommunityPostShared, with its own event id, in the write of the post (gamification counts it)', async () => {
    const { d, mem } = deps([closedTrade()]);
    const out = await sharePost(d, ada, journalBody());
    if (!out.ok) throw new Error(out.error.message);
    expect(mem.events).toEqual([
      {
        type: 'CommunityPostShared',
        detail: { eventId: expect.not.stringMatching(out.value.id), userId: 'ada', postId: out.value.id, at: '2026-11-20T15:00:00.000Z' },
      },
    ]);
    expect(DomainEvent.safeParse(mem.events[0]).success).toBe(true);
  });

  it('keeps the legs relative to the price and day the trade opened, per lot, and leaves the outcome out by default', async () => {
    const { d } = deps([closedTrade()]);
    const out = await sharePost(d, ada, journalBody());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value).toMatchObject({
      source: 'journal',
      underlying: 'QQQ',
      strategyType: 'long-call',
      refPrice: 490,
      refDate: '2026-10-01',
      outcome: null,
      hasOutcome: false,
    });
    expect(out.value.legs).toEqual([
      { action: 'buy', optionType: 'call', strikeRatio: expect.closeTo(500 / 490, 8), dte: 50, quantity: 1, premiumRatio: expect.closeTo(10 / 490, 8) },
    ]);
  });

  it('shows the outcome only when the learner opts in', async () => {
    const { d } = deps([closedTrade()]);
    const out = await sharePost(d, ada, journalBody({ includeOutcome: true }));
    expect(out.ok && out.value.outcome).toEqual({
      realizedPnl: 500,
      exitReason: 'closed',
      openedAt: '2026-10-01T15:00:00Z',
      closedAt: '2026-10-11T15:00:00Z',
      daysHeld: 10,
      returnOnRisk: 0.25,
    });
  });

  it("refuses an open trade, and another learner's trade as not found", async () => {
    const { d } = deps([closedTrade({ status: 'open', closedAt: null })]);
    expect(await sharePost(d, ada, journalBody())).toMatchObject({ ok: false, error: { code: 'unprocessable' } });
    expect(await sharePost(d, { userId: 'bob', displayName: 'Bob', publicId: null }, journalBody())).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

/** A post shared from the builder, for the limit, visibility and withdrawal tests. */
const builder = SharePostBody.parse({
  source: 'builder',
  title: 'Spread',
  thesis: 'Long enough thesis.',
  underlying: 'SPY',
  strategyName: 'Bull Call Spread',
  spot: 580,
  legs: [{ action: 'buy', optionType: 'call', strike: 580, expiration: '2026-12-18', quantity: 1, premium: 9.5 }],
});

describe('limits and visibility', () => {
  it('refuses the 11th post of the day with the message', async () => {
    const { d } = deps();
    for (let i = 0; i < 10; i++) expect((await sharePost(d, ada, builder)).ok).toBe(true);
    expect(await sharePost(d, ada, builder)).toEqual({ ok: false, error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.posts } });
  });

  it('answers a hidden post as not found to everyone but its author, who sees it marked hidden', async () => {
    const { d, mem } = deps();
    const out = await sharePost(d, ada, builder);
    if (!out.ok) throw new Error('not shared');
    mem.posts.set(out.value.id, { ...mem.posts.get(out.value.id)!, hidden: true });
    expect(await readPost(d, out.value.id, 'bob')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await readPost(d, out.value.id, 'ada')).toMatchObject({ ok: true, value: { hidden: true, mine: true } });
  });

  it('reads each filter from its own feed partition', () => {
    expect(feedVariant({})).toBe('ALL');
    expect(feedVariant({ underlying: 'SPY' })).toBe('U#SPY');
    expect(feedVariant({ strategy: 'iron-condor' })).toBe('S#iron-condor');
    expect(feedVariant({ underlying: 'SPY', strategy: 'iron-condor' })).toBe('US#SPY#iron-condor');
  });
});

describe('withdrawing a post or comment', () => {
  it('is for the author only: anyone else, like an unknown id, is told nothing exists; a repeat by the author finds it already done', () => {
    expect(withdrawal(null, 'ada')).toBe('missing');
    expect(withdrawal({ authorId: 'ada' }, 'bob')).toBe('missing');
    expect(withdrawal({ authorId: 'ada', withdrawn: true }, 'bob')).toBe('missing');
    expect(withdrawal({ authorId: 'ada', withdrawn: false }, 'ada')).toBe('withdraw');
    expect(withdrawal({ authorId: 'ada', withdrawn: true }, 'ada')).toBe('already');
  });

  it("answers someone else's post as not found and leaves it; the author's withdrawal hides it from everyone, and a retry answers the same", async () => {
    const { d } = deps();
    const out = await sharePost(d, ada, builder);
    if (!out.ok) throw new Error('not shared');
    const id = out.value.id;
    expect(await withdrawPost(d, 'bob', id)).toEqual({ ok: false, error: { code: 'not_found', message: COMMUNITY_MESSAGES.postNotFound } });
    expect((await readPost(d, id, 'bob')).ok).toBe(true);
    expect(await withdrawPost(d, 'ada', id)).toEqual({ ok: true, value: true });
    expect(await withdrawPost(d, 'ada', id)).toEqual({ ok: true, value: true });
    expect(await readPost(d, id, 'ada')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await readPost(d, id, 'bob')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await withdrawPost(d, 'ada', '01JD00000000000000000000ZZ')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('still counts a withdrawn post against the day, so deleting and sharing again cannot pass ten', async () => {
    const { d } = deps();
    for (let i = 0; i < 10; i++) {
      const out = await sharePost(d, ada, builder);
      if (!out.ok) throw new Error('not shared');
      expect((await withdrawPost(d, 'ada', out.value.id)).ok).toBe(true);
    }
    expect(await sharePost(d, ada, builder)).toEqual({ ok: false, error: { code: 'rate_limited', message: RATE_LIMIT_MESSAGES.posts } });
  });

  it('answers a comment that is not the learner’s with the comment message', async () => {
    const { d } = deps();
    expect(await withdrawComment(d, 'bob', 'p', 'c')).toEqual({ ok: false, error: { code: 'not_found', message: COMMUNITY_MESSAGES.commentNotFound } });
  });
});
