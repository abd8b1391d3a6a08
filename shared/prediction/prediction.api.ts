import { z } from 'zod';
import { defineApi } from '../api/contract';
import { TRACKED_UNDERLYINGS } from '../market/underlyings';

/**
 * The demo prediction markets' HTTP API (issue 36): yes/no contracts on the closes of the tracked underlyings, priced
 * from their option chains, traded with a demo balance of play money that is never mixed with the paper account.
 * Shape only: the business rules (whole contracts, prices in whole cents from 1 to 99, what the balance can pay)
 * answer from the use cases with their own words.
 *
 * Money is in whole cents everywhere in this area (a contract pays 100 cents), so no sum is ever rounded.
 */
const Cents = z.number().int();
const IsoTime = z.string();
const NyDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Side = z.enum(['yes', 'no'], { error: "must be 'yes' or 'no'" });

/** A market id (`SPY-2026-12-18-ABOVE-600`, `SPY-2026-12-18-RANGE-590-600`); the use case parses it (parseMarketId). */
export const MarketIdParam = z.object({ marketId: z.string().min(1).max(64) });
export const PredictionOrderIdParam = z.object({ orderId: z.string().min(1).max(64) });

/** Starting demo balance: $1,000 of play money, in cents. */
export const DEMO_STARTING_CENTS = 100_000;
/** At most this many contracts in one order (a bound on the book walk, far above what $1,000 buys at 1¢). */
export const MAX_ORDER_CONTRACTS = 100_000;

export const FigureInputSchema = z.object({ name: z.string(), value: z.number() });
export const FairValueFigureSchema = z.object({
  method: z.enum(['atm-iv', 'strike-iv', 'call-spread']),
  label: z.string(),
  /** Dollars a $1 contract is worth. */
  value: z.number(),
  formula: z.string(),
  inputs: z.array(FigureInputSchema),
  asOf: IsoTime,
  note: z.string().optional(),
});
export const FairValuesSchema = z.object({ atmIv: FairValueFigureSchema, strikeIv: FairValueFigureSchema, callSpread: FairValueFigureSchema });

export const ResolutionSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('open') }),
  z.object({ status: z.literal('awaiting-close') }),
  z.object({ status: z.literal('resolved'), outcome: Side, close: z.number(), closeDate: NyDate }),
  z.object({ status: z.literal('void'), reason: z.string() }),
]);

/** The top of the book in cents; null where a side has no bids (YES ask = 100 − best NO bid, NO ask = 100 − best YES bid). */
export const BookQuoteSchema = z.object({
  yesBid: Cents.nullable(),
  yesAsk: Cents.nullable(),
  noBid: Cents.nullable(),
  noAsk: Cents.nullable(),
});
export const BookLevelSchema = z.object({ price: Cents, count: z.number().int() });

/** One market as the list shows it. */
export const MarketSummarySchema = z.object({
  id: z.string(),
  underlying: z.string(),
  expiration: NyDate,
  kind: z.enum(['above', 'between']),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  question: z.string(),
  /** A ladder bucket's short label ("590.00 to 599.99"); the strike's for an "above" market. */
  label: z.string(),
  closesAt: IsoTime,
  voidsAt: IsoTime,
  rule: z.string(),
  source: z.string(),
  quote: BookQuoteSchema,
  /** The YES price shown as the market's price: the mid of the YES bid and ask, in cents (may be a half cent). */
  yesPrice: z.number(),
  /** The YES price's change since the markets made from the previous ingestion, in cents; null for a new market. */
  change: z.number().nullable(),
  /** Contracts traded by learners in this market. */
  volume: z.number().int(),
  resolution: ResolutionSchema,
  /** ISO instant of the chain the prices were made from (the data's date). */
  asOf: IsoTime,
});

/**
 * One market as a row of the list: the summary without its rule, resolution source and void time, which the market's
 * own page carries (the list of every market stays small; its expiry group names the source once).
 */
export const MarketRowSchema = MarketSummarySchema.omit({ rule: true, source: true, voidsAt: true });

/** Every market of one underlying's expiry: the "close above" strikes and the "close between" ladder. */
export const ExpiryGroupSchema = z.object({
  underlying: z.string(),
  expiration: NyDate,
  closesAt: IsoTime,
  /** Where the deciding close comes from, with its date: the same for every market of the expiry. */
  source: z.string(),
  above: z.array(MarketRowSchema),
  ladder: z.object({ id: z.string(), question: z.string(), buckets: z.array(MarketRowSchema) }),
});

