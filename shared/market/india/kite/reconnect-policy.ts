import { modeRequest, subscribeRequest, type KiteMode } from './ticker-packets';

/**
 * The Indian stream's reconnect policy (spec part 2, "States and transitions" and "Business constants"): on a lost
 * connection it reconnects up to 5 times, waiting 3000 ms times the attempt's number (3 s, 6 s, 9 s, 12 s, 15 s); each
 * reconnect subscribes again to the previous tokens; after 5 failed attempts the stream stays disconnected. A
 * connection that opens starts the count again.
 */
export const KITE_RECONNECT = { maxAttempts: 5, baseDelayMs: 3000 } as const;

export const reconnectDelayMs = (attempt: number, baseDelayMs: number = KITE_RECONNECT.baseDelayMs): number => baseDelayMs * attempt;

/** The timer the policy waits with: the platform's in production, a fake one in tests. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ReconnectEvent =
  /** Attempt `attempt` will connect after `delayMs`. */
  | { type: 'reconnect'; attempt: number; delayMs: number }
  /** The attempts are spent: the stream stays disconnected. */
  | { type: 'noreconnect'; attempts: number };

export interface ReconnectPolicyOptions {
  /** Opens a new connection; its outcome comes back as `connected()` or `lost()`. */
  connect: () => void;
  onEvent?: (event: ReconnectEvent) => void;
  timers?: Timers;
  maxAttempts?: number;
  baseDelayMs?: number;
}

export type ReconnectState = 'connected' | 'waiting' | 'disconnected';

export class ReconnectPolicy {
  private attempts = 0;
  private pending: unknown = null;
  private stopped = false;
  private gaveUp = false;
  private current: ReconnectState = 'disconnected';
  private readonly timers: Timers;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;

  constructor(private readonly opts: ReconnectPolicyOptions) {
    this.timers = opts.timers ?? realTimers;
    this.maxAttempts = opts.maxAttempts ?? KITE_RECONNECT.maxAttempts;
    this.baseDelayMs = opts.baseDelayMs ?? KITE_RECONNECT.baseDelayMs;
  }

  get state(): ReconnectState {
    return this.current;
  }

  /** The attempts made since the last open connection. */
  get attempt(): number {
    return this.attempts;
  }

  /** A connection opened: the count starts again. */
  connected(): void {
    this.cancel();
    this.attempts = 0;
    this.current = 'connected';
  }

  /** A connection closed, or an attempt failed, without `stop()`: wait and try again, or give up when the attempts are spent. */
  lost(): void {
    if (this.stopped || this.gaveUp || this.pending !== null) return;
    if (this.attempts >= this.maxAttempts) {
      this.gaveUp = true;
      this.current = 'disconnected';
      this.opts.onEvent?.({ type: 'noreconnect', attempts: this.attempts });
      return;
    }
    this.attempts += 1;
    const delayMs = reconnectDelayMs(this.attempts, this.baseDelayMs);
    this.current = 'waiting';
    this.pending = this.timers.setTimeout(() => {
      this.pending = null;
      if (!this.stopped) this.opts.connect();
    }, delayMs);
    this.opts.onEvent?.({ type: 'reconnect', attempt: this.attempts, delayMs });
  }

  /** A connection is opened on request (not by the policy): any earlier give-up or stop is forgotten. */
  restart(): void {
    this.cancel();
    this.stopped = false;
    this.gaveUp = false;
    this.attempts = 0;
  }

  /** Closed on purpose: no more attempts. */
  stop(): void {
    this.stopped = true;
    this.cancel();
    this.current = 'disconnected';
  }

  private cancel(): void {
    if (this.pending !== null) this.timers.clearTimeout(this.pending);
    this.pending = null;
  }
}

/**
 * The tokens a stream follows and the mode of each, so that a new connection asks for the same again. Kite takes a
 * new subscription in quote mode (pykiteconnect `subscribe` records MODE_QUOTE); the requests here always name the mode.
 */
export class Subscriptions {
  private readonly modes = new Map<number, KiteMode>();

  subscribe(tokens: readonly number[], mode: KiteMode): void {
    for (const t of tokens) this.modes.set(t, mode);
  }

  unsubscribe(tokens: readonly number[]): void {
    for (const t of tokens) this.modes.delete(t);
  }

  get size(): number {
    return this.modes.size;
  }

  modeOf(token: number): KiteMode | undefined {
    return this.modes.get(token);
  }

  /** The tokens grouped by mode, in the order they were first subscribed. */
  byMode(): Map<KiteMode, number[]> {
    const groups = new Map<KiteMode, number[]>();
    for (const [token, mode] of this.modes) groups.set(mode, [...(groups.get(mode) ?? []), token]);
    return groups;
  }

  /** The text messages that restore every subscription on a new connection: per mode, a subscribe then a mode request. */
  requests(): string[] {
    return [...this.byMode()].flatMap(([mode, tokens]) => [subscribeRequest(tokens), modeRequest(mode, tokens)]);
  }
}
