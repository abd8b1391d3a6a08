import type { KiteApi, KiteTickerPort } from '@shared/market/india/kite/kite.port';
import { isKiteSessionOver } from '@shared/market/india/kite/errors';
import type { KiteInstrument } from '@shared/market/india/kite/instruments';
import { realTimers, type Timers } from '@shared/market/india/kite/reconnect-policy';
import { kiteSpotKey, kiteSpotSymbol } from '@shared/market/india/kite/spot-symbols';
import type { KiteCredentials, KiteSession, KiteSessionStore } from '@shared/market/india/kite-session.port';
import type { IndianLiveQuotes, LiveGroup } from '@shared/market/india/live/live-quotes.port';
import { LIVE_FLUSH_MS, LIVE_KEEPALIVE_MS, QuoteBook } from '@shared/market/india/live/quote-book';
import { planSubscription, type SubscriptionPlan } from '@shared/market/india/live/subscription-plan';
import { isNseOpen, kolkataParts } from '@shared/market/india/nse-calendar';
import { POPULAR_NSE_UNDERLYINGS } from '@shared/market/india/nse-contracts';
import type { Result } from '@shared/result';
import type { Clock } from '@shared/ports/clock.port';

/** How often an idle service looks again at the NSE session and the Kite login. */
export const TICKER_IDLE_CHECK_MS = 60_000;
/** How often a streaming service hands the due groups to the store (the flush policy decides which are due). */
export const TICKER_FLUSH_CHECK_MS = 250;
/** How often a streaming service reads the stored login again (an expiry, or a new morning login with another token). */
export const TICKER_SESSION_CHECK_MS = 60_000;

export interface IndiaTickerDeps {
  clock: Clock;
  /** The operator's Kite keys and the day's login (Secrets Manager). */
  sessions: KiteSessionStore;
  /** Kite's REST API with a login's access token: the day's instrument dumps and the spots. */
  api: (credentials: KiteCredentials, accessToken: string) => KiteApi;
  /** A new WebSocket ticker for a login (functions/adapters/kite/kite-ticker.ts, with the spec's reconnect policy). */
  ticker: (credentials: KiteCredentials, accessToken: string) => KiteTickerPort;
  store: IndianLiveQuotes;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  timers?: Timers;
  /** The underlyings followed (default the product's 20 popular NSE underlyings). */
  underlyings?: readonly string[];
  idleCheckMs?: number;
  flushCheckMs?: number;
  sessionCheckMs?: number;
  flushMs?: number;
  keepaliveMs?: number;
}

export type IndiaTickerState = 'idle' | 'starting' | 'streaming' | 'stopped';

export interface IndiaTickerStats {
  /** Ticks taken into the book (of subscribed instruments). */
  ticks: number;
  /** Group items written, and writes that failed. */
  writes: number;
  failedWrites: number;
  /** The current stream's groups and tokens. */
  groups: number;
  tokens: number;
}

export interface IndiaTickerService {
  readonly state: IndiaTickerState;
  start(): void;
  /** Closes the stream, writes every changed group, and stops for good. */
  stop(): Promise<void>;
  stats(): IndiaTickerStats;
}

interface Stream {
  credentials: KiteCredentials;
  session: KiteSession;
  ticker: KiteTickerPort;
  book: QuoteBook;
  off: (() => void)[];
  sessionCheckedAt: number;
}

/**
 * The India ticker service (issue 38): one long-lived process that holds Kite's WebSocket while NSE is open and writes
 * the latest quotes of the tracked underlyings' nearest expiries to the table, one item per (underlying, expiry) at
 * most every LIVE_FLUSH_MS, for the Indian chain to read (functions/adapters/kite/kite-chain-source.ts).
 * - Idle: outside NSE's session (nse-calendar isNseOpen), or without the operator's keys and a live login, it looks
 *   again every minute. A login Kite refused is not tried again until another one is stored.
 * - Starting: the day's NFO and NSE instrument dumps (read once a day), the spots (one LTP call, to keep the strikes
 *   nearest the money when the plan must trim), the plan (live/subscription-plan.ts), then the subscription in full mode.
 * - Streaming: ticks go into the book; due groups are written. The stream ends at the close, when the login expires or
 *   changes, when Kite refuses the token (the handshake's 403, or a TokenException), and when the reconnect attempts
 *   are spent; every changed group is then written once more and the service idles.
 * Nothing here throws at the process: failures are logged and the service idles or retries.
 */
