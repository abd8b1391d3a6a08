import type { Clock } from '../../ports/clock.port';
import type { IdGenerator } from '../../ports/ids.port';
import { fail, ok, type Err, type Result } from '../../result';
import type { DemoAccountRepository } from '../demo-account.port';
import { parseMarketId } from '../markets';
import type { ExpirySnapshot, MarketSnapshotStore, StoredMarket } from '../market-snapshots.port';

/** What the demo trading use cases need: the demo accounts, the markets as made, the clock and ids (ports, so tests are exact). */
export interface TradingDeps {
  repo: DemoAccountRepository;
  markets: Pick<MarketSnapshotStore, 'get' | 'resolved'>;
  clock: Clock;
  ids: IdGenerator;
  /** A pause before deciding again after a lost race (shared/backoff.ts jitteredBackoff); none in unit tests. */
  backoff?: (attempt: number) => Promise<void>;
}

export const noSuchMarket = (): Err => fail('not_found', 'No such market: it is not among the markets made from the latest chains.');
export const noSuchOrder = (): Err => fail('not_found', 'No such order.');
/** A change lost every race for the account's version: the learner may simply try again. */
export const accountChanged = (): Err => fail('conflict', 'Your demo account changed while this was being done. Please try again.');

/** The market an id names, with the making it was last made at (the book every order meets comes from it). */
export async function findMarket(deps: Pick<TradingDeps, 'markets'>, marketId: string): Promise<Result<{ snapshot: ExpirySnapshot; stored: StoredMarket }>> {
  const key = parseMarketId(marketId);
  if (!key.ok) return key;
  const snapshot = await deps.markets.get(key.value.underlying, key.value.expiration);
  const stored = snapshot?.markets.find((m) => m.market.id === marketId);
  return snapshot && stored ? ok({ snapshot, stored }) : noSuchMarket();
}
