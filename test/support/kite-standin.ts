import { startKiteStandin, type KiteStandinOptions, type KiteStandinUnderlying, type RunningKiteStandin } from '../../local/kite-standin';

/**
 * The stand-in's market for the Kite tests: NIFTY (weekly expiries on Tuesdays, the last of the month the monthly) and
 * BANKNIFTY (monthly only), with the lot sizes of NSE circular NSE/FAOP/70616 (NIFTY 65, BANKNIFTY 30, from the
 * January 2026 expiries) and the indices' real instrument tokens (NIFTY 50 256265, NIFTY BANK 260105).
 */
export const NIFTY: KiteStandinUnderlying = {
  name: 'NIFTY',
  indexSymbol: 'NIFTY 50',
  indexToken: 256265,
  spot: 24_000,
  lotSize: 65,
  strikeInterval: 50,
  strikesEachSide: 3,
  expiries: ['2026-12-08', '2026-12-01', '2026-12-29'],
};
export const BANKNIFTY: KiteStandinUnderlying = {
  name: 'BANKNIFTY',
  indexSymbol: 'NIFTY BANK',
  indexToken: 260105,
  spot: 54_000,
  lotSize: 30,
  strikeInterval: 100,
  strikesEachSide: 2,
  expiries: ['2026-12-29'],
};

/** Monday 30 November 2026, 10:30 in Mumbai: NSE is open. */
export const KITE_NOW = new Date('2026-11-30T05:00:00Z');
export const KITE_KEY = 'kitestandinkey';
export const KITE_SECRET = 'kitestandinsecret';

/** The test stand-in's window between two quote calls of one key (Kite's is a second). */
export const TEST_QUOTE_WINDOW_MS = 50;
/**
 * The pause a test's Kite client keeps between quote calls: four times the window, as a busy machine can hold a
 * request back by tens of milliseconds between the client's send and the stand-in's clock, which must not turn a paced
 * call into a refused one (a 429 and its retry).
 */
export const TEST_QUOTE_INTERVAL_MS = 4 * TEST_QUOTE_WINDOW_MS;

export function startTestKiteStandin(extra: Partial<KiteStandinOptions> = {}): Promise<RunningKiteStandin> {
  return startKiteStandin({
    port: 0,
    apiKey: KITE_KEY,
    apiSecret: KITE_SECRET,
    underlyings: [NIFTY, BANKNIFTY],
    seed: 'test',
    now: () => KITE_NOW,
    quoteWindowMs: TEST_QUOTE_WINDOW_MS,
    ...extra,
  });
}
