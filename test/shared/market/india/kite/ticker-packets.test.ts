import { describe, expect, it } from 'vitest';
import {
  decodeBinaryMessage,
  decodeTextMessage,
  KiteTickerRequest,
  modeRequest,
  subscribeRequest,
  unsubscribeRequest,
  type KiteTick,
} from '@shared/market/india/kite/ticker-packets';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const frame = (...packets: string[]) => {
  const bodies = packets.map((p) => p.replace(/\s+/g, ''));
  const count = bodies.length.toString(16).padStart(4, '0');
  return hex(count + bodies.map((b) => (b.length / 2).toString(16).padStart(4, '0') + b).join(''));
};
const decoded = (bytes: Uint8Array): KiteTick[] => {
  const r = decodeBinaryMessage(bytes);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('Kite binary market data', () => {
  it('reads an LTP frame (kiteconnectjs test/ltpMode_binary.packet): one 8-byte packet, price in paise', () => {
    expect(decoded(hex('0001 0008 000d8001 0000997f'))).toEqual([{ kind: 'ltp', mode: 'ltp', instrument_token: 884737, tradable: true, last_price: 392.95 }]);
  });

  it('reads a quote frame (kiteconnectjs test/quoteMode_binary.packet): the 44-byte layout and the percent change', () => {
    const [tick] = decoded(hex('0001 002c 000d8001 0000997f 00000002 00009d73 0153ad28 000015f1 00000000 0000a410 0000a46a 00009862 0000a1c2'));
    expect(tick).toEqual({
      kind: 'quote',
      mode: 'quote',
      instrument_token: 884737,
      tradable: true,
      last_price: 392.95,
      last_traded_quantity: 2,
      average_traded_price: 403.07,
      volume_traded: 22261032,
      total_buy_quantity: 5617,
      total_sell_quantity: 0,
      ohlc: { open: 420, high: 420.9, low: 390.1, close: 414.1 },
      change: ((392.95 - 414.1) * 100) / 414.1,
    });
  });

  it('reads a full packet (kiteconnect-mocks ticker_full.packet, a bare 184-byte packet): times, open interest and both sides of the depth', () => {
    const packet = Buffer.from(
      'AAY6AQACZroAAAAHAAJlbQASMhcAA+m7AAWKAQACZPMAAmc8AAJhyQACZGxg4pR/AAAAAAAAAAAAAAAAYOKUfwAAAAUAAmacAAEAAAAAAIwAAmZ0AAIAAAAAAAIAAmZvAAEAAAAAANsAAmZqAAcAAAAAADIAAmZlAAEAAAAAAKwAAma6AAMAAAAAACwAAma/AAMAAAAAAS4AAmbJAAMAAAAAAI0AAmbOAAIAAAAAAtQAAmbTAAUAAA==',
      'base64',
    );
    expect(packet.byteLength).toBe(184);
    const [tick] = decoded(frame(packet.toString('hex')));
    expect(tick).toMatchObject({
      kind: 'full',
      mode: 'full',
      instrument_token: 408065,
      tradable: true,
      last_price: 1573.7,
      last_traded_quantity: 7,
      average_traded_price: 1570.37,
      volume_traded: 1192471,
      total_buy_quantity: 256443,
      total_sell_quantity: 363009,
      ohlc: { open: 1569.15, high: 1575, low: 1561.05, close: 1567.8 },
      last_trade_time: '2021-07-05T05:11:27.000Z',
      oi: 0,
      oi_day_high: 0,
      oi_day_low: 0,
      exchange_timestamp: '2021-07-05T05:11:27.000Z',
    });
    expect(tick?.kind === 'full' && tick.depth).toEqual({
      buy: [
        { quantity: 5, price: 1573.4, orders: 1 },
        { quantity: 140, price: 1573, orders: 2 },
        { quantity: 2, price: 1572.95, orders: 1 },
        { quantity: 219, price: 1572.9, orders: 7 },
        { quantity: 50, price: 1572.85, orders: 1 },
      ],
      sell: [
        { quantity: 172, price: 1573.7, orders: 3 },
        { quantity: 44, price: 1573.75, orders: 3 },
        { quantity: 302, price: 1573.85, orders: 3 },
        { quantity: 141, price: 1573.9, orders: 2 },
        { quantity: 724, price: 1573.95, orders: 5 },
      ],
    });
  });

  it('reads index packets (NIFTY 50, token 256265, segment 9): not tradable, prices high-low-open-close, 28 bytes quote and 32 full', () => {
    const quote = '0003e909 00249f32 0024c610 00247809 00248b78 002450e0 001e9808';
    const [q, f] = decoded(frame(quote, quote + '69313f80'));
    expect(q).toEqual({
      kind: 'index',
      mode: 'quote',
      instrument_token: 256265,
      tradable: false,
      last_price: 24000.5,
      ohlc: { high: 24100, low: 23900.25, open: 23950, close: 23800 },
      change: ((24000.5 - 23800) * 100) / 23800,
      exchange_timestamp: null,
    });
    expect(f).toMatchObject({ kind: 'index', mode: 'full', last_price: 24000.5, exchange_timestamp: '2025-12-04T08:00:00.000Z' });
  });

  it('divides currency-derivative prices by 10,000,000 (NSE, segment 3) and 10,000 (BSE, segment 6)', () => {
    const ticks = decoded(frame('0004d203 31bda674', '0004d206 000cbbdd'));
    expect(ticks.map((t) => [t.instrument_token, t.last_price])).toEqual([
      [315907, 83.45125],
      [315910, 83.4525],
    ]);
  });

  it('takes the 1-byte heartbeat as no ticks, skips packets of unknown length, and refuses a frame cut short', () => {
    expect(decoded(hex('00'))).toEqual([]);
    expect(decoded(frame('000d8001 0000997f 0000', '000d8001 0000997f'))).toHaveLength(1);
    const cut = decodeBinaryMessage(hex('0002 0008 000d8001 0000997f 0008 000d80'));
    expect(cut.ok).toBe(false);
  });
});

describe('Kite text messages and requests', () => {
  it('reads order updates, errors and notices, and leaves other text as unknown', () => {
    expect(decodeTextMessage('{"type":"order","data":{"order_id":"151220000000000","status":"COMPLETE"}}')).toEqual({
      type: 'order',
      data: { order_id: '151220000000000', status: 'COMPLETE' },
    });
    expect(decodeTextMessage('{"type":"error","data":"Invalid mode"}')).toEqual({ type: 'error', message: 'Invalid mode' });
    expect(decodeTextMessage('{"type":"message","data":"Maintenance at 23:00"}')).toEqual({ type: 'message', data: 'Maintenance at 23:00' });
    expect(decodeTextMessage('not json')).toEqual({ type: 'unknown', text: 'not json' });
    expect(decodeTextMessage('{"type":"instruments_meta","data":{}}').type).toBe('unknown');
  });

  it('writes subscribe, unsubscribe and mode requests with numeric tokens, as the schema the stand-in reads', () => {
    expect(subscribeRequest([408065, 884737])).toBe('{"a":"subscribe","v":[408065,884737]}');
    expect(unsubscribeRequest([408065])).toBe('{"a":"unsubscribe","v":[408065]}');
    expect(modeRequest('full', [408065])).toBe('{"a":"mode","v":["full",[408065]]}');
    expect(KiteTickerRequest.safeParse(JSON.parse(modeRequest('ltp', [1]))).success).toBe(true);
    expect(KiteTickerRequest.safeParse({ a: 'subscribe', v: ['408065'] }).success).toBe(false);
    expect(KiteTickerRequest.safeParse({ a: 'mode', v: ['depth', [1]] }).success).toBe(false);
  });
});
