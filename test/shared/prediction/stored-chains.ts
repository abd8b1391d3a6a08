import type { ExpirySummary } from '@shared/market/chain';
import type { StoredChain } from '@shared/market/market-store.port';
import { memoryMarketStore } from '../../support/memory-market-store';
import { AS_OF, spyChain } from './chain-fixture';

/** The fixture's SPY chain for an expiry as the ingestion stores it, with the run's version. */
export function storedSpyChain(expiration: string, version = `${AS_OF}#run-1`, ivAt: (k: number) => number | null = () => 0.15): StoredChain {
  const c = spyChain(ivAt, expiration);
  return { ...c, source: 'demo', version, contracts: [...c.contracts] };
}

const summary = (expiration: string): ExpirySummary => ({
  expiration_date: expiration,
  underlying_ticker: 'SPY',
  expiry_type: 'Weekly',
  days_to_expiry: 0,
  total_call_volume: 0,
  total_put_volume: 0,
  total_call_open_interest: 0,
  total_put_open_interest: 0,
});

/**
 * A market store holding SPY chains quoted at the fixture's close (Monday 30 Nov 2026): today's expiry, four after it
 * and one more, so the markets are made for the four after today.
 */
export const SPY_EXPIRIES = ['2026-11-30', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-24', '2027-01-15'];
export async function spyMarketStore(version = `${AS_OF}#run-1`, ivAt?: (expiration: string, k: number) => number | null) {
  const store = memoryMarketStore();
  await store.putChains(SPY_EXPIRIES.map((e) => storedSpyChain(e, version, ivAt ? (k) => ivAt(e, k) : undefined)));
  await store.putExpiries('SPY', SPY_EXPIRIES.map(summary));
  return store;
}
