import { fairValues } from '@shared/prediction/fair-value';
import { makeMarkets } from '@shared/prediction/markets';
import type { ExpirySnapshot, StoredMarket } from '@shared/prediction/market-snapshots.port';
import { bookOf } from '@shared/prediction/market-snapshots.port';
import { quoteOf } from '@shared/prediction/book';
import { spyChain } from '../chain-fixture';

/** The SPY 18 Dec 2026 markets made from the fixture chain at 600, as the markets' making stores them. */
export function spySnapshot(opts: { madeAt?: string; bookSeed?: string; fairValueOf?: (m: StoredMarket) => number } = {}): ExpirySnapshot {
  const made = makeMarkets(spyChain());
  if (!made.ok) throw new Error(made.error.message);
  const { model, above, ladder } = made.value;
  const snapshot: ExpirySnapshot = {
    underlying: 'SPY',
    expiration: '2026-12-18',
    closesAt: ladder.buckets[0]!.closesAt,
    madeAt: opts.madeAt ?? '2026-11-30T21:05:00.000Z',
    provider: 'simulated',
    bookSeed: opts.bookSeed ?? 'seed-1',
    model: { spot: model.S, atmIv: model.atmIv, r: model.r, q: model.q, T: model.T, asOf: model.asOf },
    ladder: { id: ladder.id, question: ladder.question },
    markets: [],
    resolution: null,
    resolvedAt: null,
  };
  snapshot.markets = [...above, ...ladder.buckets].map((market) => {
    const fv = fairValues(model, market);
    const stored: StoredMarket = { market, fairValue: Math.min(1, Math.max(0, fv.callSpread.value)), fairValues: fv, yesPrice: 0, previousYesPrice: null };
    if (opts.fairValueOf) stored.fairValue = opts.fairValueOf(stored);
    const q = quoteOf(bookOf(snapshot, stored));
    stored.yesPrice = (q.yesBid! + q.yesAsk!) / 2;
    return stored;
  });
  return snapshot;
}
