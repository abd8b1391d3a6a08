import { z } from 'zod';
import { AGENT_LIMITS } from '../agent/token';
import { defineApi } from '../api/contract';
import {
  AccountId,
  AccountSummarySchema,
  ComplianceCheckSchema,
  Contract,
  OrderBody,
  OrderIdParam,
  OrderSchema,
  PlacedOrderSchema,
} from '../trading/trading.api';
import { STARTING_CAPITALS } from './types';

/**
 * The paper account's HTTP API (spec part 3 §3–§9): request schemas the handler validates with, answer schemas the
 * web reads and the API document shows. Shape only: the business rules (whole quantities, day orders, limit prices)
 * answer from the use cases with the spec's words.
 */
const Symbol = z.string().regex(/^[A-Za-z][A-Za-z0-9.:]{0,24}$/, 'must be an option symbol or a ticker');
const Capital = z.union(STARTING_CAPITALS.map((c) => z.literal(c)) as unknown as [z.ZodLiteral<10000>, z.ZodLiteral<25000>, z.ZodLiteral<100000>], {
  error: 'must be 10000, 25000 or 100000',
});
const Money = z.number();
const IsoTime = z.string();

export const SettingsBody = z
  .object({
    optionsLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], { error: 'Trading level must be between 0 and 3' }).optional(),
    fillModel: z.enum(['bid-ask', 'mid', 'mid-plus'], { error: "must be 'bid-ask', 'mid' or 'mid-plus'" }).optional(),
    midShare: z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').optional(),
    commissionPerContract: z.number().min(0, 'cannot be negative').max(10, 'at most $10 a contract').optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'name at least one setting to change');

export const SettingsSchema = z.object({
  optionsLevel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  fillModel: z.enum(['bid-ask', 'mid', 'mid-plus']),
  midShare: z.number(),
  commissionPerContract: z.number(),
});

export const ActivitySchema = z.object({
  id: z.string(),
  at: IsoTime,
  kind: z.enum([
    'fill',
    'expired_worthless',
    'exercised',
    'assigned',
    'cash_settled',
    'auto_closed',
    'forced_sale',
    'order_canceled',
    'order_expired',
    'account_reset',
    'account_opened',
  ]),
  text: z.string(),
  symbol: z.string().optional(),
  cashDelta: z.number(),
  realizedPnl: z.number(),
  fee: z.number().optional(),
  orderId: z.string().optional(),
  /** The name of the learner's agent token that did it (its text ends "placed by agent 'NAME'"); absent for the learner. */
  agent: z.string().optional(),
});

const Greeks = z.object({
  delta: z.number().nullable(),
  gamma: z.number().nullable(),
  theta: z.number().nullable(),
  vega: z.number().nullable(),
  rho: z.number().nullable(),
});

export const PortfolioPositionSchema = z.object({
  symbol: z.string(),
  kind: z.enum(['option', 'stock']),
  underlying: z.string(),
  optionType: z.enum(['call', 'put']).nullable(),
  strike: z.number().nullable(),
  expiration: z.string().nullable(),
  quantity: z.number(),
  side: z.enum(['long', 'short']),
  avgPrice: z.number(),
  mark: z.number().nullable(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  marketValue: Money,
  costBasis: Money,
  unrealizedPnl: Money,
  openedAt: IsoTime,
  underlyingPrice: z.number().nullable(),
  intrinsicValue: z.number().nullable(),
  greeks: Greeks,
  quoteAsOf: IsoTime.nullable(),
  /** The strategy the position belongs to (issue 24), null for a position of its own. */
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The name of the learner's agent token whose order opened it; absent when the learner opened it. */
  agent: z.string().optional(),
});

/** A strategy's legs taken together: what closing it would change. */
export const StrategySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  symbols: z.array(z.string()),
  marketValue: Money,
  costBasis: Money,
  unrealizedPnl: Money,
});

export const PdtSchema = z.object({
  isPatternDayTrader: z.boolean(),
  dayTradeCount: z.number(),
  dayTradesRemaining: z.number(),
  equityRequirement: z.number(),
  currentEquity: z.number(),
  meetsRequirement: z.boolean(),
  warning: z.string().optional(),
});

