import { KITE_PACKET_LENGTHS, priceDivisor, type DepthEntry, type KiteMode, type Ohlc } from '@shared/market/india/kite/ticker-packets';

/**
 * The local Kite stand-in's side of the binary market data: packets written in the layouts Kite Connect's WebSocket
 * sends (Kite Connect v3 docs, "WebSocket streaming"; kiteconnectjs `lib/ticker.ts` parseBinary reads them), so the
 * product's decoder (shared/market/india/kite/ticker-packets.ts) reads what a real ticker would send it.
 */
export interface StandinTickFigures {
  token: number;
  lastPrice: number;
  lastQuantity: number;
  averagePrice: number;
  volume: number;
  buyQuantity: number;
  sellQuantity: number;
  ohlc: Ohlc;
  lastTradeTime: Date;
  oi: number;
  oiDayHigh: number;
  oiDayLow: number;
  exchangeTime: Date;
  depth: { buy: DepthEntry[]; sell: DepthEntry[] };
  /** Indices (segment 9) send the 28/32-byte packets. */
  index: boolean;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function encodePacket(f: StandinTickFigures, mode: KiteMode): Uint8Array {
  const length =
    mode === 'ltp'
      ? KITE_PACKET_LENGTHS.ltp
      : f.index
        ? mode === 'full'
          ? KITE_PACKET_LENGTHS.indexFull
          : KITE_PACKET_LENGTHS.indexQuote
        : mode === 'full'
          ? KITE_PACKET_LENGTHS.full
          : KITE_PACKET_LENGTHS.quote;
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  const d = priceDivisor(f.token);
  const u32 = (at: number, v: number) => view.setUint32(at, Math.max(0, Math.round(v)), false);
  const price = (at: number, v: number) => u32(at, v * d);
  u32(0, f.token);
  price(4, f.lastPrice);
  if (mode === 'ltp') return bytes;
  if (f.index) {
    price(8, f.ohlc.high);
    price(12, f.ohlc.low);
    price(16, f.ohlc.open);
    price(20, f.ohlc.close);
    view.setInt32(24, Math.round((f.lastPrice - f.ohlc.close) * d), false);
    if (mode === 'full') u32(28, seconds(f.exchangeTime));
    return bytes;
  }
  u32(8, f.lastQuantity);
  price(12, f.averagePrice);
  u32(16, f.volume);
  u32(20, f.buyQuantity);
  u32(24, f.sellQuantity);
  price(28, f.ohlc.open);
  price(32, f.ohlc.high);
  price(36, f.ohlc.low);
  price(40, f.ohlc.close);
  if (mode === 'quote') return bytes;
  u32(44, seconds(f.lastTradeTime));
  u32(48, f.oi);
  u32(52, f.oiDayHigh);
  u32(56, f.oiDayLow);
  u32(60, seconds(f.exchangeTime));
  [...f.depth.buy.slice(0, 5), ...f.depth.sell.slice(0, 5)].forEach((e, i) => {
    const at = 64 + i * 12;
    u32(at, e.quantity);
    price(at + 4, e.price);
    view.setUint16(at + 8, Math.min(0xffff, e.orders), false);
  });
  return bytes;
}

/** One binary message: the packet count, then each packet after its length. */
export function encodeMessage(packets: readonly Uint8Array[]): Uint8Array {
  const size = 2 + packets.reduce((n, p) => n + 2 + p.byteLength, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, packets.length, false);
  let at = 2;
  for (const p of packets) {
    view.setUint16(at, p.byteLength, false);
    bytes.set(p, at + 2);
    at += 2 + p.byteLength;
  }
  return bytes;
}
