import { addDays, daysBetween, newYorkParts } from '../market/dates';
import type { ConcreteLeg, LegTemplate } from '../strategy/shape';
import type { JournalTrade } from '../journal/trades';
import type { StrategyLeg } from '../strategy/types';
import { STRATEGY_TEMPLATES } from '../strategy/templates';

/**
 * Strategy sharing (issue 20, Community): a learner shares a strategy from the builder or a closed journal trade. The
 * legs are kept as templates RELATIVE to the underlying's price and the day they were shared (strike as a ratio to the
 * price, expiry as days to expiry, the premium as a fraction of the price), so a post written at SPY 580 still means
 * something at SPY 640 months later: "Open in builder" lays the same shape on today's chain.
 *
 * Pure: the handler (functions/http/community-posts.ts) and the repository hold the I/O.
 */

export const POST_BOUNDS = {
  title: { min: 3, max: 120 },
  thesis: { min: 10, max: 4000 },
  comment: { min: 1, max: 2000 },
  /** Each tag after normalising; at most `count` of them. */
  tag: { min: 2, max: 24, count: 5 },
  legs: { min: 1, max: 8 },
  reason: { max: 500 },
} as const;

/** Posting limits per learner per New York day (issue 20: "e.g. 10 posts and 60 comments a day"). */
export const DAILY_LIMITS = { posts: 10, comments: 60 } as const;

export const RATE_LIMIT_MESSAGES = {
  posts: `You have shared ${DAILY_LIMITS.posts} strategies today, the most a learner can share in a day. You can share again after midnight New York time.`,
  comments: `You have written ${DAILY_LIMITS.comments} comments today, the most a learner can write in a day. You can comment again after midnight New York time.`,
} as const;

export const COMMUNITY_MESSAGES = {
  postNotFound: 'This strategy post does not exist or is no longer shown.',
  commentNotFound: 'This comment does not exist or is no longer shown.',
  alreadyReported: 'You have already reported this. An operator will look at it.',
  tradeNotFound: 'That journal trade does not exist.',
  tradeOpen: 'Only a closed journal trade can be shared. Close it first, or share the idea from the builder.',
  noChain: (und: string) => `There is no options chain for ${und} today, so this strategy cannot be rebuilt on it.`,
} as const;

/** The New York day a post or comment counts against: the limits start again at midnight New York time, not UTC. */
export const rateDay = (instant: Date): string => newYorkParts(instant).date;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/**
 * The templates drawn back at a reference price and date (the post's own, for its payoff diagram), as the strategy
 * analytics read legs: strikes to the cent, premiums per share (0 when unknown).
 */
export function legsAt(templates: readonly LegTemplate[], ref: { underlying: string; price: number; date: string }): StrategyLeg[] {
  return templates.map((t) => ({
    action: t.action,
    optionType: t.optionType,
    strike: round(t.strikeRatio * ref.price, 2),
    expiration: addDays(ref.date, t.dte),
    quantity: t.quantity,
    premium: t.premiumRatio === null ? 0 : round(t.premiumRatio * ref.price, 4),
    underlying: ref.underlying,
  }));
}

/** Tags as stored: lower case, letters, digits and dashes, no repeats, at most POST_BOUNDS.tag.count. */
export function normaliseTags(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of raw) {
    const tag = t
      .trim()
      .toLowerCase()
      .replace(/^#/, '')
      .replace(/[\s_]+/g, '-')
      .replace(/[^a-z0-9-]/g, '')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
    if (tag.length >= POST_BOUNDS.tag.min && tag.length <= POST_BOUNDS.tag.max && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, POST_BOUNDS.tag.count);
}

/** The feed's strategy type: a template's id when the name is one of the library's, else the name in kebab case. */
export function strategyType(name: string): string {
  const byName = STRATEGY_TEMPLATES.find((t) => t.name.toLowerCase() === name.trim().toLowerCase());
  if (byName) return byName.id;
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return slug || 'custom';
}

export interface PostOutcome {
  realizedPnl: number;
  exitReason: string | null;
  openedAt: string;
  closedAt: string;
  /** Days the trade was held. */
  daysHeld: number;
  /** P&L ÷ the most it could lose, when that was defined. */
  returnOnRisk: number | null;
}

/** What a closed journal trade gives a post: its legs (at the fill), the price and day it was opened, and its outcome. */
export function fromJournalTrade(trade: JournalTrade): { legs: ConcreteLeg[]; spot: number | null; sharedFrom: string; outcome: PostOutcome | null } {
  const openedOn = newYorkParts(new Date(trade.openedAt)).date;
  const lots = Math.max(1, trade.entry.lots || 1);
  const legs = trade.legs.map((l) => ({
    action: l.side,
    optionType: l.optionType,
    strike: l.strike,
    expiration: l.expiration,
    quantity: Math.max(1, Math.round(l.quantity / lots)),
    premium: l.openPrice,
  }));
  const outcome: PostOutcome | null =
    trade.status === 'closed' && trade.closedAt
      ? {
          realizedPnl: trade.realizedPnl,
          exitReason: trade.exitReason,
          openedAt: trade.openedAt,
          closedAt: trade.closedAt,
          daysHeld: Math.max(0, daysBetween(openedOn, newYorkParts(new Date(trade.closedAt)).date)),
          returnOnRisk: trade.entry.maxLoss && trade.entry.maxLoss > 0 ? round(trade.realizedPnl / trade.entry.maxLoss, 4) : null,
        }
      : null;
  return { legs, spot: trade.entry.underlyingPrice, sharedFrom: openedOn, outcome };
}

/** Links a post's Markdown may hold: http and https only (no javascript:, data:, mailto: or relative links). */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const u = new URL(trimmed);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Feed sort orders. */
export const FEED_SORTS = ['newest', 'useful'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const FEED_PAGE_SIZE = 20;
