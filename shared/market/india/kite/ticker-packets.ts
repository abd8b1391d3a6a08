import { z } from 'zod';
import { fail, ok, type Result } from '../../../result';

/**
 * Kite Connect's WebSocket market data, as it travels (Kite Connect v3 docs, "WebSocket streaming"; the layouts as
 * kiteconnectjs `lib/ticker.ts` parseBinary and pykiteconnect `ticker.py` _parse_binary read them):
 * - a binary message holds N packets: a big-endian uint16 N, then for each packet a uint16 length and that many bytes;
 *   a message shorter than 2 bytes is the heartbeat and holds none;
 * - a packet's length tells its mode: 8 bytes LTP; 44 quote and 184 full for tradable instruments; 28 quote and
 *   32 full for indices (segment 9), which are not tradable;
 * - every field is a big-endian 32-bit integer but a depth entry's order count (16 bits); prices are in the segment's
 *   smallest unit: paise (÷ 100) for every segment but NSE currency derivatives (÷ 10,000,000) and BSE currency
 *   derivatives (÷ 10,000); the segment is the token's lowest byte.
 * Text messages are JSON: `{"type":"order"|"error"|"message","data":…}`.
 */
export const KITE_MODES = ['ltp', 'quote', 'full'] as const;
export type KiteMode = (typeof KITE_MODES)[number];

/** Kite's segment numbers, the token's lowest byte (pykiteconnect `EXCHANGE_MAP`). */
export const KITE_SEGMENTS = { nse: 1, nfo: 2, cds: 3, bse: 4, bfo: 5, bcd: 6, mcx: 7, mcxsx: 8, indices: 9 } as const;

/** The packet lengths by mode (kiteconnectjs parseBinary). */
export const KITE_PACKET_LENGTHS = { ltp: 8, quote: 44, full: 184, indexQuote: 28, indexFull: 32 } as const;

export const segmentOf = (instrumentToken: number): number => instrumentToken & 0xff;

/** What a price integer is divided by for the token's segment. */
export function priceDivisor(instrumentToken: number): number {
  const segment = segmentOf(instrumentToken);
  if (segment === KITE_SEGMENTS.cds) return 10_000_000;
  if (segment === KITE_SEGMENTS.bcd) return 10_000;
  return 100;
}

export interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface DepthEntry {
  quantity: number;
  price: number;
  orders: number;
}

interface TickBase {
  instrument_token: number;
  /** False for indices (segment 9): they are quoted but cannot be traded. */
  tradable: boolean;
  last_price: number;
}

/** 8-byte packet: the last traded price only. */
export interface LtpTick extends TickBase {
  kind: 'ltp';
  mode: 'ltp';
}

/** 28-byte (quote) or 32-byte (full) packet of an index. */
export interface IndexTick extends TickBase {
  kind: 'index';
  mode: 'quote' | 'full';
  ohlc: Ohlc;
  /** Percent change from the previous close, as the official clients compute it; 0 when there is no close. */
  change: number;
  /** Full mode only: the exchange's time of the figures (ISO 8601, UTC), or null when Kite sent 0. */
  exchange_timestamp: string | null;
}

/** 44-byte packet of a tradable instrument. */
export interface QuoteTick extends TickBase {
  kind: 'quote';
  mode: 'quote';
  last_traded_quantity: number;
  average_traded_price: number;
  volume_traded: number;
  total_buy_quantity: number;
  total_sell_quantity: number;
  ohlc: Ohlc;
  change: number;
}

/** 184-byte packet: the quote, the open interest, the times and five levels of depth each side. */
export interface FullTick extends Omit<QuoteTick, 'kind' | 'mode'> {
  kind: 'full';
  mode: 'full';
  last_trade_time: string | null;
  oi: number;
  oi_day_high: number;
  oi_day_low: number;
  exchange_timestamp: string | null;
  depth: { buy: DepthEntry[]; sell: DepthEntry[] };
}

export type KiteTick = LtpTick | IndexTick | QuoteTick | FullTick;

const changeOf = (last: number, close: number) => (close !== 0 ? ((last - close) * 100) / close : 0);
const timeOf = (seconds: number) => (seconds === 0 ? null : new Date(seconds * 1000).toISOString());

