import { z } from 'zod';
import { defineApi } from '../api/contract';
import { BacktestPostPartSchema } from '../backtest/backtest.api';
import { FEED_SORTS, POST_BOUNDS } from './strategy-posts';

/**
 * Strategy sharing (issue 20, Community): share a strategy, the feed, a post with its comments, useful votes,
 * "open in builder" on today's chain, reports, and the operators' moderation queue. The learner-facing messages of the
 * bounds live in the schemas.
 */
const B = POST_BOUNDS;
// A real calendar day: a pattern alone let '6957-96-04' through, whose days to expiry came out NaN (a 500 on saving).
const Ymd = z.iso.date({ error: 'must be a date like 2026-12-18' });
const Id = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'is not a valid id');

/** Trimmed, then bounded; the raw text is bounded too (twice the limit) so no request carries an unbounded string. */
const text = (what: string, bounds: { min: number; max: number }) =>
  z
    .string({ error: `${what} is required` })
    .max(bounds.max * 2, `${what} must be at most ${bounds.max} characters`)
    .transform((s) => s.trim())
    .pipe(z.string().min(bounds.min, `${what} must be at least ${bounds.min} characters`).max(bounds.max, `${what} must be at most ${bounds.max} characters`));

const Ticker = z
  .string()
  .regex(/^[A-Za-z.]{1,10}$/, 'is not a ticker')
  .transform((s) => s.toUpperCase());

const Tags = z
  .array(z.string().max(B.tag.max + 8, `Each tag must be at most ${B.tag.max} characters`), { error: 'Tags must be a list' })
  .max(B.tag.count, `At most ${B.tag.count} tags`)
  .default([]);

const ConcreteLegSchema = z.object({
  action: z.enum(['buy', 'sell']),
  optionType: z.enum(['call', 'put']),
  strike: z.number().positive().max(1_000_000),
  expiration: Ymd,
  quantity: z.number().int().min(1).max(100),
  premium: z.number().min(0).max(1_000_000).nullable(),
});

const Common = {
  title: text('The title', B.title),
  thesis: text('The thesis', B.thesis),
  tags: Tags,
};

export const SharePostBody = z.discriminatedUnion(
  'source',
  [
    z.object({
      source: z.literal('builder'),
      ...Common,
      underlying: Ticker,
      strategyName: z
        .string()
        .max(120)
        .transform((s) => s.trim())
        .pipe(z.string().min(1, 'Name the strategy').max(60, 'The strategy name must be at most 60 characters')),
      /** The underlying's price the legs were built at; at least a cent, so strike ÷ price stays a finite number to store. */
      spot: z.number().min(0.01, 'The price must be at least $0.01').max(1_000_000),
      legs: z.array(ConcreteLegSchema).min(B.legs.min, 'Add at least one leg before sharing').max(B.legs.max, `At most ${B.legs.max} legs`),
    }),
    z.object({
      source: z.literal('journal'),
      ...Common,
      journalTradeId: z.string().min(1).max(40),
      /** Off unless the learner ticks it: the trade's result is shown only with consent. */
      includeOutcome: z.boolean().default(false),
    }),
  ],
  { error: "source must be 'builder' or 'journal'" },
);

export const LegTemplateSchema = z.object({
  action: z.enum(['buy', 'sell']),
  optionType: z.enum(['call', 'put']),
  strikeRatio: z.number(),
  dte: z.number(),
  quantity: z.number(),
  premiumRatio: z.number().nullable(),
});

export const OutcomeSchema = z.object({
  realizedPnl: z.number(),
  exitReason: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string(),
  daysHeld: z.number(),
  returnOnRisk: z.number().nullable(),
});

export const PostSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  authorName: z.string(),
  /** The author's public profile (/app/people/<id>), null when it is private. */
  authorPublicId: z.string().nullable(),
  underlying: z.string(),
  strategyName: z.string(),
  strategyType: z.string(),
  tags: z.array(z.string()),
  source: z
    .enum(['builder', 'journal', 'backtest'])
    .meta({ description: 'Where it was shared from: the strategy builder, a closed journal trade, or a saved backtest' }),
  useful: z.number(),
  comments: z.number(),
  createdAt: z.string(),
  hasOutcome: z.boolean(),
});

export const CommentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  authorName: z.string(),
  authorPublicId: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
});

export const PostSchema = PostSummarySchema.extend({
  thesis: z.string(),
  legs: z.array(LegTemplateSchema),
  /** The underlying's price and the New York day the templates are relative to (the payoff diagram is drawn there). */
  refPrice: z.number(),
  refDate: z.string(),
  outcome: OutcomeSchema.nullable(),
  /** A post shared from a saved backtest carries its rules and headline figures (issue 39). */
  backtest: BacktestPostPartSchema.optional(),
  hidden: z.boolean(),
  mine: z.boolean(),
  votedUseful: z.boolean(),
  commentList: z.array(CommentSchema),
});