export function indiaTickerService(deps: IndiaTickerDeps): IndiaTickerService {
  const timers = deps.timers ?? realTimers;
  const idleCheckMs = deps.idleCheckMs ?? TICKER_IDLE_CHECK_MS;
  const flushCheckMs = deps.flushCheckMs ?? TICKER_FLUSH_CHECK_MS;
  const sessionCheckMs = deps.sessionCheckMs ?? TICKER_SESSION_CHECK_MS;
  const underlyings = deps.underlyings ?? POPULAR_NSE_UNDERLYINGS;
  const stats = { ticks: 0, writes: 0, failedWrites: 0 };

  let state: IndiaTickerState = 'idle';
  let timer: unknown = null;
  let stream: Stream | null = null;
  let refusedToken: string | null = null;
  let idleReason = '';
  const inFlight = new Set<Promise<void>>();
  const dumps = new Map<string, { nfo: KiteInstrument[]; nse: KiteInstrument[] }>();

  const nowMs = () => deps.clock.now().getTime();
  /** Read through a function: TypeScript would narrow `state` across the awaits. */
  const stopped = () => state === 'stopped';
  const schedule = (fn: () => void, ms: number) => {
    if (state === 'stopped') return;
    if (timer !== null) timers.clearTimeout(timer);
    timer = timers.setTimeout(() => {
      timer = null;
      fn();
    }, ms);
  };
  /** Logs a reason to idle once, not every minute. */
  const idle = (reason: string, details?: Record<string, unknown>) => {
    if (reason !== idleReason) deps.log('info', `India ticker idle: ${reason}`, details);
    idleReason = reason;
    state = 'idle';
    schedule(() => void check(), idleCheckMs);
  };

  async function login(): Promise<{ credentials: KiteCredentials; session: KiteSession } | string> {
    try {
      const [credentials, session] = await Promise.all([deps.sessions.credentials(), deps.sessions.session()]);
      if (!credentials) return 'no Kite keys are stored';
      if (!session || !(Date.parse(session.expiresAt) > nowMs())) return 'no live Kite login (the operator logs in each morning on /app/config)';
      if (session.accessToken === refusedToken) return 'Kite refused the stored login; waiting for a new one';
      return { credentials, session };
    } catch (err) {
      return `the Kite keys or login could not be read (${(err as Error).message})`;
    }
  }

  async function check(): Promise<void> {
    if (state === 'stopped') return;
    const now = deps.clock.now();
    if (!isNseOpen(now)) return idle('NSE is closed');
    const found = await login();
    if (stopped()) return;
    if (typeof found === 'string') return idle(found);
    await begin(found.credentials, found.session);
  }

  /** The day's dumps for an API key, read once a day (again only after a restart or for another key). */
  async function dumpsOf(api: KiteApi, apiKey: string, day: string): Promise<Result<{ nfo: KiteInstrument[]; nse: KiteInstrument[] }>> {
    const key = `${apiKey}|${day}`;
    const kept = dumps.get(key);
    if (kept) return { ok: true, value: kept };
    const nfo = await api.instruments('NFO');
    if (!nfo.ok) return nfo;
    const nse = await api.instruments('NSE');
    if (!nse.ok) return nse;
    dumps.clear();
    // Only the rows a plan can use are kept (the tracked underlyings' options and spots): the whole NFO dump is ~100,000 rows.
    const names = new Set(underlyings);
    const spotSymbols = new Set(underlyings.map(kiteSpotSymbol));
    const value = {
      nfo: nfo.value.filter((r) => names.has(r.name) && (r.instrument_type === 'CE' || r.instrument_type === 'PE')),
      nse: nse.value.filter((r) => spotSymbols.has(r.tradingsymbol)),
    };
    dumps.set(key, value);
    return { ok: true, value };
  }

  async function plan(api: KiteApi, credentials: KiteCredentials, today: string): Promise<Result<SubscriptionPlan>> {
    const read = await dumpsOf(api, credentials.apiKey, today);
    if (!read.ok) return read;
    const spots = new Map<string, number>();
    const ltp = await api.ltp(underlyings.map(kiteSpotKey));
    // Without the spots the plan trims around each chain's middle strike; the stream goes on.
    if (ltp.ok) for (const u of underlyings) if (ltp.value[kiteSpotKey(u)]) spots.set(u, ltp.value[kiteSpotKey(u)]!.last_price);
    return { ok: true, value: planSubscription({ nfo: read.value.nfo, nse: read.value.nse, underlyings, today, spots }) };
  }

  async function begin(credentials: KiteCredentials, session: KiteSession): Promise<void> {
    state = 'starting';
    const api = deps.api(credentials, session.accessToken);
    const planned = await plan(api, credentials, kolkataParts(deps.clock.now()).date);
    if (stopped()) return;
    if (!planned.ok) {
      if (isKiteSessionOver(planned.error)) refusedToken = session.accessToken;
      return idle(`Kite did not give the instruments (${planned.error.message})`, { ...planned.error.details });
    }
    const p = planned.value;
    if (p.tokens.length === 0) return idle('Kite lists no options of the tracked underlyings');
    if (p.trimmed.length > 0) deps.log('warn', 'India ticker: far strikes left out to stay within one connection', { trimmed: p.trimmed });

    const book = new QuoteBook(p.groups, deps.flushMs ?? LIVE_FLUSH_MS, deps.keepaliveMs ?? LIVE_KEEPALIVE_MS);
    const ticker = deps.ticker(credentials, session.accessToken);
    const s: Stream = { credentials, session, ticker, book, off: [], sessionCheckedAt: nowMs() };
    s.off.push(
      ticker.on('ticks', (ticks) => {
        stats.ticks += book.apply(ticks);
      }),
      ticker.on('connect', () => deps.log('info', 'India ticker: connected to Kite', { tokens: p.tokens.length, groups: p.groups.length })),
      ticker.on('disconnect', (reason) => deps.log('warn', 'India ticker: the stream dropped; reconnecting', { reason })),
      ticker.on('error', (message) => {
        // The handshake's 403 is Kite refusing the api_key/access_token pair: no reconnect will change that.
        if (/\b403\b/.test(message)) {
          refusedToken = session.accessToken;
          void end(s, 'Kite refused the access token');
        } else deps.log('warn', 'India ticker: stream error', { message });
      }),
      ticker.on('noreconnect', () => void end(s, 'the reconnect attempts are spent')),
    );
    stream = s;
    idleReason = '';
    state = 'streaming';
    ticker.subscribe(p.tokens, 'full');
    ticker.connect();
    deps.log('info', 'India ticker: streaming', { tokens: p.tokens.length, groups: p.groups.map((g) => `${g.underlying} ${g.expiry}`) });
    schedule(() => void turn(s), flushCheckMs);
  }

  /** The groups being written: a group is not written again before its last write has ended (an older figure must not land last). */
  const writing = new Set<string>();

  function write(groups: LiveGroup[], book: QuoteBook): Promise<void> {
    const done = Promise.all(
      groups.map(async (g) => {
        const key = `${g.underlying}|${g.expiry}`;
        if (writing.has(key)) {
          book.failed(g.underlying, g.expiry);
          return;
        }
        writing.add(key);
        const put = await deps.store.put(g).finally(() => writing.delete(key));
        if (put.ok) stats.writes += 1;
        else {
          stats.failedWrites += 1;
          book.failed(g.underlying, g.expiry);
          deps.log('warn', 'India ticker: a group was not written', { underlying: g.underlying, expiry: g.expiry, ...put.error.details });
        }
      }),
    ).then(() => undefined);
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    return done;
  }

  /** One turn of a live stream: the close, the login, then the due groups. */
  async function turn(s: Stream): Promise<void> {
    if (stream !== s || state !== 'streaming') return;
    const now = deps.clock.now();
    if (!isNseOpen(now)) return end(s, 'NSE is closed');
    if (now.getTime() - s.sessionCheckedAt >= sessionCheckMs) {
      s.sessionCheckedAt = now.getTime();
      const found = await login();
      if (stream !== s) return;
      if (typeof found === 'string') return end(s, found);
      if (found.session.accessToken !== s.session.accessToken) return end(s, 'a new Kite login was stored', 0);
    }
    // The time of the decision, after the login's read.
    const at = deps.clock.now();
    if (s.ticker.state === 'connected') void write(s.book.due(at.getTime(), at), s.book);
    schedule(() => void turn(s), flushCheckMs);
  }

  /** Closes the stream, writes every changed group, and idles (looking again after `againMs`). */
  async function end(s: Stream, reason: string, againMs = idleCheckMs): Promise<void> {
    if (stream !== s) return;
    stream = null;
    for (const off of s.off) off();
    s.ticker.close();
    deps.log('info', `India ticker: stream closed (${reason})`);
    await Promise.all([...inFlight]);
    const now = deps.clock.now();
    await write(s.book.drain(now.getTime(), now), s.book);
    if (stopped()) return;
    idleReason = reason;
    state = 'idle';
    schedule(() => void check(), againMs);
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (state !== 'idle' || timer !== null || stream) return;
      schedule(() => void check(), 0);
    },
    async stop() {
      if (state === 'stopped') return;
      const s = stream;
      state = 'stopped';
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      if (s) {
        stream = null;
        for (const off of s.off) off();
        s.ticker.close();
        await Promise.all([...inFlight]);
        const now = deps.clock.now();
        await write(s.book.drain(now.getTime(), now), s.book);
      }
      await Promise.all([...inFlight]);
      deps.log('info', 'India ticker: stopped', { ...stats });
    },
    stats: () => ({ ...stats, groups: stream?.book.size ?? 0, tokens: stream?.book.tokens.length ?? 0 }),
  };
}
