import { domainEvent, type EventOf } from '../events/domain-events';
import type { BacktestShare, ShareAuthor } from '../backtest/backtest.port';
import type { JournalTrade } from '../journal/trades';
import { newYorkParts } from '../market/dates';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/ids.port';
import { fail, ok, type Result } from '../result';
import type { ModerationItem, Post, PostComment, PostSummary, SharePost } from './posts.api';
import {
  COMMUNITY_MESSAGES,
  DAILY_LIMITS,
  FEED_PAGE_SIZE,
  fromJournalTrade,
  normaliseTags,
  RATE_LIMIT_MESSAGES,
  rateDay,
  strategyType,
  type FeedSort,
} from './strategy-posts';
import { expiriesFor, legTemplates, rebuildOnChain, type ConcreteLeg } from '../strategy/shape';

/** A post as stored: what everyone sees, plus its author's id and whether an operator hid it. */
export type StoredPost = Omit<Post, 'mine' | 'votedUseful' | 'commentList'> & { authorId: string };
export type StoredComment = Omit<PostComment, 'mine'> & { authorId: string; hidden: boolean };

/** The feed's partitions: every post, by underlying, by strategy type, and by both. */
export function feedVariant(filter: { underlying?: string | undefined; strategy?: string | undefined }): string {
  if (filter.underlying && filter.strategy) return `US#${filter.underlying}#${filter.strategy}`;
  if (filter.underlying) return `U#${filter.underlying}`;
  if (filter.strategy) return `S#${filter.strategy}`;
  return 'ALL';
}
export const feedVariantsOf = (p: Pick<StoredPost, 'underlying' | 'strategyType'>): string[] => [
  'ALL',
  `U#${p.underlying}`,
  `S#${p.strategyType}`,
  `US#${p.underlying}#${p.strategyType}`,
];

export const summaryOf = (p: StoredPost): PostSummary => ({
  id: p.id,
  title: p.title,
  authorName: p.authorName,
  authorPublicId: p.authorPublicId,
  underlying: p.underlying,
  strategyName: p.strategyName,
  strategyType: p.strategyType,
  tags: p.tags,
  source: p.source,
  useful: p.useful,
  comments: p.comments,
  createdAt: p.createdAt,
  hasOutcome: p.outcome !== null,
});

export type Counted = 'ok' | 'rate_limited';

export interface PostRepository {
  /**
   * Writes the post, its feed entries, the author's copy and the event that reports it (through the outbox), counting it
   * against the day's limit, in one transaction.
   */
  create(post: StoredPost, limit: { day: string; max: number }, event: EventOf<'CommunityPostShared'>): Promise<Counted>;
  get(id: string): Promise<StoredPost | null>;
  comments(id: string): Promise<StoredComment[]>;
  hasVoted(id: string, userId: string): Promise<boolean>;
  feed(q: {
    variant: string;
    sort: FeedSort;
    limit: number;
    cursor?: string | undefined;
  }): Promise<{ posts: PostSummary[]; cursor: string | null } | 'bad_cursor'>;
  addComment(c: StoredComment, limit: { day: string; max: number }): Promise<Counted | 'missing'>;
  /** Sets the learner's vote to `useful`; the count changes in the same transaction as the vote, conditionally. */
  setVote(postId: string, userId: string, useful: boolean): Promise<{ useful: number; votedUseful: boolean } | 'missing'>;
  report(r: {
    postId: string;
    commentId: string | null;
    userId: string;
    reason: string;
    excerpt: string;
    authorName: string;
    at: string;
  }): Promise<'ok' | 'duplicate' | 'missing'>;
  queue(status: ModerationItem['status'], limit: number): Promise<ModerationItem[]>;
  moderate(m: { postId: string; commentId: string | null; action: 'hide' | 'restore'; at: string; by: string }): Promise<ModerationItem | 'missing'>;
  /**
   * The author takes their post back (see `withdrawal`): hidden from everyone with one conditional write (out of every
   * feed at once), then its comments, votes, reports and queue entries removed. 'ok' also for a retry after it was
   * withdrawn; 'missing' for no such post or someone else's.
   */
  withdrawPost(w: { postId: string; userId: string; at: string }): Promise<'ok' | 'missing'>;
  /** The author takes their comment back: gone from the post, the count down by one, its reports out of the queue. */
  withdrawComment(w: { postId: string; commentId: string; userId: string; at: string }): Promise<'ok' | 'missing'>;
  /** Removes the learner's posts (with everything on them), comments, votes and reports; safe to run again. */
  eraseLearner(userId: string): Promise<void>;
}

