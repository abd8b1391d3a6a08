import type { Result } from '../../../result';
import type { KiteInstrument } from './instruments';
import type { KiteCandle, KiteInterval, KiteLtp, KiteQuote, KiteSession } from './kite.wire';
import type { KiteMode, KiteTick, KiteTextMessage } from './ticker-packets';

/** Kite Connect's REST API as the Indian feed uses it (functions/adapters/kite/kite-client.ts). Failures carry the spec's messages (errors.ts). */
export interface KiteApi {
  /** Exchanges a login's request token for the day's session; needs the API secret. */
  generateSession(requestToken: string, apiSecret: string): Promise<Result<KiteSession>>;
  /** The same API with a session's access token. */
  withAccessToken(accessToken: string): KiteApi;
  /** The instrument dump of an exchange (default NFO). */
  instruments(exchange?: string): Promise<Result<KiteInstrument[]>>;
  /** Full quotes keyed by `EXCHANGE:TRADINGSYMBOL`, fetched in Kite's batches and pace; unknown instruments are absent. */
  quote(instruments: readonly string[]): Promise<Result<Record<string, KiteQuote>>>;
  /** Last traded prices, likewise. */
  ltp(instruments: readonly string[]): Promise<Result<Record<string, KiteLtp>>>;
  historical(
    instrumentToken: number,
    interval: KiteInterval,
    from: string,
    to: string,
    opts?: { continuous?: boolean; oi?: boolean },
  ): Promise<Result<KiteCandle[]>>;
}

export type KiteTickerState = 'connecting' | 'connected' | 'disconnected';

export interface KiteTickerEvents {
  connect: () => void;
  ticks: (ticks: KiteTick[]) => void;
  text: (message: KiteTextMessage) => void;
  /** The connection closed; a reconnect may follow. */
  disconnect: (reason: string) => void;
  reconnect: (attempt: number, delayMs: number) => void;
  /** The reconnect attempts are spent: the stream stays disconnected. */
  noreconnect: () => void;
  error: (message: string) => void;
}

/** Kite's WebSocket ticker for one long-lived process (functions/adapters/kite/kite-ticker.ts). */
export interface KiteTickerPort {
  readonly state: KiteTickerState;
  connect(): void;
  subscribe(tokens: readonly number[], mode: KiteMode): void;
  unsubscribe(tokens: readonly number[]): void;
  close(): void;
  on<E extends keyof KiteTickerEvents>(event: E, listener: KiteTickerEvents[E]): () => void;
}