export const PortfolioSchema = z.object({
  account: z.object({
    name: z.string(),
    mode: z.literal('paper'),
    currency: z.literal('USD'),
    startingCapital: Money,
    run: z.number(),
    createdAt: IsoTime,
    cash: Money,
    buyingPower: Money,
    optionsBuyingPower: Money,
    equity: Money,
    positionsValue: Money,
    reservedForShortOptions: Money,
    heldForOrders: Money,
    /** P&L realized by closing positions, before fees. */
    realizedPnl: Money,
    /** Commissions paid this run. */
    fees: Money,
    unrealizedPnl: Money,
    totalPnl: Money,
    dayPnl: Money,
    settings: SettingsSchema,
    optionsLevelName: z.string(),
    pdt: PdtSchema,
  }),
  positions: z.array(PortfolioPositionSchema),
  strategies: z.array(StrategySummarySchema),
  greeks: z.object({ delta: z.number(), gamma: z.number(), theta: z.number(), vega: z.number(), rho: z.number() }),
  activity: z.array(ActivitySchema),
  /** Work the settle job has not done yet (an expired option to settle, a day order to expire), shown as pending. */
  pending: z.array(z.object({ kind: z.enum(['settlement', 'order_expiry', 'limit_recheck']), text: z.string() })),
});
export type PortfolioView = z.infer<typeof PortfolioSchema>;
export type PortfolioPositionView = z.infer<typeof PortfolioPositionSchema>;

export const AccountsSchema = z.object({
  accounts: z.array(AccountSummarySchema),
  needsSetup: z.boolean(),
  startingCapitals: z.array(z.number()),
});
export type AccountsView = z.infer<typeof AccountsSchema>;

const ComplianceLogEntrySchema = z.object({
  compliance_type: z.string(),
  check_result: z.enum(['passed', 'warning', 'failed']),
  details: z.record(z.string(), z.unknown()),
  action_taken: z.enum(['approved', 'blocked']),
  trade_date: z.string(),
  created_at: IsoTime,
});

export const ComplianceSummarySchema = z.object({
  totalChecks: z.number(),
  passed: z.number(),
  failed: z.number(),
  warnings: z.number(),
  recentChecks: z.array(ComplianceLogEntrySchema),
});

const DisclosureType = z.enum(['options_risk', 'pdt_rules', 'margin_trading'], { error: 'must be options_risk, pdt_rules or margin_trading' });
const AckSchema = z.object({ disclosure_type: z.string(), disclosure_version: z.string(), acknowledged_at: IsoTime });

