import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MARKETS, marketFromParam, marketParam, type Market } from '../lib/markets';

/** A US ticker (BRK.B) or an NSE symbol (M&M, BAJAJ-AUTO). */
const TICKER = /^[A-Z][A-Z.&-]{0,19}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The market, ticker and expiry live in the URL (?market=india&ticker=SPY&expiry=2026-11-27) so a
 * shared link or a reload shows the same chain. A missing or malformed value means the default.
 */
export function useChainParams() {
  const [params, setParams] = useSearchParams();
  const market = marketFromParam(params.get('market'));
  const rawTicker = params.get('ticker')?.toUpperCase() ?? '';
  const ticker = TICKER.test(rawTicker) ? rawTicker : MARKETS[market].defaultTicker;
  const rawExpiry = params.get('expiry');
  const expiry = rawExpiry && ISO_DATE.test(rawExpiry) ? rawExpiry : null;

  const update = useCallback(
    (changes: Record<string, string | null>, replace: boolean) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  /** Spec part 2 §4: India selects NIFTY, the US selects SPY. */
  const selectMarket = useCallback((next: Market) => update({ market: marketParam(next), ticker: MARKETS[next].defaultTicker, expiry: null }, false), [update]);
  const selectTicker = useCallback((next: string) => update({ ticker: next.toUpperCase(), expiry: null }, false), [update]);
  const selectExpiry = useCallback((next: string) => update({ expiry: next }, true), [update]);

  return { market, ticker, expiry, selectMarket, selectTicker, selectExpiry };
}