export const ModerationItemSchema = z.object({
  postId: z.string(),
  commentId: z.string().nullable(),
  kind: z.enum(['post', 'comment']),
  excerpt: z.string(),
  authorName: z.string(),
  reports: z.number(),
  reasons: z.array(z.string()),
  status: z.enum(['open', 'hidden', 'restored']),
  updatedAt: z.string(),
});

const PostParams = z.object({ postId: Id });
const CommentParams = z.object({ postId: Id, commentId: Id });
const Cursor = z.string().max(400).optional();

export const postsApi = defineApi({
  'GET /api/community/posts': {
    auth: 'user',
    summary: 'The strategy feed: newest or most useful first, by strategy type and underlying, 20 a page with a cursor',
    query: z.object({
      sort: z.enum(FEED_SORTS, { error: `must be one of ${FEED_SORTS.join(', ')}` }).default('newest'),
      underlying: Ticker.optional(),
      strategy: z
        .string()
        .regex(/^[a-z0-9-]{1,60}$/, 'is not a strategy type')
        .optional(),
      cursor: Cursor,
    }),
    response: z.object({ posts: z.array(PostSummarySchema), cursor: z.string().nullable() }),
  },
  'POST /api/community/posts': {
    auth: 'user',
    summary: 'Share a strategy from the builder or a closed journal trade (10 a New York day)',
    body: SharePostBody,
    response: z.object({ post: PostSchema }),
    status: 201,
    errors: [404, 422, 429],
  },
  'GET /api/community/posts/{postId}': {
    auth: 'user',
    summary: 'A post with its comments (a hidden post answers 404 to all but its author)',
    params: PostParams,
    response: z.object({ post: PostSchema }),
    errors: [404],
  },
  'DELETE /api/community/posts/{postId}': {
    auth: 'user',
    summary:
      'The author withdraws their post: gone from every feed and page, with its comments, votes and reports. A retry answers 204 again; anyone else’s post, or an unknown one, 404',
    params: PostParams,
    status: 204,
    errors: [404],
  },
  'POST /api/community/posts/{postId}/comments': {
    auth: 'user',
    summary: 'Comment on a post (60 a New York day)',
    params: PostParams,
    body: z.object({ body: text('The comment', B.comment) }),
    response: z.object({ comment: CommentSchema }),
    status: 201,
    errors: [404, 429],
  },
  'DELETE /api/community/posts/{postId}/comments/{commentId}': {
    auth: 'user',
    summary: 'The author withdraws their comment: gone from the post, the count down by one. A retry answers 204 again; anyone else’s comment, 404',
    params: CommentParams,
    status: 204,
    errors: [404],
  },
  'PUT /api/community/posts/{postId}/vote': {
    auth: 'user',
    summary: 'Mark a post useful or take the mark back (one per learner; repeating a request changes nothing)',
    params: PostParams,
    body: z.object({ useful: z.boolean({ error: 'useful must be true or false' }) }),
    response: z.object({ useful: z.number(), votedUseful: z.boolean() }),
    errors: [404],
  },
  'POST /api/community/posts/{postId}/report': {
    auth: 'user',
    summary: 'Report a post or one of its comments to the operators (once per learner and item)',
    params: PostParams,
    body: z.object({
      commentId: Id.optional(),
      reason: z
        .string()
        .max(B.reason.max, `The reason must be at most ${B.reason.max} characters`)
        .transform((s) => s.trim())
        .default(''),
    }),
    response: z.object({ reported: z.literal(true) }),
    status: 202,
    errors: [404, 409],
  },
  'GET /api/community/posts/{postId}/builder': {
    auth: 'user',
    summary: "The post's legs rebuilt on today's chain: the listed expiry nearest each leg's days to expiry, the listed strike nearest its relative strike",
    params: PostParams,
    response: z.object({ underlying: z.string(), strategyType: z.string(), spot: z.number(), legs: z.array(ConcreteLegSchema) }),
    errors: [404, 422],
  },
  'GET /api/admin/community/reports': {
    auth: 'admin',
    summary: 'Reported posts and comments by status, most recently reported first (at most 100)',
    query: z.object({ status: z.enum(['open', 'hidden', 'restored']).default('open') }),
    response: z.object({ items: z.array(ModerationItemSchema) }),
  },
  'POST /api/admin/community/posts/{postId}/hide': {
    auth: 'admin',
    summary: 'Hide a post, or one of its comments, from everyone but its author',
    params: PostParams,
    body: z.object({ commentId: Id.optional() }),
    response: z.object({ item: ModerationItemSchema }),
    errors: [404],
  },
  'POST /api/admin/community/posts/{postId}/restore': {
    auth: 'admin',
    summary: 'Show a hidden post or comment again',
    params: PostParams,
    body: z.object({ commentId: Id.optional() }),
    response: z.object({ item: ModerationItemSchema }),
    errors: [404],
  },
});

export type PostSummary = z.infer<typeof PostSummarySchema>;
export type Post = z.infer<typeof PostSchema>;
export type PostComment = z.infer<typeof CommentSchema>;
export type ModerationItem = z.infer<typeof ModerationItemSchema>;
export type SharePost = z.infer<typeof SharePostBody>;