export interface JournalTrades {
  getTrades(userId: string, ids: readonly string[]): Promise<Map<string, { trade: JournalTrade }>>;
}

export interface ChainSource {
  expiries(underlying: string): Promise<string[] | null>;
  /** Spot and the listed strikes of one expiry, by option type; null when not listed. */
  chain(underlying: string, expiration: string): Promise<{ spot: number; strikes: { call: number[]; put: number[] } } | null>;
}

export interface PostDeps {
  posts: PostRepository;
  journal: JournalTrades;
  clock: Clock;
  ids: IdGenerator;
}

export interface Author {
  userId: string;
  displayName: string;
  /** Their public profile's id when it is public (shared/users/profile.ts publicCard), else null. */
  publicId: string | null;
}

/** Shares a strategy (from the builder's legs, or a closed journal trade the server reads itself). */
export async function sharePost(deps: PostDeps, author: Author, body: SharePost): Promise<Result<Post>> {
  const now = deps.clock.now();
  const today = newYorkParts(now).date;
  let legs: ConcreteLeg[];
  let spot: number;
  let refDate = today;
  let underlying: string;
  let strategyName: string;
  let outcome: Post['outcome'] = null;
  if (body.source === 'builder') {
    legs = body.legs;
    spot = body.spot;
    underlying = body.underlying;
    strategyName = body.strategyName;
  } else {
    const found = (await deps.journal.getTrades(author.userId, [body.journalTradeId])).get(body.journalTradeId);
    if (!found) return fail('not_found', COMMUNITY_MESSAGES.tradeNotFound);
    const t = found.trade;
    if (t.status !== 'closed') return fail('unprocessable', COMMUNITY_MESSAGES.tradeOpen);
    const from = fromJournalTrade(t);
    if (!from.spot || from.legs.length === 0)
      return fail('unprocessable', 'This trade has no underlying price at entry, so its legs cannot be shared relative to it.');
    legs = from.legs.slice(0, 8);
    spot = from.spot;
    refDate = from.sharedFrom;
    underlying = t.underlying;
    strategyName = t.strategy || 'Custom';
    outcome = body.includeOutcome ? from.outcome : null;
  }
  const post: StoredPost = {
    id: deps.ids.newId(),
    authorId: author.userId,
    authorName: author.displayName,
    authorPublicId: author.publicId,
    title: body.title,
    thesis: body.thesis,
    tags: normaliseTags(body.tags),
    underlying,
    strategyName,
    strategyType: strategyType(strategyName),
    source: body.source,
    legs: legTemplates(legs, spot, refDate),
    refPrice: spot,
    refDate,
    outcome,
    hasOutcome: outcome !== null,
    useful: 0,
    comments: 0,
    hidden: false,
    createdAt: now.toISOString(),
  };
  const shared = domainEvent('CommunityPostShared', { userId: author.userId, postId: post.id, at: post.createdAt }, deps.ids.newId());
  const counted = await deps.posts.create(post, { day: rateDay(now), max: DAILY_LIMITS.posts }, shared);
  if (counted === 'rate_limited') return fail('rate_limited', RATE_LIMIT_MESSAGES.posts);
  return ok(view(post, author.userId, [], false));
}

/**
 * Shares a saved backtest (issue 39) as a strategy post: its legs (the run's first trade) relative to that trade's entry
 * close and date, and its rules and headline figures in `backtest`. The backtester's share use case builds the input from
 * the learner's own run (shared/backtest/use-cases/share-run.ts); like any post it counts against the day's limit.
 */
