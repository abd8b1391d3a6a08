import { describe, expect, it } from 'vitest';
import type { KiteInstrument } from '@shared/market/india/kite/instruments';
import type { FullTick, KiteTick } from '@shared/market/india/kite/ticker-packets';
import { isLiveFresh, LIVE_FLUSH_MS, LIVE_FRESH_MS, LIVE_KEEPALIVE_MS, QuoteBook } from '@shared/market/india/live/quote-book';
import { KITE_TICKER_MAX_TOKENS, planSubscription } from '@shared/market/india/live/subscription-plan';

/** Rows of Kite's dumps: NIFTY options of two expiries (NFO), BANKNIFTY options of one, and the two indices (NSE). */
function option(token: number, name: string, expiry: string, strike: number, type: 'CE' | 'PE', lot: number): KiteInstrument {
  return {
    instrument_token: token,
    exchange_token: token >> 8,
    tradingsymbol: `${name}${expiry.replaceAll('-', '')}${strike}${type}`,
    name,
    last_price: 0,
    expiry,
    strike,
    tick_size: 0.05,
    lot_size: lot,
    instrument_type: type,
    segment: 'NFO-OPT',
    exchange: 'NFO',
  };
}
const index = (token: number, symbol: string): KiteInstrument => ({
  instrument_token: token,
  exchange_token: token >> 8,
  tradingsymbol: symbol,
  name: symbol,
  last_price: 0,
  expiry: null,
  strike: 0,
  tick_size: 0,
  lot_size: 0,
  instrument_type: 'EQ',
  segment: 'INDICES',
  exchange: 'NSE',
});

let next = 1000;
const strikes = (name: string, expiry: string, from: number, step: number, n: number, lot: number) =>
  Array.from({ length: n }, (_, i) => [
    option((next += 256), name, expiry, from + i * step, 'CE', lot),
    option((next += 256), name, expiry, from + i * step, 'PE', lot),
  ]).flat();

const NFO = [
  ...strikes('NIFTY', '2026-12-08', 23_900, 50, 5, 65),
  ...strikes('NIFTY', '2026-12-01', 23_900, 50, 5, 65),
  ...strikes('NIFTY', '2026-11-24', 23_900, 50, 5, 65), // expired before the day
  ...strikes('BANKNIFTY', '2026-12-29', 53_800, 100, 5, 30),
];
const NSE = [index(256265, 'NIFTY 50'), index(260105, 'NIFTY BANK')];
const TODAY = '2026-11-30';

function full(token: number, last: number, bid: number, ask: number, volume = 650, oi = 6500): FullTick {
  const level = (price: number) => ({ price, quantity: 65, orders: 1 });
  return {
    kind: 'full',
    mode: 'full',
    instrument_token: token,
    tradable: true,
    last_price: last,
    last_traded_quantity: 65,
    average_traded_price: last,
    volume_traded: volume,
    total_buy_quantity: 0,
    total_sell_quantity: 0,
    ohlc: { open: last, high: last, low: last, close: last },
    change: 0,
    last_trade_time: null,
    oi,
    oi_day_high: oi,
    oi_day_low: oi,
    exchange_timestamp: null,
    depth: { buy: [level(bid)], sell: [level(ask)] },
  };
}
const spotTick = (token: number, last: number): KiteTick => ({
  kind: 'index',
  mode: 'full',
  instrument_token: token,
  tradable: false,
  last_price: last,
  ohlc: { open: last, high: last, low: last, close: last },
  change: 0,
  exchange_timestamp: null,
});

describe('which instruments the ticker service subscribes', () => {
  it("takes each underlying's nearest expiry on or after the day and its index, spots first", () => {
    const plan = planSubscription({ nfo: NFO, nse: NSE, underlyings: ['NIFTY', 'BANKNIFTY', 'RELIANCE'], today: TODAY });
    expect(plan.groups.map((g) => [g.underlying, g.expiry, g.spotToken, g.rows.length])).toEqual([
      ['NIFTY', '2026-12-01', 256265, 10],
      ['BANKNIFTY', '2026-12-29', 260105, 10],
    ]);
    expect(plan.groups[0]!.expiries).toEqual(['2026-12-01', '2026-12-08']);
    expect(plan.missing).toEqual(['RELIANCE']);
    expect(plan.tokens.slice(0, 2)).toEqual([256265, 260105]);
    expect(plan.tokens).toHaveLength(22);
    expect(plan.trimmed).toEqual([]);
  });

  it('stays within the connection limit, each underlying keeping the strikes nearest its spot', () => {
    // 2 spots + 20 contracts do not fit in 12: 5 contracts each at most, whole strikes (2 each) nearest the spot.
    const plan = planSubscription({ nfo: NFO, nse: NSE, underlyings: ['NIFTY', 'BANKNIFTY'], today: TODAY, limit: 12, spots: new Map([['NIFTY', 24_110]]) });
    expect(plan.tokens).toHaveLength(10);
    const nifty = plan.groups[0]!.rows.map((r) => `${r.strike}${r.instrument_type}`);
    expect(nifty).toEqual(['24050CE', '24050PE', '24100CE', '24100PE']);
    // No spot given: around the middle strike (54,000), the nearer lower strike first on a tie.
    expect(plan.groups[1]!.rows.map((r) => r.strike)).toEqual([53_900, 53_900, 54_000, 54_000]);
    expect(plan.trimmed).toEqual([
      { underlying: 'NIFTY', left: 6 },
      { underlying: 'BANKNIFTY', left: 6 },
    ]);
    expect(KITE_TICKER_MAX_TOKENS).toBe(3000);
  });
});

