/**
 * The operator's Zerodha Kite Connect keys and the access token of the day's login (issue 38). The keys live in Secrets
 * Manager like the market-data key (`<prefix>/kite`: {"apiKey","apiSecret"}); the access token, exchanged on the server
 * from the login's request token, lives in its own secret (`<prefix>/kite-session`) until it expires. Neither ever
 * reaches a browser. Adapter: functions/adapters/secrets/kite-session-store.ts.
 */
export interface KiteCredentials {
  apiKey: string;
  apiSecret: string;
}

export interface KiteSession {
  accessToken: string;
  /** When the token stops working (Kite: at the end of the trading day; the product takes 06:00 Asia/Kolkata next day). */
  expiresAt: string;
  /** When the login was exchanged, and the Kite user id it was for. */
  createdAt: string;
  kiteUserId: string;
}

export interface KiteSessionStore {
  /** The keys, or null when none (or placeholders) are stored: then the feed is 'Zerodha API not configured'. */
  credentials(): Promise<KiteCredentials | null>;
  /** The stored session, expired or not (the caller compares `expiresAt` with its clock), or null. */
  session(): Promise<KiteSession | null>;
  saveSession(session: KiteSession): Promise<void>;
}
