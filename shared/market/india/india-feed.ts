import type { Failure } from '../../result';
import type { Clock } from '../../ports/clock.port';
import { INDIA_BADGE, INDIA_REFRESH_SECONDS, type IndiaFeed } from './india.api';
import type { IndianChainSource } from './indian-chain-source.port';
import type { KiteCredentials, KiteSession, KiteSessionStore } from './kite-session.port';
import { isNseOpen } from './nse-calendar';

/** What the Indian chain's use cases need. */
export interface IndiaDeps {
  clock: Clock;
  /** The operator's Kite keys and the day's login (Secrets Manager). */
  sessions: KiteSessionStore;
  /** The simulated NSE market: the chain whenever Kite cannot give it. */
  simulated: IndianChainSource;
  /** Kite with a live login's access token (functions/adapters/kite/kite-chain-source.ts). */
  kite: (credentials: KiteCredentials, session: KiteSession) => IndianChainSource;
  /** Whether the Kite server is the local stand-in (env KITE_STAND_IN=1), so the product says so. */
  standIn: boolean;
  /** Where a fallback's reason goes (the operator's log); learners see only the badge. */
  warn?: (message: string, details?: Record<string, unknown>) => void;
}

export interface ChosenFeed {
  source: IndianChainSource;
  feed: IndiaFeed;
}

/** The feed's status as the simulated market gives it. */
export const demoFeed = (now: Date): IndiaFeed => ({
  badge: INDIA_BADGE.demo,
  source: 'simulated',
  standIn: false,
  sessionExpiresAt: null,
  marketOpen: isNseOpen(now),
  refreshSeconds: INDIA_REFRESH_SECONDS,
});

/**
 * Kite when the operator stored its keys and the day's login is live (its `expiresAt` after now): 'Zerodha Connected';
 * otherwise, and when the keys cannot be read, the simulated NSE market: 'Demo Data Only', never an error to learners
 * (issue 38: an expired session shows 'Demo Data Only').
 */
export async function chooseIndianFeed(deps: IndiaDeps, now: Date): Promise<ChosenFeed> {
  let credentials: KiteCredentials | null = null;
  let session: KiteSession | null = null;
  try {
    [credentials, session] = await Promise.all([deps.sessions.credentials(), deps.sessions.session()]);
  } catch (err) {
    deps.warn?.('The Kite keys or session could not be read; the Indian chain shows the simulated market', { error: String(err) });
  }
  if (!credentials || !session || !(Date.parse(session.expiresAt) > now.getTime())) return { source: deps.simulated, feed: demoFeed(now) };
  return {
    source: deps.kite(credentials, session),
    feed: {
      badge: INDIA_BADGE.connected,
      source: 'kite',
      standIn: deps.standIn,
      sessionExpiresAt: session.expiresAt,
      marketOpen: isNseOpen(now),
      refreshSeconds: INDIA_REFRESH_SECONDS,
    },
  };
}

/** Why Kite's answer was not used, for the log: the spec's message and what Kite said. */
export const kiteFallbackDetails = (failure: Failure): Record<string, unknown> => ({ message: failure.message, code: failure.code, ...failure.details });
