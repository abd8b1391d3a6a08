/**
 * The underlying's official close of a New York trading date, as the product's market data stores it: the daily bar of
 * that date, once it is final. A bar of the day is stored by any ingestion that day, and one run during the session
 * stores the price so far, so a bar counts as the close only when the market data's last run finished after that
 * session's close and did not fail for the underlying (every run rewrites the last two weeks' bars, so that run
 * stored the day's final bar).
 */
import type { MarketStore } from '../market/market-store.port';
import type { OfficialClose } from './settlement';
import { closeTime } from './markets';

export interface OfficialCloses {
  /** The official close of `underlying` on `date`, or null while it is not stored (or not final yet). */
  closeOf(underlying: string, date: string): Promise<OfficialClose | null>;
}

export function storedOfficialCloses(store: Pick<MarketStore, 'getBars' | 'getStatus'>): OfficialCloses {
  return {
    async closeOf(underlying, date) {
      const status = await store.getStatus();
      if (status?.lastSync == null || Date.parse(status.lastSync) < closeTime(date).getTime()) return null;
      if (status.failures.some((f) => f.underlying === underlying)) return null;
      const bar = (await store.getBars('stock', underlying, date)).find((b) => b.date === date);
      return bar && Number.isFinite(bar.close) && bar.close > 0 ? { date, close: bar.close } : null;
    },
  };
}
