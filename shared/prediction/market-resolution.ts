/**
 * Where each market of a stored expiry stands. The settle step stores one resolution per expiry: the underlying's
 * official close of the expiry date (or void, when it never arrived by the void time); each market's outcome is read
 * from that close with its own range, so the "close above" markets and the ladder's buckets of one expiry all resolve
 * from the same number. Before the settle step has stored anything, a market is open until its close, then awaiting
 * the close, then void once its void time has passed (what the settle step will store). The read models and the demo
 * account both use this, so a list, a market page and a payout always agree.
 */
import type { MarketKey } from './markets';
import type { ExpirySnapshot, StoredMarket } from './market-snapshots.port';
import { outcomeOf, resolve, type Resolution } from './settlement';

/** One market's resolution (`key`: the market's terms) from its expiry's stored one; no snapshot reads as nothing stored. */
export function marketResolution(snapshot: Pick<ExpirySnapshot, 'resolution'> | null, key: MarketKey, now: Date): Resolution {
  const r = snapshot?.resolution ?? null;
  if (r?.status === 'resolved') return { status: 'resolved', outcome: outcomeOf(key, r.close), close: r.close, closeDate: r.closeDate };
  if (r?.status === 'void') return { status: 'void', reason: r.reason };
  return resolve(key, null, now);
}

/** Whether a market still trades at `now`: before its close, and nothing stored for it yet. */
export const isOpen = (snapshot: Pick<ExpirySnapshot, 'resolution'>, stored: Pick<StoredMarket, 'market'>, now: Date): boolean =>
  marketResolution(snapshot, stored.market, now).status === 'open';
