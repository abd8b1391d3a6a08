import type { StoredTicker } from '@shared/market/market-store.port';

/** The ticker selector's search: the text anywhere in the ticker or the name, ignoring case. */
export function matchTickers(tickers: readonly StoredTicker[], query: string): StoredTicker[] {
  const q = query.trim().toLowerCase();
  const active = tickers.filter((t) => t.is_active);
  if (!q) return active;
  return active.filter((t) => t.ticker.toLowerCase().includes(q) || t.name.toLowerCase().includes(q));
}
