import { z } from 'zod';

/**
 * Kite Connect v3's REST answers as they are on the wire (Kite Connect v3 docs; the shapes of Zerodha's
 * kiteconnect-mocks responses). One set of schemas for the adapter (functions/adapters/kite), which validates every
 * answer with them, and for the local stand-in (local/kite-standin.ts), which answers in them. Objects are loose:
 * Kite sends more fields than the product reads.
 */

/** Every JSON answer: `{"status":"success","data":…}` or `{"status":"error","message":…,"error_type":…}` (docs, "Exceptions and errors"). */
export const KiteErrorEnvelope = z.looseObject({
  status: z.literal('error'),
  message: z.string(),
  error_type: z.string().optional(),
});
export type KiteErrorEnvelope = z.infer<typeof KiteErrorEnvelope>;

export const kiteSuccess = <T extends z.ZodType>(data: T) => z.looseObject({ status: z.literal('success'), data });

/** POST /session/token (docs, "User"): the profile and the day's access token. */
export const KiteSession = z.looseObject({
  user_id: z.string(),
  user_name: z.string().optional(),
  api_key: z.string(),
  access_token: z.string().min(1),
  public_token: z.string().optional(),
  refresh_token: z.string().optional(),
  login_time: z.string(),
  exchanges: z.array(z.string()).optional(),
});
export type KiteSession = z.infer<typeof KiteSession>;

const Ohlc = z.object({ open: z.number(), high: z.number(), low: z.number(), close: z.number() });
const DepthEntry = z.looseObject({ price: z.number(), quantity: z.number(), orders: z.number() });

/** GET /quote?i=EXCHANGE:TRADINGSYMBOL… (docs, "Market quotes"): `data` keyed by the requested instrument. */
export const KiteQuote = z.looseObject({
  instrument_token: z.number().int(),
  /** IST without a zone, "YYYY-MM-DD HH:MM:SS". */
  timestamp: z.string().nullable().optional(),
  last_trade_time: z.string().nullable().optional(),
  last_price: z.number(),
  last_quantity: z.number().optional(),
  buy_quantity: z.number().optional(),
  sell_quantity: z.number().optional(),
  volume: z.number().optional(),
  average_price: z.number().optional(),
  oi: z.number().optional(),
  oi_day_high: z.number().optional(),
  oi_day_low: z.number().optional(),
  net_change: z.number().optional(),
  lower_circuit_limit: z.number().optional(),
  upper_circuit_limit: z.number().optional(),
  ohlc: Ohlc,
  depth: z.object({ buy: z.array(DepthEntry), sell: z.array(DepthEntry) }).optional(),
});
export type KiteQuote = z.infer<typeof KiteQuote>;
export const KiteQuotes = z.record(z.string(), KiteQuote);

/** GET /quote/ltp (docs, "Market quotes"). */
export const KiteLtp = z.looseObject({ instrument_token: z.number().int(), last_price: z.number() });
export type KiteLtp = z.infer<typeof KiteLtp>;
export const KiteLtps = z.record(z.string(), KiteLtp);

/** GET /instruments/historical/{token}/{interval} (docs, "Historical candle data"): [time, open, high, low, close, volume, oi?]. */
export const KiteCandleRow = z.union([
  z.tuple([z.string(), z.number(), z.number(), z.number(), z.number(), z.number()]),
  z.tuple([z.string(), z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]),
]);
export const KiteHistorical = z.looseObject({ candles: z.array(KiteCandleRow) });

export const KITE_INTERVALS = ['minute', '3minute', '5minute', '10minute', '15minute', '30minute', '60minute', 'day'] as const;
export type KiteInterval = (typeof KITE_INTERVALS)[number];

export interface KiteCandle {
  /** As Kite sent it: ISO 8601 with the +0530 offset, e.g. "2017-12-15T09:15:00+0530". */
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  oi?: number;
}

/** An instrument as the quote endpoints name it: `EXCHANGE:TRADINGSYMBOL`, e.g. "NFO:NIFTY25DEC24000CE". */
export const instrumentKey = (exchange: string, tradingsymbol: string): string => `${exchange}:${tradingsymbol}`;

/** Kite's limits (Zerodha staff on the kite.trade forum, citing the docs): instruments per quote call, and quote calls per second. */
export const KITE_LIMITS = { quoteBatch: 500, ltpBatch: 1000, quoteRequestsPerSecond: 1, historicalRequestsPerSecond: 3 } as const;
