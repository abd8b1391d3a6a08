import type { MarketStore, StoredChain } from '../../market/market-store.port';
import { newYorkDate } from '../../market/dates';
import type { Clock } from '../../ports/clock.port';
import { ok, type Result } from '../../result';
import { expiryChainOf } from '../chain-model';
import { fairValues } from '../fair-value';
import { quoteOf } from '../book';
import { makeMarkets as marketsOf, marketExpiries, type ExpiryKey, type PredictionMarket } from '../markets';
import { bookOf, type ExpirySnapshot, type MarketSnapshotStore, type StoredMarket } from '../market-snapshots.port';

export interface MakeMarketsDeps {
  /** The stored chains and each underlying's listed expiries, as the ingestion left them. */
  chains: Pick<MarketStore, 'listExpiries' | 'getChain'>;
  snapshots: Pick<MarketSnapshotStore, 'get' | 'save'>;
  clock: Clock;
  /** An expiry without markets (too few strikes, no ATM IV, a read that failed) is reported here and the others go on. */
  warn?: (message: string, context: { underlying: string; expiration?: string }) => void;
}

export interface MakeMarketsReport {
  /** Expiries whose markets were made (or made again) from a new chain. */
  made: number;
  /** Expiries whose stored markets were already made from the same chain (a redelivered event). */
  unchanged: number;
  /**
   * The expiries whose stored markets are now those of the chains this run read, made now or already (a redelivery
   * after a failure finds its makings done): the ones whose resting bids meet their books.
   */
  current: ExpiryKey[];
  skipped: { underlying: string; expiration: string | null; reason: string }[];
}

/** The YES mid in cents of a book's quote: the mean of bid and ask, or the one side there is. */
export function yesMid(quote: { yesBid: number | null; yesAsk: number | null }): number | null {
  if (quote.yesBid !== null && quote.yesAsk !== null) return (quote.yesBid + quote.yesAsk) / 2;
  return quote.yesBid ?? quote.yesAsk;
}

/**
 * What a chain's making seeds the books with: the stored chain's version, which every ingestion run writes anew, so
 * each ingestion gives every market a fresh book and the same chain always the same one.
 */
export const bookSeedOf = (chain: Pick<StoredChain, 'version'>): string => chain.version;

/** The dollars a contract is worth that its book is made around: the call-spread digital, within 0 and 1. */
function bookFairValue(values: ReturnType<typeof fairValues>): number {
  const spread = values.callSpread.value;
  const v = Number.isFinite(spread) ? spread : values.atmIv.value;
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5;
}

/**
 * The snapshot of one expiry's markets made from its stored chain: every market's three fair values, its book made
 * around the call-spread value (seeded by the chain's version), the YES mid of that book, and the YES mid of the
 * snapshot before for the change since the last ingestion. Fails as the pure market maker fails.
 */
export function snapshotOf(stored: StoredChain, previous: ExpirySnapshot | null, madeAt: Date): Result<ExpirySnapshot> {
  const made = marketsOf(expiryChainOf(stored));
  if (!made.ok) return made;
  const { model, above, ladder } = made.value;
  const bookSeed = bookSeedOf(stored);
  const before = new Map((previous?.markets ?? []).map((m) => [m.market.id, m.yesPrice]));
  const marketOf = (market: PredictionMarket): StoredMarket => {
    const values = fairValues(model, market);
    const fairValue = bookFairValue(values);
    const yesPrice = yesMid(quoteOf(bookOf({ bookSeed }, { market, fairValue }))) ?? Math.round(fairValue * 100);
    return { market, fairValue, fairValues: values, yesPrice, previousYesPrice: before.get(market.id) ?? null };
  };
  const snapshot: ExpirySnapshot = {
    underlying: stored.underlying,
    expiration: stored.expiration,
    closesAt: above[0]?.closesAt ?? ladder.buckets[0]!.closesAt,
    madeAt: madeAt.toISOString(),
    provider: stored.provider,
    bookSeed,
    model: { spot: model.S, atmIv: model.atmIv, r: model.r, q: model.q, T: model.T, asOf: model.asOf },
    ladder: { id: ladder.id, question: ladder.question },
    markets: [...above, ...ladder.buckets].map(marketOf),
    resolution: null,
    resolvedAt: null,
  };
  return ok(snapshot);
}

/**
 * Makes the prediction markets after an ingestion (issue 36): for each underlying it names, the next four expiries
 * after today get their "close above" markets and their ladder, priced from the chain the ingestion stored, and
 * replace that expiry's snapshot (the YES prices before kept for the change column). An expiry whose chain makes no
 * markets is skipped and reported; it never stops the others. Making again from the same chain (a redelivered event)
 * changes nothing, so the change since the last ingestion is never wiped out by a repeat.
 */
export async function makePredictionMarkets(deps: MakeMarketsDeps, underlyings: readonly string[]): Promise<MakeMarketsReport> {
  const now = deps.clock.now();
  const today = newYorkDate(now);
  const report: MakeMarketsReport = { made: 0, unchanged: 0, current: [], skipped: [] };
  const skip = (underlying: string, expiration: string | null, reason: string) => {
    report.skipped.push({ underlying, expiration, reason });
    deps.warn?.(`No prediction markets made: ${reason}`, { underlying, ...(expiration ? { expiration } : {}) });
  };

  for (const underlying of underlyings) {
    let expiries: string[];
    try {
      expiries = marketExpiries(
        (await deps.chains.listExpiries(underlying)).map((e) => e.expiration_date),
        today,
      );
    } catch (err) {
      skip(underlying, null, `the expiries could not be read (${errorText(err)})`);
      continue;
    }
    for (const expiration of expiries) {
      try {
        const chain = await deps.chains.getChain(underlying, expiration);
        if (chain === null) {
          skip(underlying, expiration, `no stored chain of ${underlying} for ${expiration}`);
          continue;
        }
        const previous = await deps.snapshots.get(underlying, expiration);
        if (previous !== null && (previous.resolution !== null || previous.bookSeed === bookSeedOf(chain))) {
          report.unchanged++;
          if (previous.resolution === null) report.current.push({ underlying, expiration });
          continue;
        }
        const snapshot = snapshotOf(chain, previous, now);
        if (!snapshot.ok) {
          skip(underlying, expiration, snapshot.error.message);
          continue;
        }
        await deps.snapshots.save(snapshot.value);
        report.made++;
        report.current.push({ underlying, expiration });
      } catch (err) {
        skip(underlying, expiration, errorText(err));
      }
    }
  }
  return report;
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));
