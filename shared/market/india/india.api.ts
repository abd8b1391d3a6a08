import { z } from 'zod';
import { defineApi } from '../../api/contract';

/**
 * Indian markets (issue 38): the view-only NSE chain and the feed's status. The chain comes from Zerodha Kite Connect
 * when the operator configured its keys and a login of the trading day is live, else from the simulated NSE market; the
 * badge says which in the spec's words. Prices are rupees per share (per unit of the index); `premiumPerLot` is the mid
 * times the lot size, what one contract costs.
 */
export const INDIA_BADGE = { connected: 'Zerodha Connected', demo: 'Demo Data Only' } as const;

/** While NSE is open the Indian chain is read again this often (spec part 2: a 5-second refresh). */
export const INDIA_REFRESH_SECONDS = 5;

const NseSymbol = z
  .string()
  .min(1, 'must not be empty')
  .max(20, 'at most 20 characters')
  .regex(/^[A-Z][A-Z0-9&-]*$/, 'must be an NSE symbol such as NIFTY or RELIANCE')
  .meta({ examples: ['NIFTY', 'BANKNIFTY', 'RELIANCE'] });
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

export const IndiaFeedSchema = z.object({
  badge: z.enum([INDIA_BADGE.connected, INDIA_BADGE.demo]),
  /** 'kite': Zerodha's data (or the local Kite stand-in, then `standIn` is true); 'simulated': the simulated NSE market. */
  source: z.enum(['kite', 'simulated']),
  standIn: z.boolean(),
  /** When the Kite login of the day stops working (null without one). */
  sessionExpiresAt: z.string().nullable(),
  /** Whether NSE is in its 09:15-15:30 Asia/Kolkata session now (the page refreshes only then). */
  marketOpen: z.boolean(),
  refreshSeconds: z.number(),
});

export const NseUnderlyingSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  kind: z.enum(['index', 'stock']),
  lotSize: z.number(),
  strikeInterval: z.number(),
});

const GreeksSchema = z.object({ delta: z.number(), gamma: z.number(), theta: z.number(), vega: z.number(), rho: z.number(), price: z.number() });

export const NseQuoteSchema = z.object({
  tradingsymbol: z.string(),
  underlying: z.string(),
  expiry: z.string(),
  expiryKind: z.enum(['weekly', 'monthly']),
  strike: z.number(),
  type: z.enum(['CE', 'PE']),
  lotSize: z.number(),
  bid: z.number(),
  ask: z.number(),
  mid: z.number(),
  last: z.number().nullable(),
  premiumPerLot: z.number(),
  iv: z.number().nullable(),
  /** Per share, in display units (theta per calendar day, vega and rho per 1 point of volatility or rate). */
  greeks: GreeksSchema.nullable(),
  volume: z.number(),
  openInterest: z.number(),
});

export const IndianChainSchema = z.object({
  feed: IndiaFeedSchema,
  underlying: z.string(),
  name: z.string(),
  /** The trading date the figures belong to, and the instant they were taken (the 15:30 close, or the last quote). */
  session: z.string(),
  asOf: z.string(),
  spot: z.number(),
  currency: z.literal('INR'),
  exercise: z.literal('european'),
  lotSize: z.number(),
  /** The RBI repo rate in force (simple annual) and the continuous rate the Greeks are computed with. */
  repoRate: z.number(),
  riskFreeRate: z.number(),
  dividendYield: z.number(),
  expiries: z.array(z.object({ date: z.string(), kind: z.enum(['weekly', 'monthly']) })),
  /** The expiry the quotes are of (the earliest unless one was asked for). */
  expiry: z.string(),
  quotes: z.array(NseQuoteSchema),
});

export const indiaApi = defineApi({
  'GET /api/india/underlyings': {
    auth: 'public',
    summary: 'The NSE underlyings the Indian chain shows, with lot sizes and strike steps, and where the data comes from',
    response: z.object({ underlyings: z.array(NseUnderlyingSchema), feed: IndiaFeedSchema }),
  },
  'GET /api/india/chain': {
    auth: 'public',
    summary: 'The view-only NSE option chain of an underlying and expiry, in rupees with lot sizes, IV and Greeks solved on the server',
    query: z.object({ symbol: NseSymbol, expiry: IsoDate.optional() }),
    response: IndianChainSchema,
    errors: [404],
  },
});

export type IndiaFeed = z.infer<typeof IndiaFeedSchema>;
export type IndianChainView = z.infer<typeof IndianChainSchema>;
export type NseUnderlyingView = z.infer<typeof NseUnderlyingSchema>;
