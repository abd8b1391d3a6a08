import { z } from 'zod';
import { defineApi, type Equal, type Expect } from '../api/contract';
import { ENTRY_LIMITS } from '../journal/entries';
import { PortfolioPositionSchema, StrategySummarySchema } from '../paper/paper.api';
import { OrderSchema } from '../trading/trading.api';
import type { CompetitionTrade } from './debrief';

/**
 * A learner's competition paper account (issue 39), as the competition page reads it: the account, its open positions
 * grouped by strategy, its open orders, and its trades with their plans. The account trades through the one order path
 * (POST /api/orders, DELETE /api/orders/{id}, GET /api/orders with accountId `competition-<seasonId>`); these routes
 * read it and write a trade's plan. Another learner's season, or one the learner has not joined, answers 404.
 */
const SeasonId = z
  .string()
  .max(20, 'at most 20 characters')
  .regex(/^(weekly-\d{4}-\d{2}-\d{2}|monthly-\d{4}-\d{2})$/, 'must be a season id such as weekly-2026-11-30 or monthly-2026-12')
  .meta({ examples: ['weekly-2026-11-30', 'monthly-2026-12'] });
/** A trade's id is its opening order's id (the paper account's ulid). */
const TradeId = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a trade id');

// Bounds before trimming, so the API document (maxLength) and the handler agree on what is accepted.
const line = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max.toLocaleString('en-US')} characters`)
    .transform((t) => t.trim());

/**
 * A trade's plan, in the journal's own terms (shared/journal/entries.ts hasWrittenPlan): a thesis of substance and at
 * least one planned exit (a profit target as % of the most it can make, a stop, or a time exit), written before the
 * trade closes.
 */
export const PlanBody = z
  .object({
    thesis: line(ENTRY_LIMITS.line),
    plannedExit: z.object({
      profitTargetPct: z.number().int('must be a whole percentage').min(1, 'must be at least 1').max(100, 'must be at most 100').nullable(),
      stop: line(200),
      time: line(200),
    }),
  })
  .strict();
export type PlanBody = z.infer<typeof PlanBody>;

export const CompetitionPlanSchema = z.object({
  thesis: z.string(),
  plannedExit: z.object({ profitTargetPct: z.number().nullable(), stop: z.string(), time: z.string() }),
  /** When the plan was written (ISO); a plan counts when written before the trade closed. */
  writtenAt: z.string(),
});
export type CompetitionPlan = z.infer<typeof CompetitionPlanSchema>;

export const CompetitionTradeSchema = z.object({
  /** The opening order's id. */
  id: z.string(),
  strategy: z.string(),
  underlying: z.string(),
  openedAt: z.string(),
  /** Null while any of its legs is open. */
  closedAt: z.string().nullable(),
  /** Realized P&L after commissions (opening and closing). */
  realizedPnl: z.number(),
  /** The most it could lose at entry, positive; null when unlimited. */
  maxLoss: z.number().nullable(),
  plan: CompetitionPlanSchema.nullable(),
  /** A written plan by the journal's rule: a thesis of substance and a planned exit, written before the trade closed. */
  hasPlan: z.boolean(),
});
export type CompetitionTradeView = z.infer<typeof CompetitionTradeSchema>;

export const CompetitionAccountSchema = z.object({
  seasonId: z.string(),
  /** The id the order routes take (`competition-<seasonId>`). */
  accountId: z.string(),
  /** "Competition · Weekly · Nov 30 – Dec 4, 2026" */
  name: z.string(),
  season: z.object({
    firstDay: z.string(),
    lastDay: z.string(),
    closesAt: z.string(),
    /** Orders are accepted from the first trading day until closesAt. */
    status: z.enum(['upcoming', 'running', 'closed']),
  }),
  account: z.object({
    startingCapital: z.number(),
    cash: z.number(),
    equity: z.number(),
    buyingPower: z.number(),
    unrealizedPnl: z.number(),
    /** Realized P&L after commissions. */
    realizedPnl: z.number(),
    fees: z.number(),
    /** Fills at the far side (bid-ask), the paper account's commission, the learner's own options level; fixed for the season. */
    settings: z.object({
      optionsLevel: z.number(),
      fillModel: z.literal('bid-ask'),
      commissionPerContract: z.number(),
    }),
    asOf: z.string(),
  }),
  /** Open positions at their marks, each with its strategy group (null for a position of its own). */
  positions: z.array(PortfolioPositionSchema),
  /** The open positions grouped by strategy (the legs of one order together). */
  strategies: z.array(StrategySummarySchema),
  /** Orders waiting to fill. */
  openOrders: z.array(OrderSchema),
  /** One per opening order, newest first. */
  trades: z.array(CompetitionTradeSchema),
  /** How many trades have a written plan. */
  planned: z.object({ withPlan: z.number(), trades: z.number() }),
});
export type CompetitionAccountView = z.infer<typeof CompetitionAccountSchema>;

const SeasonParams = z.object({ seasonId: SeasonId });

export const competitionAccountApi = defineApi({
  'GET /api/competitions/seasons/{seasonId}/account': {
    auth: 'user',
    errors: [404],
    summary:
      "The learner's competition account in a season: cash, equity and buying power, open positions grouped by strategy, open orders, and each trade with its plan (404 when the learner has not joined the season)",
    params: SeasonParams,
    response: CompetitionAccountSchema,
  },
  'PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan': {
    auth: 'user',
    errors: [404, 409],
    summary: 'Write or rewrite the plan of a competition trade (a thesis and a planned exit); refused once the trade has closed or the season has closed',
    params: SeasonParams.extend({ tradeId: TradeId }),
    body: PlanBody,
    response: z.object({ trade: CompetitionTradeSchema }),
  },
});

type _Plan = Expect<
  Equal<
    Pick<CompetitionTradeView, 'id' | 'strategy' | 'underlying' | 'openedAt' | 'closedAt' | 'realizedPnl' | 'maxLoss'>,
    Pick<CompetitionTrade, 'id' | 'strategy' | 'underlying' | 'openedAt' | 'closedAt' | 'realizedPnl' | 'maxLoss'>
  >
>;