/** One packet, or null for a length no mode has (the official clients skip those too). */
export function decodePacket(packet: Uint8Array): KiteTick | null {
  const view = new DataView(packet.buffer, packet.byteOffset, packet.byteLength);
  const u32 = (at: number) => view.getUint32(at, false);
  const token = u32(0);
  const d = priceDivisor(token);
  const price = (at: number) => u32(at) / d;
  const tradable = segmentOf(token) !== KITE_SEGMENTS.indices;
  const base = { instrument_token: token, tradable, last_price: price(4) };

  switch (packet.byteLength) {
    case KITE_PACKET_LENGTHS.ltp:
      return { kind: 'ltp', mode: 'ltp', ...base };
    case KITE_PACKET_LENGTHS.indexQuote:
    case KITE_PACKET_LENGTHS.indexFull: {
      // An index packet orders its prices high, low, open, close; bytes 24-28 carry a net change the clients replace by the percent change.
      const ohlc = { high: price(8), low: price(12), open: price(16), close: price(20) };
      const full = packet.byteLength === KITE_PACKET_LENGTHS.indexFull;
      return {
        kind: 'index',
        mode: full ? 'full' : 'quote',
        ...base,
        ohlc,
        change: changeOf(base.last_price, ohlc.close),
        exchange_timestamp: full ? timeOf(u32(28)) : null,
      };
    }
    case KITE_PACKET_LENGTHS.quote:
    case KITE_PACKET_LENGTHS.full: {
      const ohlc = { open: price(28), high: price(32), low: price(36), close: price(40) };
      const quote = {
        ...base,
        last_traded_quantity: u32(8),
        average_traded_price: price(12),
        volume_traded: u32(16),
        total_buy_quantity: u32(20),
        total_sell_quantity: u32(24),
        ohlc,
        change: changeOf(base.last_price, ohlc.close),
      };
      if (packet.byteLength === KITE_PACKET_LENGTHS.quote) return { kind: 'quote', mode: 'quote', ...quote };
      // Depth: 10 entries of 12 bytes from byte 64 (quantity, price, orders as 16 bits, 2 bytes padding); 5 bids, then 5 asks.
      const entry = (i: number): DepthEntry => {
        const at = 64 + i * 12;
        return { quantity: u32(at), price: price(at + 4), orders: view.getUint16(at + 8, false) };
      };
      return {
        kind: 'full',
        mode: 'full',
        ...quote,
        last_trade_time: timeOf(u32(44)),
        oi: u32(48),
        oi_day_high: u32(52),
        oi_day_low: u32(56),
        exchange_timestamp: timeOf(u32(60)),
        depth: { buy: [0, 1, 2, 3, 4].map(entry), sell: [5, 6, 7, 8, 9].map(entry) },
      };
    }
    default:
      return null;
  }
}

/** Splits a binary message into its packets; a heartbeat (under 2 bytes) has none. Fails when a length runs past the message's end. */
export function splitPackets(message: Uint8Array): Result<Uint8Array[]> {
  if (message.byteLength < 2) return ok([]);
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  const count = view.getUint16(0, false);
  const packets: Uint8Array[] = [];
  let at = 2;
  for (let i = 0; i < count; i++) {
    if (at + 2 > message.byteLength) return malformed(`packet ${i + 1} of ${count} has no length`);
    const length = view.getUint16(at, false);
    if (at + 2 + length > message.byteLength) return malformed(`packet ${i + 1} of ${count} runs past the message`);
    packets.push(message.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return ok(packets);
}

const malformed = (reason: string) => fail('bad_gateway', 'Kite sent a market-data message that does not read', { source: 'kite', reason });

/** A binary message's ticks, in the order Kite sent them; packets of unknown length are skipped. */
export function decodeBinaryMessage(message: Uint8Array): Result<KiteTick[]> {
  const packets = splitPackets(message);
  if (!packets.ok) return packets;
  const ticks: KiteTick[] = [];
  for (const p of packets.value) {
    const tick = p.byteLength >= 4 ? decodePacket(p) : null;
    if (tick) ticks.push(tick);
  }
  return ok(ticks);
}

export type KiteTextMessage =
  /** An order's update (postback) on the account. */
  | { type: 'order'; data: unknown }
  /** An error from the ticker, e.g. a subscription refused. */
  | { type: 'error'; message: string }
  /** A notice from Kite. */
  | { type: 'message'; data: unknown }
  /** Text that is not one of Kite's messages. */
  | { type: 'unknown'; text: string };

const TextEnvelope = z.object({ type: z.string(), data: z.unknown() });

export function decodeTextMessage(text: string): KiteTextMessage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { type: 'unknown', text };
  }
  const parsed = TextEnvelope.safeParse(json);
  if (!parsed.success) return { type: 'unknown', text };
  const { type, data } = parsed.data;
  if (type === 'order') return { type, data };
  if (type === 'error') return { type, message: typeof data === 'string' ? data : JSON.stringify(data) };
  if (type === 'message') return { type, data };
  return { type: 'unknown', text };
}

/**
 * The client's requests (Kite Connect v3 docs, "WebSocket streaming"): subscribe, unsubscribe, and mode, tokens as
 * numbers (a token sent as a string is ignored, Zerodha forum). One schema for the ticker client, which sends them,
 * and the local stand-in, which reads them.
 */
const Tokens = z.array(z.number().int().nonnegative());
export const KiteTickerRequest = z.discriminatedUnion('a', [
  z.object({ a: z.literal('subscribe'), v: Tokens }),
  z.object({ a: z.literal('unsubscribe'), v: Tokens }),
  z.object({ a: z.literal('mode'), v: z.tuple([z.enum(KITE_MODES), Tokens]) }),
]);
export type KiteTickerRequest = z.infer<typeof KiteTickerRequest>;

export const subscribeRequest = (tokens: readonly number[]): string => JSON.stringify({ a: 'subscribe', v: [...tokens] });
export const unsubscribeRequest = (tokens: readonly number[]): string => JSON.stringify({ a: 'unsubscribe', v: [...tokens] });
export const modeRequest = (mode: KiteMode, tokens: readonly number[]): string => JSON.stringify({ a: 'mode', v: [mode, [...tokens]] });