/**
 * The list is read one underlying at a time (as Kalshi groups its events): `underlying` picks it, in any case; without
 * it the first underlying with markets is shown (SPY when it has some). Only a tracked underlying is a choice: any other
 * symbol answers 400 naming the field; a tracked one with no markets answers an empty list with the underlyings that
 * have some.
 */
export const MarketsListQuery = z.object({
  underlying: z
    .string()
    .transform((u) => u.trim().toUpperCase())
    .refine((u) => TRACKED_UNDERLYINGS.includes(u), `must be one of the tracked underlyings: ${TRACKED_UNDERLYINGS.join(', ')}`)
    .optional(),
});

export const MarketsListSchema = z.object({
  /** Always true: the area is a demo with play money. */
  demo: z.literal(true),
  /** When the markets were last made (after an ingestion); null before the first. */
  madeAt: IsoTime.nullable(),
  /** 'simulated' or the real provider's name: where the prices and the closes come from. */
  provider: z.string(),
  /** The underlyings with markets on the list (not yet resolved, or resolved in the last week), in the product's order: the page's tabs. */
  underlyings: z.array(z.string()),
  /** The underlying whose expiries `groups` holds; null when nothing was asked and no underlying has markets. */
  underlying: z.string().nullable(),
  /** The shown underlying's expiries, nearest first. */
  groups: z.array(ExpiryGroupSchema),
});