export async function shareBacktestPost(
  deps: Pick<PostDeps, 'posts' | 'clock' | 'ids'>,
  author: ShareAuthor,
  input: BacktestShare,
): Promise<Result<{ postId: string }>> {
  const now = deps.clock.now();
  const post: StoredPost = {
    id: deps.ids.newId(),
    authorId: author.userId,
    authorName: author.displayName,
    authorPublicId: author.publicId,
    title: input.title,
    thesis: input.thesis,
    tags: normaliseTags(input.tags),
    underlying: input.underlying,
    strategyName: input.strategyName,
    strategyType: strategyType(input.strategyName),
    source: 'backtest',
    legs: legTemplates(input.legs.slice(0, 8), input.spot, input.refDate),
    refPrice: input.spot,
    refDate: input.refDate,
    outcome: null,
    hasOutcome: false,
    backtest: input.backtest,
    useful: 0,
    comments: 0,
    hidden: false,
    createdAt: now.toISOString(),
  };
  const shared = domainEvent('CommunityPostShared', { userId: author.userId, postId: post.id, at: post.createdAt }, deps.ids.newId());
  const counted = await deps.posts.create(post, { day: rateDay(now), max: DAILY_LIMITS.posts }, shared);
  if (counted === 'rate_limited') return fail('rate_limited', RATE_LIMIT_MESSAGES.posts);
  return ok({ postId: post.id });
}

function view(p: StoredPost, viewer: string, comments: StoredComment[], votedUseful: boolean): Post {
  const { authorId, ...rest } = p;
  return {
    ...rest,
    mine: authorId === viewer,
    votedUseful,
    commentList: comments.filter((c) => !c.hidden || c.authorId === viewer).map(({ authorId: who, hidden: _hidden, ...c }) => ({ ...c, mine: who === viewer })),
  };
}

/** A post the viewer may see: a hidden one only by its author; anyone else gets the same 404 as for no post at all. */
async function visible(deps: Pick<PostDeps, 'posts'>, id: string, viewer: string): Promise<StoredPost | null> {
  const p = await deps.posts.get(id);
  return p && (!p.hidden || p.authorId === viewer) ? p : null;
}

export async function readPost(deps: Pick<PostDeps, 'posts'>, id: string, viewer: string): Promise<Result<Post>> {
  const p = await visible(deps, id, viewer);
  if (!p) return fail('not_found', COMMUNITY_MESSAGES.postNotFound);
  const [comments, voted] = await Promise.all([deps.posts.comments(id), deps.posts.hasVoted(id, viewer)]);
  return ok(view(p, viewer, comments, voted));
}

export async function readFeed(
  deps: Pick<PostDeps, 'posts'>,
  q: { sort: FeedSort; underlying?: string | undefined; strategy?: string | undefined; cursor?: string | undefined },
): Promise<Result<{ posts: PostSummary[]; cursor: string | null }>> {
  const page = await deps.posts.feed({ variant: feedVariant(q), sort: q.sort, limit: FEED_PAGE_SIZE, cursor: q.cursor });
  return page === 'bad_cursor' ? fail('bad_request', 'The feed cursor is not valid: start again from the first page.') : ok(page);
}

export async function addComment(deps: PostDeps, author: Author, postId: string, body: string): Promise<Result<PostComment>> {
  const p = await visible(deps, postId, author.userId);
  if (!p || p.hidden) return fail('not_found', COMMUNITY_MESSAGES.postNotFound);
  const now = deps.clock.now();
  const c: StoredComment = {
    id: deps.ids.newId(),
    postId,
    authorId: author.userId,
    authorName: author.displayName,
    authorPublicId: author.publicId,
    body,
    createdAt: now.toISOString(),
    hidden: false,
  };
  const out = await deps.posts.addComment(c, { day: rateDay(now), max: DAILY_LIMITS.comments });
  if (out === 'missing') return fail('not_found', COMMUNITY_MESSAGES.postNotFound);
  if (out === 'rate_limited') return fail('rate_limited', RATE_LIMIT_MESSAGES.comments);
  const { authorId: _a, hidden: _h, ...shown } = c;
  return ok({ ...shown, mine: true });
}

export async function vote(
  deps: Pick<PostDeps, 'posts'>,
  userId: string,
  postId: string,
  useful: boolean,
): Promise<Result<{ useful: number; votedUseful: boolean }>> {
  const p = await visible(deps, postId, userId);
  if (!p || p.hidden) return fail('not_found', COMMUNITY_MESSAGES.postNotFound);
  const out = await deps.posts.setVote(postId, userId, useful);
  return out === 'missing' ? fail('not_found', COMMUNITY_MESSAGES.postNotFound) : ok(out);
}

