import { z } from 'zod';
import { MAX_ORDER_LEGS } from './order';

/**
 * The order vocabulary's schemas (shared/trading/order.ts): the body every venue's order route validates with, and the
 * answers every venue gives in the same shape, so the web reads a paper order and a broker order alike.
 */
export const Contract = z.string().regex(/^(O:)?[A-Za-z][A-Za-z0-9.]{0,5}\d{6}[CPcp]\d{8}$/, 'must be an OCC option symbol such as SPY261218C00600000');
const IsoTime = z.string();
const Money = z.number();

/** An account id as the account selector names it: 'paper', or a broker account's (e.g. 'alpaca-live'). */
export const AccountId = z.string().min(1).max(40);

/** An order id: the paper account's ulid, or a broker's own id (Alpaca's is a UUID). */
export const OrderIdParam = z.string().regex(/^[0-9A-Za-z-]{1,64}$/, 'must be an order id');

export const OrderBody = z.object({
  clientOrderId: z
    .string()
    .min(1, 'is required')
    .max(64, 'at most 64 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'),
  type: z.enum(['market', 'limit'], { error: "must be 'market' or 'limit'" }),
  limitPrice: z.number().finite().min(-100_000).max(100_000).optional(),
  timeInForce: z.string().min(1).max(10),
  legs: z
    .array(
      z.object({
        contract: Contract,
        side: z.enum(['buy', 'sell'], { error: "must be 'buy' or 'sell'" }),
        quantity: z.number().finite().max(10_000, 'at most 10,000 contracts'),
      }),
    )
    .min(1, 'an order needs at least one leg')
    .max(MAX_ORDER_LEGS, `an order has at most ${MAX_ORDER_LEGS} legs`),
  strategy: z.string().max(60).optional(),
  /** A closing order: it may only reduce positions the account holds (the builder's "Close strategy"). */
  reduceOnly: z.boolean().optional(),
  /** Placed while the market is closed: 'next-session' (the default) waits for the session, 'last-close' fills at the last close. */
  whenClosed: z.enum(['next-session', 'last-close'], { error: "must be 'next-session' or 'last-close'" }).optional(),
  /** Which account trades: the paper account unless a broker account is named (issue 15's order venue). */
  accountId: AccountId.optional(),
});
export type OrderBody = z.infer<typeof OrderBody>;

export const ComplianceCheckSchema = z.object({
  passed: z.boolean(),
  type: z.enum(['order_validation', 'buying_power', 'trading_level', 'naked_short', 'pdt', 'margin']),
  severity: z.enum(['info', 'warning', 'error']),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const QuoteSchema = z.object({
  contract: z.string(),
  bid: z.number().nullable(),
  ask: z.number().nullable(),
  last: z.number().nullable(),
  mark: z.number().nullable(),
  asOf: IsoTime,
  underlyingPrice: z.number(),
  delta: z.number().nullable().optional(),
  gamma: z.number().nullable().optional(),
  theta: z.number().nullable().optional(),
  vega: z.number().nullable().optional(),
  rho: z.number().nullable().optional(),
  impliedVolatility: z.number().nullable().optional(),
});

export const OrderSchema = z.object({
  orderId: z.string(),
  clientOrderId: z.string(),
  type: z.enum(['market', 'limit']),
  limitPrice: z.number().nullable(),
  timeInForce: z.literal('day'),
  legs: z.array(z.object({ contract: z.string(), side: z.enum(['buy', 'sell']), quantity: z.number() })),
  strategy: z.string().nullable(),
  status: z.enum(['open', 'filled', 'canceled', 'expired']),
  createdAt: IsoTime,
  session: z.string(),
  filledAt: IsoTime.nullable(),
  canceledAt: IsoTime.nullable(),
  expiredAt: IsoTime.nullable(),
  fills: z.array(
    z.object({
      contract: z.string(),
      side: z.enum(['buy', 'sell']),
      quantity: z.number(),
      price: z.number(),
      commission: z.number(),
      effect: z.enum(['open', 'close', 'close-and-open']),
      realizedPnl: z.number(),
      quote: QuoteSchema,
    }),
  ),
  netPrice: z.number().nullable(),
  totalCost: z.number().nullable(),
  commission: z.number(),
  held: z.number(),
  underlyings: z.array(z.string()),
  run: z.number(),
  reason: z.string().nullable(),
  queued: z.boolean().optional(),
  reduceOnly: z.boolean().optional(),
  fillNote: z.string().nullable().optional(),
  /** The name of the learner's agent token that placed it; absent when the learner placed it. */
  agent: z.string().optional(),
});

export const PlacedOrderSchema = z.object({ order: OrderSchema, checks: z.array(ComplianceCheckSchema), note: z.string().optional() });

export const AccountSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  mode: z.enum(['paper', 'live']),
  broker: z.string().nullable(),
  balance: Money,
  currency: z.string(),
  isConnected: z.boolean(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;