/** The ladder's implied distribution beside the lognormal one at the ATM IV: one bar per bucket, probabilities 0–1. */
export const DistributionBarSchema = z.object({
  marketId: z.string(),
  label: z.string(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
  /** The bucket's YES mid as a probability (price ÷ 100). */
  market: z.number(),
  /** The bucket's fair value from the chain (call spreads at each strike's IV), undiscounted to a probability. */
  implied: z.number(),
  /** The lognormal probability at the ATM IV. */
  lognormal: z.number(),
});

export const MarketDetailSchema = z.object({
  demo: z.literal(true),
  market: MarketSummarySchema,
  /** YES bids and NO bids, lowest price first, best last, as Kalshi shows a book. */
  book: z.object({ yes: z.array(BookLevelSchema), no: z.array(BookLevelSchema) }),
  /** The three fair values from the chain (null once the market has no chain: after its close). */
  fairValues: FairValuesSchema.nullable(),
  /** The underlying's price and the model's inputs the teaching panel shows. */
  model: z.object({ spot: z.number(), atmIv: z.number(), r: z.number(), q: z.number(), T: z.number(), asOf: IsoTime }).nullable(),
  /** The rest of the expiry's ladder, for a bucket or for the ladder itself (null for an "above" market). */
  ladder: z.object({ id: z.string(), question: z.string(), bars: z.array(DistributionBarSchema) }).nullable(),
  /** The fee formula in words. */
  feeFormula: z.string(),
});

export const PredictionPositionSchema = z.object({
  marketId: z.string(),
  question: z.string(),
  label: z.string(),
  side: Side,
  count: z.number().int(),
  /** Average price paid per contract, in cents (may be fractional), fees not included. */
  avgPrice: z.number(),
  /** Cents paid in all, fees included. */
  cost: Cents,
  /** The side's mid now, in cents; null when the book has none (after the close). */
  mid: z.number().nullable(),
  /** count × mid, in cents; null with the mid. */
  value: z.number().nullable(),
  /** value − cost, in cents; null with the mid. */
  pnl: z.number().nullable(),
  resolution: ResolutionSchema,
  closesAt: IsoTime,
});

export const PredictionOrderSchema = z.object({
  id: z.string(),
  clientOrderId: z.string(),
  marketId: z.string(),
  question: z.string(),
  side: Side,
  action: z.enum(['buy', 'sell']),
  type: z.enum(['market', 'limit']),
  count: z.number().int(),
  /** The limit in cents (a limit order, or a market order's worst price); null for a plain market order. */
  limitPrice: Cents.nullable(),
  filledCount: z.number().int(),
  /** Average fill price in cents; null before a fill. */
  avgFillPrice: z.number().nullable(),
  /** The taker fee paid, in cents (once per order, on what filled). */
  fee: Cents,
  status: z.enum(['filled', 'resting', 'canceled', 'expired']),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});

export const SettlementSchema = z.object({
  marketId: z.string(),
  question: z.string(),
  side: Side,
  count: z.number().int(),
  outcome: z.enum(['yes', 'no', 'void']),
  /** What was paid into the balance, in cents (100 a winning contract; the cost back when void). */
  payout: Cents,
  /** payout − cost, in cents. */
  pnl: Cents,
  close: z.number().nullable(),
  closeDate: NyDate.nullable(),
  settledAt: IsoTime,
});

export const DemoAccountSchema = z.object({
  demo: z.literal(true),
  balance: Cents,
  startingBalance: Cents,
  /** Cents held for resting limit bids (price × count + their fee), not spendable until they fill or are canceled. */
  held: Cents,
  positions: z.array(PredictionPositionSchema),
  openOrders: z.array(PredictionOrderSchema),
  /** Newest first, at most 50. */
  recentOrders: z.array(PredictionOrderSchema),
  /** Newest first, at most 50. */
  settlements: z.array(SettlementSchema),
  createdAt: IsoTime,
  resetAt: IsoTime.nullable(),
});

export const PredictionOrderBody = z
  .object({
    /** The client's id for this order: the same id again answers with the first order and changes nothing. */
    clientOrderId: z
      .string()
      .min(8, 'must be 8 to 64 characters')
      .max(64, 'must be 8 to 64 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'may hold letters, digits, - and _ only'),
    marketId: z.string().min(1).max(64),
    side: Side,
    action: z.enum(['buy', 'sell'], { error: "must be 'buy' or 'sell'" }),
    type: z.enum(['market', 'limit'], { error: "must be 'market' or 'limit'" }),
    count: z
      .number({ error: 'must be a whole number of contracts, at least 1' })
      .int('must be a whole number of contracts, at least 1')
      .min(1, 'must be a whole number of contracts, at least 1')
      .max(MAX_ORDER_CONTRACTS, `at most ${MAX_ORDER_CONTRACTS.toLocaleString('en-US')} contracts in one order`),
    /** In whole cents, 1 to 99: required for a limit order, optional worst price for a market order. */
    limitPrice: z
      .number({ error: 'must be a whole number of cents from 1 to 99' })
      .int('must be a whole number of cents from 1 to 99')
      .min(1, 'must be a whole number of cents from 1 to 99')
      .max(99, 'must be a whole number of cents from 1 to 99')
      .optional(),
  })
  .refine((b) => b.type !== 'limit' || b.limitPrice !== undefined, { path: ['limitPrice'], message: 'a limit order needs a limit price' });

/** One bucket of the calibration chart: markets whose YES price at their last ingestion before the close fell in it. */
export const CalibrationBucketSchema = z.object({
  /** The bucket's range of implied probability, 0–1 (e.g. 0.1 to 0.2). */
  from: z.number(),
  to: z.number(),
  /** Settled markets in the bucket (void ones are left out). */
  count: z.number().int(),
  /** Of them, how many resolved YES. */
  yes: z.number().int(),
  /** The mean implied probability of the markets in the bucket; null when empty. */
  meanImplied: z.number().nullable(),
});
export const CalibrationSchema = z.object({
  demo: z.literal(true),
  settledMarkets: z.number().int(),
  buckets: z.array(CalibrationBucketSchema),
  /** The first and last expiry counted; null with no settled market. */
  from: NyDate.nullable(),
  to: NyDate.nullable(),
});

export const predictionApi = defineApi({
  'GET /api/predictions/markets': {
    auth: 'user',
    summary: 'The demo prediction markets of one underlying, grouped by expiry, with the underlyings that have markets',
    query: MarketsListQuery,
    response: MarketsListSchema,
  },
  'GET /api/predictions/markets/{marketId}': {
    auth: 'user',
    summary: 'One market (or a ladder by its id): book, fair values from the chain, rules and source',
    params: MarketIdParam,
    response: MarketDetailSchema,
    errors: [404],
  },
  'GET /api/predictions/account': {
    auth: 'user',
    summary: "The learner's demo balance, positions, orders and settlements ($1,000 and nothing else before the first order; the read writes nothing)",
    response: DemoAccountSchema,
  },
  'POST /api/predictions/account/reset': {
    auth: 'user',
    summary: 'Start the demo balance again at $1,000: cancels resting orders and clears positions',
    response: DemoAccountSchema,
  },
  'POST /api/predictions/orders': {
    auth: 'user',
    summary: 'Buy YES or NO at the ask or rest a limit bid, or sell what you hold to the book; idempotent by clientOrderId',
    body: PredictionOrderBody,
    response: PredictionOrderSchema,
    status: 201,
    otherStatuses: [200],
    errors: [404, 409, 422, 429],
  },
  'DELETE /api/predictions/orders/{orderId}': {
    auth: 'user',
    summary: 'Cancel a resting limit bid; the held cents return to the balance',
    params: PredictionOrderIdParam,
    response: PredictionOrderSchema,
    errors: [404, 409],
  },
  'GET /api/predictions/calibration': {
    auth: 'user',
    summary: 'How well the implied probabilities were calibrated over every settled market',
    response: CalibrationSchema,
  },
});