export async function report(
  deps: Pick<PostDeps, 'posts' | 'clock'>,
  userId: string,
  postId: string,
  target: { commentId?: string | undefined; reason: string },
): Promise<Result<true>> {
  const p = await visible(deps, postId, userId);
  if (!p) return fail('not_found', COMMUNITY_MESSAGES.postNotFound);
  let excerpt = p.title;
  let authorName = p.authorName;
  if (target.commentId) {
    const c = (await deps.posts.comments(postId)).find((x) => x.id === target.commentId && (!x.hidden || x.authorId === userId));
    if (!c) return fail('not_found', COMMUNITY_MESSAGES.commentNotFound);
    excerpt = c.body;
    authorName = c.authorName;
  }
  const out = await deps.posts.report({
    postId,
    commentId: target.commentId ?? null,
    userId,
    reason: target.reason,
    excerpt: excerpt.slice(0, 280),
    authorName,
    at: deps.clock.now().toISOString(),
  });
  if (out === 'missing') return fail('not_found', target.commentId ? COMMUNITY_MESSAGES.commentNotFound : COMMUNITY_MESSAGES.postNotFound);
  return out === 'duplicate' ? fail('conflict', COMMUNITY_MESSAGES.alreadyReported) : ok(true);
}

/**
 * How long a withdrawn post or comment stays behind as a tombstone (its id, its author and when; no words): a retried
 * DELETE within this time answers 204 like the first, and a late report, vote or comment finds it gone. After it, the
 * id answers 404 like one that never existed.
 */
export const WITHDRAWN_KEPT_SECONDS = 86_400;

/**
 * Who may take a post or comment back, from the stored item (or its tombstone): only its author. Anyone else, like an
 * unknown id, is told nothing exists, so a withdrawal never reveals someone else's post. A repeated request by the
 * author finds the tombstone and finishes the clean-up again ('already'), which is what makes a retry safe.
 */
export function withdrawal(item: { authorId: string; withdrawn?: boolean } | null, userId: string): 'withdraw' | 'already' | 'missing' {
  if (!item || item.authorId !== userId) return 'missing';
  return item.withdrawn ? 'already' : 'withdraw';
}

/**
 * The author withdraws their post. The daily limit is a counter kept apart from the posts (`create`), so a withdrawn
 * post still counts: deleting and sharing again cannot get round the ten a day.
 */
export async function withdrawPost(deps: Pick<PostDeps, 'posts' | 'clock'>, userId: string, postId: string): Promise<Result<true>> {
  const out = await deps.posts.withdrawPost({ postId, userId, at: deps.clock.now().toISOString() });
  return out === 'missing' ? fail('not_found', COMMUNITY_MESSAGES.postNotFound) : ok(true);
}

/** The author withdraws their comment (the comments a day still count it, as for posts). */
export async function withdrawComment(deps: Pick<PostDeps, 'posts' | 'clock'>, userId: string, postId: string, commentId: string): Promise<Result<true>> {
  const out = await deps.posts.withdrawComment({ postId, commentId, userId, at: deps.clock.now().toISOString() });
  return out === 'missing' ? fail('not_found', COMMUNITY_MESSAGES.commentNotFound) : ok(true);
}

export async function rebuildForBuilder(
  deps: Pick<PostDeps, 'posts' | 'clock'> & { chains: ChainSource },
  viewer: string,
  postId: string,
): Promise<Result<{ underlying: string; strategyType: string; spot: number; legs: ConcreteLeg[] }>> {
  const p = await visible(deps, postId, viewer);
  if (!p) return fail('not_found', COMMUNITY_MESSAGES.postNotFound);
  const today = newYorkParts(deps.clock.now()).date;
  const listed = await deps.chains.expiries(p.underlying);
  if (!listed?.length) return fail('unprocessable', COMMUNITY_MESSAGES.noChain(p.underlying));
  const needed = expiriesFor(p.legs, today, listed);
  const chains = new Map((await Promise.all(needed.map(async (e) => [e, await deps.chains.chain(p.underlying, e)] as const))).filter(([, c]) => c !== null));
  const first = [...chains.values()][0];
  if (!first) return fail('unprocessable', COMMUNITY_MESSAGES.noChain(p.underlying));
  const legs = rebuildOnChain(p.legs, { spot: first.spot, today, expiries: [...chains.keys()], strikes: (e, type) => chains.get(e)?.strikes[type] ?? [] });
  if (!legs) return fail('unprocessable', COMMUNITY_MESSAGES.noChain(p.underlying));
  return ok({ underlying: p.underlying, strategyType: p.strategyType, spot: first.spot, legs });
}
