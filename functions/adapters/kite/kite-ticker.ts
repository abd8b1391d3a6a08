import WebSocket from 'ws';
import type { KiteTickerEvents, KiteTickerPort, KiteTickerState } from '@shared/market/india/kite/kite.port';
import { realTimers, ReconnectPolicy, Subscriptions, type Timers } from '@shared/market/india/kite/reconnect-policy';
import {
  decodeBinaryMessage,
  decodeTextMessage,
  modeRequest,
  subscribeRequest,
  unsubscribeRequest,
  type KiteMode,
} from '@shared/market/india/kite/ticker-packets';

/**
 * Kite Connect's WebSocket ticker (Kite Connect v3 docs, "WebSocket streaming") over the `ws` package, for one
 * long-lived process (the ticker service). Not the `kiteconnect` package's KiteTicker, which keeps its socket in
 * module-level variables (one ticker per process) and calls process.exit(1) when its reconnects run out
 * (kiteconnectjs `lib/ticker.ts`, attemptReconnection). Here:
 * - the URL is `{root}?api_key=…&access_token=…`, with the `X-Kite-Version: 3` header;
 * - binary messages go through the pure decoder (shared/market/india/kite/ticker-packets.ts) and come out as `ticks`;
 *   text messages as `text` (and an `{"type":"error"}` also as `error`);
 * - a lost connection follows the spec's policy (shared/market/india/kite/reconnect-policy.ts): up to 5 attempts,
 *   3000 ms times the attempt, then `noreconnect` and the state stays disconnected; every new connection asks again
 *   for the tokens subscribed before, each in its mode;
 * - a connection silent for `readTimeoutMs` (Kite sends a heartbeat every second) is taken as lost, as kiteconnectjs's
 *   read timeout does;
 * - nothing here throws at the process or exits it: failures are `error` events.
 */
export const KITE_TICKER_ROOT = 'wss://ws.kite.trade';

export interface KiteTickerOptions {
  apiKey: string;
  accessToken: string;
  /** Kite's ticker by default; the local stand-in's `wsUrl` locally. */
  url?: string;
  timers?: Timers;
  maxAttempts?: number;
  baseDelayMs?: number;
  /** A connection with no message (not even a heartbeat) for this long is dropped and reconnected; 0 turns the check off (default 5000). */
  readTimeoutMs?: number;
  /** How long the opening handshake may take before the attempt counts as failed (default 10 s). */
  handshakeTimeoutMs?: number;
}

type Listeners = { [E in keyof KiteTickerEvents]: Set<KiteTickerEvents[E]> };

export class KiteTicker implements KiteTickerPort {
  private ws: WebSocket | null = null;
  private current: KiteTickerState = 'disconnected';
  private closing = false;
  private readTimer: unknown = null;
  private readonly subscriptions = new Subscriptions();
  private readonly policy: ReconnectPolicy;
  private readonly timers: Timers;
  private readonly readTimeoutMs: number;
  private readonly listeners: Listeners = {
    connect: new Set(),
    ticks: new Set(),
    text: new Set(),
    disconnect: new Set(),
    reconnect: new Set(),
    noreconnect: new Set(),
    error: new Set(),
  };

  constructor(private readonly opts: KiteTickerOptions) {
    this.timers = opts.timers ?? realTimers;
    this.readTimeoutMs = opts.readTimeoutMs ?? 5000;
    this.policy = new ReconnectPolicy({
      connect: () => this.open(),
      timers: this.timers,
      maxAttempts: opts.maxAttempts,
      baseDelayMs: opts.baseDelayMs,
      onEvent: (e) => {
        if (e.type === 'reconnect') {
          this.current = 'connecting';
          this.emit('reconnect', e.attempt, e.delayMs);
        } else {
          this.current = 'disconnected';
          this.emit('noreconnect');
        }
      },
    });
  }

  get state(): KiteTickerState {
    return this.current;
  }

  on<E extends keyof KiteTickerEvents>(event: E, listener: KiteTickerEvents[E]): () => void {
    const set = this.listeners[event] as Set<KiteTickerEvents[E]>;
    set.add(listener);
    return () => set.delete(listener);
  }

  connect(): void {
    if (this.ws) return;
    this.closing = false;
    this.policy.restart();
    this.open();
  }

  /** Follows the tokens in a mode (Kite takes a subscription in quote mode; the mode is always sent after it). */
  subscribe(tokens: readonly number[], mode: KiteMode): void {
    if (tokens.length === 0) return;
    this.subscriptions.subscribe(tokens, mode);
    this.send(subscribeRequest(tokens));
    this.send(modeRequest(mode, tokens));
  }

  unsubscribe(tokens: readonly number[]): void {
    if (tokens.length === 0) return;
    this.subscriptions.unsubscribe(tokens);
    this.send(unsubscribeRequest(tokens));
  }

  /** Closes on purpose: no reconnect follows. */
  close(): void {
    this.closing = true;
    this.policy.stop();
    this.clearReadTimer();
    this.current = 'disconnected';
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState !== WebSocket.CLOSED) ws.terminate();
  }

  private open(): void {
    const url = new URL(this.opts.url ?? KITE_TICKER_ROOT);
    url.searchParams.set('api_key', this.opts.apiKey);
    url.searchParams.set('access_token', this.opts.accessToken);
    this.current = 'connecting';
    const ws = new WebSocket(url, { headers: { 'X-Kite-Version': '3' }, handshakeTimeout: this.opts.handshakeTimeoutMs ?? 10_000 });
    this.ws = ws;
    ws.on('open', () => {
      if (this.ws !== ws) return;
      this.current = 'connected';
      this.policy.connected();
      for (const request of this.subscriptions.requests()) ws.send(request);
      this.armReadTimer(ws);
      this.emit('connect');
    });
    ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      if (this.ws !== ws) return;
      this.armReadTimer(ws);
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        const ticks = decodeBinaryMessage(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
        if (!ticks.ok) return this.emit('error', `${ticks.error.message}: ${String(ticks.error.details?.reason)}`);
        if (ticks.value.length > 0) this.emit('ticks', ticks.value);
        return;
      }
      const message = decodeTextMessage(bytes.toString('utf8'));
      this.emit('text', message);
      if (message.type === 'error') this.emit('error', message.message);
    });
    ws.on('error', (err: Error) => {
      if (this.ws === ws) this.emit('error', err.message);
    });
    ws.on('close', (code: number, reason: Buffer) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.clearReadTimer();
      if (this.closing) return;
      this.current = 'disconnected';
      this.emit('disconnect', reason.length > 0 ? `${code} ${reason.toString('utf8')}` : String(code));
      this.policy.lost();
    });
  }

  private send(text: string): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private armReadTimer(ws: WebSocket): void {
    if (this.readTimeoutMs <= 0) return;
    this.clearReadTimer();
    this.readTimer = this.timers.setTimeout(() => {
      this.readTimer = null;
      if (this.ws === ws) ws.terminate();
    }, this.readTimeoutMs);
  }

  private clearReadTimer(): void {
    if (this.readTimer !== null) this.timers.clearTimeout(this.readTimer);
    this.readTimer = null;
  }

  private emit<E extends keyof KiteTickerEvents>(event: E, ...args: Parameters<KiteTickerEvents[E]>): void {
    for (const listener of this.listeners[event]) {
      try {
        (listener as (...a: Parameters<KiteTickerEvents[E]>) => void)(...args);
      } catch (err) {
        // A listener's bug must not reach the socket's handlers (an uncaught throw there ends the process).
        if (event !== 'error') this.emit('error', `a '${event}' listener failed: ${(err as Error).message}`);
      }
    }
  }
}