describe('the quote book and its flush policy', () => {
  const plan = planSubscription({ nfo: NFO, nse: NSE, underlyings: ['NIFTY', 'BANKNIFTY'], today: TODAY });
  const nifty = plan.groups[0]!;
  const call = nifty.rows[0]!;
  const at = (ms: number) => new Date(Date.parse('2026-11-30T05:00:00Z') + ms);

  it("keeps a full tick's best bid and ask, last price, volume and open interest, and the index's price as the spot", () => {
    const book = new QuoteBook(plan.groups);
    expect(book.apply([spotTick(256265, 24_012.5), full(call.instrument_token, 150.2, 150, 150.5, 1300, 13_000), full(999_999, 1, 1, 1)])).toBe(2);
    const [group] = book.due(0, at(0));
    expect(group).toMatchObject({ underlying: 'NIFTY', expiry: '2026-12-01', spot: 24_012.5, asOf: at(0).toISOString() });
    expect(group!.contracts[0]).toEqual({
      tradingsymbol: call.tradingsymbol,
      strike: 23_900,
      type: 'CE',
      lotSize: 65,
      bid: 150,
      ask: 150.5,
      last: 150.2,
      volume: 1300,
      oi: 13_000,
    });
    // A contract with no tick yet reads 0 everywhere.
    expect(group!.contracts[1]).toMatchObject({ bid: 0, ask: 0, last: 0, volume: 0, oi: 0 });
  });

  it(`writes a changed group at most once every ${LIVE_FLUSH_MS} ms, however many ticks arrive`, () => {
    const book = new QuoteBook(plan.groups);
    const written: number[] = [];
    for (let ms = 0; ms <= 6_000; ms += 100) {
      book.apply([full(call.instrument_token, 150 + ms / 100, 150, 151)]);
      if (book.due(ms, at(ms)).length > 0) written.push(ms);
    }
    expect(written).toEqual([0, 2_000, 4_000, 6_000]);
  });

  it(`writes an unchanged group again after ${LIVE_KEEPALIVE_MS} ms, so its item stays fresh (${LIVE_FRESH_MS} ms)`, () => {
    const book = new QuoteBook(plan.groups);
    book.apply([full(call.instrument_token, 150, 150, 151)]);
    expect(book.due(0, at(0))).toHaveLength(1);
    // The same figures again change nothing.
    book.apply([full(call.instrument_token, 150, 150, 151)]);
    expect(book.due(LIVE_FLUSH_MS, at(LIVE_FLUSH_MS))).toEqual([]);
    expect(book.due(LIVE_KEEPALIVE_MS - 1, at(LIVE_KEEPALIVE_MS - 1))).toEqual([]);
    expect(book.due(LIVE_KEEPALIVE_MS, at(LIVE_KEEPALIVE_MS)).map((g) => g.underlying)).toEqual(['NIFTY']);
    // BANKNIFTY has never ticked: nothing to write for it.
    expect(isLiveFresh({ asOf: at(0).toISOString() }, at(LIVE_FRESH_MS))).toBe(true);
    expect(isLiveFresh({ asOf: at(0).toISOString() }, at(LIVE_FRESH_MS + 1))).toBe(false);
  });

  it('drains every changed group at once (the close, a stop), and rewrites a group whose write failed', () => {
    const book = new QuoteBook(plan.groups);
    book.apply([spotTick(256265, 24_000), spotTick(260105, 54_000)]);
    expect(book.due(0, at(0))).toHaveLength(2);
    book.apply([spotTick(256265, 24_001)]);
    expect(book.due(500, at(500))).toEqual([]);
    expect(book.drain(500, at(500)).map((g) => g.spot)).toEqual([24_001]);
    expect(book.drain(600, at(600))).toEqual([]);
    book.failed('BANKNIFTY', '2026-12-29');
    expect(book.drain(700, at(700)).map((g) => g.underlying)).toEqual(['BANKNIFTY']);
  });

  it('takes quote and LTP ticks for the figures they carry, keeping the others', () => {
    const book = new QuoteBook(plan.groups);
    book.apply([full(call.instrument_token, 150, 149, 151, 650, 6500)]);
    book.apply([{ kind: 'ltp', mode: 'ltp', instrument_token: call.instrument_token, tradable: true, last_price: 152 }]);
    const [g] = book.drain(0, at(0));
    expect(g!.contracts[0]).toMatchObject({ bid: 149, ask: 151, last: 152, volume: 650, oi: 6500 });
  });
});