export const paperApi = defineApi({
  'GET /api/accounts': {
    auth: 'user',
    summary: "The learner's trading accounts: the paper account, and broker accounts once linked",
    response: AccountsSchema,
  },
  'POST /api/account': {
    auth: 'user',
    errors: [409],
    summary: 'Open the paper account with a starting capital',
    body: z.object({
      startingCapital: Capital,
      /** The options level the learner chooses (spec part 3 §6); Standard (2) unless given. */
      optionsLevel: SettingsBody.shape.optionsLevel,
    }),
    response: PortfolioSchema,
    status: 201,
  },
  'POST /api/account/reset': {
    auth: 'user',
    errors: [409],
    summary: 'Start a new run of the paper account: positions leave the book, open orders are canceled',
    body: z.object({ startingCapital: Capital }),
    response: PortfolioSchema,
  },
  'PUT /api/account/settings': {
    auth: 'user',
    errors: [409],
    summary: 'Trading level, fill model and commission of the paper account',
    body: SettingsBody,
    response: z.object({ settings: SettingsSchema }),
  },
  'GET /api/portfolio': { auth: 'user', errors: [404], summary: 'Balances, positions with marks and Greeks, recent activity', response: PortfolioSchema },
  'POST /api/orders': {
    auth: 'user',
    errors: [404, 409, 422, 429],
    summary: `Place an order (one to four legs, market or limit, day); a retry with the same clientOrderId returns the first order. An agent token trades the paper account only (403 elsewhere), at most ${AGENT_LIMITS.ordersPerMinute} orders a minute (429 with Retry-After), and its orders carry its name in \`agent\``,
    body: OrderBody,
    response: PlacedOrderSchema,
    status: 201,
  },
  'GET /api/orders': {
    auth: 'user',
    errors: [404, 422, 429, 502, 504],
    summary:
      "The chosen account's orders, newest first (at most 200): the paper account unless accountId names another; a broker account's are those of its last sync",
    query: z.object({
      status: z.enum(['open', 'filled', 'canceled', 'expired'], { error: 'must be open, filled, canceled or expired' }).optional(),
      accountId: AccountId.optional(),
    }),
    response: z.object({ orders: z.array(OrderSchema) }),
  },
  'DELETE /api/orders/{id}': {
    auth: 'user',
    errors: [404, 409, 422, 429, 502, 504],
    summary: 'Cancel an open order on the chosen account (the paper account unless accountId names another)',
    params: z.object({ id: OrderIdParam }),
    query: z.object({ accountId: AccountId.optional() }),
    response: z.object({ order: OrderSchema }),
  },
  'POST /api/positions/{contract}/close': {
    auth: 'user',
    errors: [404, 409, 422, 429],
    summary: 'Close all or part of a position at the market',
    params: z.object({ contract: Symbol }),
    body: z
      .object({ quantity: z.number().optional(), clientOrderId: OrderBody.shape.clientOrderId.optional(), whenClosed: OrderBody.shape.whenClosed })
      .optional(),
    response: PlacedOrderSchema,
    status: 201,
  },
  'POST /api/strategies/{id}/close': {
    auth: 'user',
    errors: [404, 409, 422, 429],
    summary: "Close a strategy's legs as one order, at the market or at a net limit (positive to pay, negative to receive)",
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(40)
        .regex(/^[A-Za-z0-9-]+$/, 'must be a strategy id'),
    }),
    body: z.object({
      clientOrderId: OrderBody.shape.clientOrderId,
      limitPrice: z.number().finite().min(-100_000).max(100_000).optional(),
      whenClosed: OrderBody.shape.whenClosed,
    }),
    response: PlacedOrderSchema,
    status: 201,
  },
  'PUT /api/positions/{contract}/group': {
    auth: 'user',
    errors: [404, 409],
    summary: 'Move a position into a strategy (an existing one, or a new one with a name), or out of any',
    params: z.object({ contract: Symbol }),
    body: z.object({
      groupId: z
        .string()
        .max(40)
        .regex(/^[A-Za-z0-9-]+$/, 'must be a strategy id')
        .nullable(),
      // Trimmed before its checks, so the document's input is any string (as the drafts' names).
      name: z
        .string()
        .meta({ description: 'A name for a new strategy: 1 to 60 characters once spaces around it are trimmed' })
        .transform((s) => s.trim())
        .pipe(z.string().min(1, 'a strategy needs a name').max(60, 'at most 60 characters'))
        .optional(),
    }),
    response: z.object({ group: z.object({ id: z.string(), name: z.string() }).nullable() }),
  },
  'POST /api/positions/{contract}/exercise': {
    auth: 'user',
    errors: [404, 409, 422],
    summary: 'Exercise a long option before expiry',
    params: z.object({ contract: Contract }),
    body: z.object({ quantity: z.number().optional() }).optional(),
    response: z.object({
      activity: ActivitySchema,
      /** Issue 23: "Exercising now gives up $X of time value; selling the option would get $Y." where it does; else null. */
      warning: z.string().nullable(),
    }),
  },
  'POST /api/compliance/pretrade': {
    auth: 'user',
    errors: [409],
    summary: 'The pre-trade checks an order would meet, without placing it',
    body: OrderBody,
    response: z.object({
      canProceed: z.boolean(),
      checks: z.array(ComplianceCheckSchema),
      /** When the order would fill: now (the market is open), at the next session (queued), or at the last close (the practice shortcut). */
      marketHours: z
        .object({
          marketOpen: z.boolean(),
          fills: z.enum(['now', 'next-session', 'last-close']),
          session: z.string().nullable(),
          opensAt: z.string().nullable(),
          note: z.string(),
        })
        .optional(),
    }),
  },
  'GET /api/compliance/summary': {
    auth: 'user',
    summary: 'Counts of the compliance checks of the last days, and the latest ten',
    query: z.object({
      days: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(30, 'the log keeps 30 days').default(30),
    }),
    response: ComplianceSummarySchema,
  },
  'GET /api/compliance/disclosures': {
    auth: 'user',
    summary: 'The risk disclosures and when the learner acknowledged each',
    response: z.object({
      disclosures: z.array(
        z.object({ type: z.string(), version: z.string(), title: z.string(), required: z.boolean(), body: z.string(), acknowledgedAt: IsoTime.nullable() }),
      ),
    }),
  },
  'POST /api/compliance/disclosures': {
    auth: 'user',
    summary: 'Acknowledge a disclosure',
    body: z.object({ type: DisclosureType, version: z.literal('1.0', { error: "must be '1.0'" }) }),
    response: AckSchema,
    status: 201,
  },
});
