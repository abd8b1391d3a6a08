import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { kiteClient } from '../../../../functions/adapters/kite/kite-client';
import { KiteTicker, type KiteTickerOptions } from '../../../../functions/adapters/kite/kite-ticker';
import type { KiteTick } from '@shared/market/india/kite/ticker-packets';
import type { RunningKiteStandin } from '../../../../local/kite-standin';
import { KITE_KEY, KITE_SECRET, startTestKiteStandin } from '../../../support/kite-standin';

const CALL = 35_001 * 256 + 2; // the stand-in's first NIFTY option (NFO, segment 2)
const NIFTY_50 = 256265;

let standin: RunningKiteStandin;
let accessToken: string;
const tickers: KiteTicker[] = [];

beforeAll(async () => {
  standin = await startTestKiteStandin({ tickIntervalMs: 20, heartbeatMs: 20 });
  const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: standin.url }).generateSession(standin.issueRequestToken(), KITE_SECRET);
  if (!s.ok) throw new Error(s.error.message);
  accessToken = s.value.access_token;
});
afterEach(() => {
  for (const t of tickers.splice(0)) t.close();
  standin.refuseTicker(false);
});
afterAll(() => standin.close());

function ticker(extra: Partial<KiteTickerOptions> = {}) {
  const t = new KiteTicker({ apiKey: KITE_KEY, accessToken, url: standin.wsUrl, baseDelayMs: 30, ...extra });
  tickers.push(t);
  const ticks: KiteTick[] = [];
  const events: string[] = [];
  t.on('ticks', (batch) => ticks.push(...batch));
  t.on('connect', () => events.push('connect'));
  t.on('disconnect', () => events.push('disconnect'));
  t.on('reconnect', (attempt, delayMs) => events.push(`reconnect ${attempt} ${delayMs}`));
  t.on('noreconnect', () => events.push('noreconnect'));
  return { t, ticks, events };
}

async function until(what: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the Kite ticker client against the stand-in', () => {
  it('subscribes in the chosen modes and hands out decoded ticks', async () => {
    const { t, ticks } = ticker();
    t.subscribe([CALL], 'full');
    t.subscribe([NIFTY_50], 'quote');
    t.connect();
    await until(() => ticks.some((k) => k.instrument_token === CALL) && ticks.some((k) => k.instrument_token === NIFTY_50));
    expect(t.state).toBe('connected');
    expect(standin.tickerConnections()).toEqual([{ [CALL]: 'full', [NIFTY_50]: 'quote' }]);
    const call = ticks.find((k) => k.instrument_token === CALL);
    expect(call?.kind).toBe('full');
    expect(call?.kind === 'full' && call.depth.buy).toHaveLength(5);
    expect(ticks.find((k) => k.instrument_token === NIFTY_50)).toMatchObject({ kind: 'index', mode: 'quote', tradable: false });

    t.unsubscribe([NIFTY_50]);
    await until(() => standin.tickerConnections()[0]?.[NIFTY_50] === undefined);
    expect(standin.tickerConnections()).toEqual([{ [CALL]: 'full' }]);
  });

  it('after a lost connection reconnects after the first delay and asks again for the previous tokens in their modes', async () => {
    const { t, ticks, events } = ticker();
    t.connect();
    await until(() => t.state === 'connected');
    t.subscribe([CALL], 'ltp');
    t.subscribe([NIFTY_50], 'full');
    await until(() => standin.tickerConnections()[0]?.[NIFTY_50] === 'full');

    standin.dropTickerConnections();
    await until(() => events.filter((e) => e === 'connect').length === 2);
    expect(events).toEqual(['connect', 'disconnect', 'reconnect 1 30', 'connect']);
    await until(() => standin.tickerConnections()[0]?.[NIFTY_50] === 'full');
    expect(standin.tickerConnections()).toEqual([{ [CALL]: 'ltp', [NIFTY_50]: 'full' }]);
    const after = ticks.length;
    await until(() => ticks.length > after);
  });

  it('gives up after 5 attempts, 30 ms times the attempt apart, stays disconnected, and never exits the process', async () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    try {
      const { t, events } = ticker();
      t.connect();
      await until(() => t.state === 'connected');
      const handshakes = standin.tickerHandshakes();
      standin.refuseTicker(true);
      standin.dropTickerConnections();
      await until(() => events.includes('noreconnect'), 5000);
      expect(events.filter((e) => e.startsWith('reconnect'))).toEqual([
        'reconnect 1 30',
        'reconnect 2 60',
        'reconnect 3 90',
        'reconnect 4 120',
        'reconnect 5 150',
      ]);
      expect(t.state).toBe('disconnected');
      expect(standin.tickerHandshakes()).toBe(handshakes);
      await new Promise((r) => setTimeout(r, 200));
      expect(events.filter((e) => e.startsWith('reconnect'))).toHaveLength(5);
      expect(exit).not.toHaveBeenCalled();
    } finally {
      exit.mockRestore();
    }
  });

  it('closing on purpose does not reconnect', async () => {
    const { t, events } = ticker();
    t.connect();
    await until(() => t.state === 'connected');
    t.close();
    await new Promise((r) => setTimeout(r, 150));
    expect(events).toEqual(['connect']);
    expect(t.state).toBe('disconnected');
    expect(standin.tickerConnections()).toEqual([]);
  });

  it("passes Kite's text messages on, an error one also as an error", async () => {
    const { t } = ticker();
    const texts: unknown[] = [];
    const errors: string[] = [];
    t.on('text', (m) => texts.push(m));
    t.on('error', (m) => errors.push(m));
    t.connect();
    await until(() => t.state === 'connected');
    standin.broadcastText('{"type":"error","data":"Invalid access token"}');
    standin.broadcastText('{"type":"order","data":{"order_id":"1","status":"COMPLETE"}}');
    await until(() => texts.length === 2);
    expect(texts).toEqual([
      { type: 'error', message: 'Invalid access token' },
      { type: 'order', data: { order_id: '1', status: 'COMPLETE' } },
    ]);
    expect(errors).toEqual(['Invalid access token']);
  });

  it('takes a connection silent past the read timeout as lost, and reconnects', async () => {
    const quiet = await startTestKiteStandin({ tickIntervalMs: 60_000, heartbeatMs: 60_000 });
    try {
      const s = await kiteClient({ apiKey: KITE_KEY, baseUrl: quiet.url }).generateSession(quiet.issueRequestToken(), KITE_SECRET);
      if (!s.ok) throw new Error(s.error.message);
      const { t, events } = ticker({ url: quiet.wsUrl, accessToken: s.value.access_token, readTimeoutMs: 100 });
      t.connect();
      await until(() => events.filter((e) => e === 'connect').length === 2);
      expect(events.slice(0, 4)).toEqual(['connect', 'disconnect', 'reconnect 1 30', 'connect']);
    } finally {
      await quiet.close();
    }
  });
});
