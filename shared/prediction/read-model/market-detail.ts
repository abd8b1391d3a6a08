import type { Clock } from '../../ports/clock.port';
import { fail, ok, type Result } from '../../result';
import type { BookLevel } from '../book';
import type { FairValues } from '../fair-value';
import { TAKER_FEE_FORMULA } from '../fee';
import { bookOf, type ExpirySnapshot, type MarketSnapshotStore, type ModelInputs, type StoredMarket } from '../market-snapshots.port';
import { isOpen } from '../market-resolution';
import { ladderId, parseMarketId } from '../markets';
import { badMarketId } from '../prediction.errors';
import { marketSummary, noVolume, type MarketSummary, type VolumeOf } from './market-summary';

export interface MarketDetailDeps {
  snapshots: Pick<MarketSnapshotStore, 'get'>;
  clock: Clock;
  volumeOf?: VolumeOf;
}

/** One bucket of the ladder's histogram: the market's price, the chain's implied probability and the lognormal one (0–1). */
export interface DistributionBar {
  marketId: string;
  label: string;
  lower: number | null;
  upper: number | null;
  market: number;
  implied: number;
  lognormal: number;
}

export interface MarketDetail {
  demo: true;
  market: MarketSummary;
  book: { yes: BookLevel[]; no: BookLevel[] };
  fairValues: FairValues | null;
  model: ModelInputs | null;
  ladder: { id: string; question: string; bars: DistributionBar[] } | null;
  feeFormula: string;
}

const LADDER_ID = /^([A-Z][A-Z0-9.]*)-(\d{4}-\d{2}-\d{2})-RANGE$/;

export const unknownMarket = () => fail('not_found', 'No prediction market has this id.', { field: 'marketId' });

/**
 * The ladder's bars: each bucket's YES mid as a probability, and the chain's probability of the bucket two ways,
 * undiscounted (a fair value is e^(−rT) × the risk-neutral probability, so × e^(rT) gives the probability): the call
 * spreads at each strike's IV (what carries the skew) and N(d₂) at the ATM IV (the lognormal curve).
 */
export function ladderBars(snapshot: ExpirySnapshot): DistributionBar[] {
  const growth = snapshot.model ? Math.exp(snapshot.model.r * snapshot.model.T) : 1;
  const probability = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 0 : Math.min(1, Math.max(0, v * growth)));
  return snapshot.markets
    .filter((m) => m.market.kind === 'between')
    .map((m) => ({
      marketId: m.market.id,
      label: m.market.label,
      lower: m.market.lower,
      upper: m.market.upper,
      market: m.yesPrice / 100,
      implied: probability(m.fairValues?.callSpread.value),
      lognormal: probability(m.fairValues?.atmIv.value),
    }));
}

/** The market a ladder's own id shows: its most likely bucket by the market's price (the lowest such on a tie). */
const ladderMarket = (snapshot: ExpirySnapshot): StoredMarket | undefined =>
  snapshot.markets
    .filter((m) => m.market.kind === 'between')
    .reduce<StoredMarket | undefined>((a, m) => (a === undefined || m.yesPrice > a.yesPrice ? m : a), undefined);

/**
 * A market's page (issue 36): the market, its book (YES bids and NO bids, best last), its three fair values from
 * the chain while it trades, the model's inputs, and for a ladder's bucket or the ladder itself the expiry's
 * histogram. A ladder's own id (`SPY-2026-12-18-RANGE`) shows its most likely bucket. An id that is no market id is a
 * bad request; one of no stored market is not found. Reads only.
 */
export async function marketDetail(deps: MarketDetailDeps, id: string): Promise<Result<MarketDetail>> {
  const ladder = LADDER_ID.exec(id);
  let underlying: string;
  let expiration: string;
  if (ladder) [, underlying, expiration] = ladder as unknown as [string, string, string];
  else {
    const key = parseMarketId(id);
    if (!key.ok) return badMarketId();
    ({ underlying, expiration } = key.value);
  }
  if (ladder && ladderId(underlying, expiration) !== id) return badMarketId();
  const snapshot = await deps.snapshots.get(underlying, expiration);
  const stored = snapshot && (ladder ? ladderMarket(snapshot) : snapshot.markets.find((m) => m.market.id === id));
  if (!snapshot || !stored) return unknownMarket();

  const now = deps.clock.now();
  const volume = (await (deps.volumeOf ?? noVolume)([stored.market.id])).get(stored.market.id) ?? 0;
  const open = isOpen(snapshot, stored, now);
  const book = open ? bookOf(snapshot, stored) : null;
  return ok({
    demo: true,
    market: marketSummary(snapshot, stored, now, volume),
    book: { yes: book?.yes ?? [], no: book?.no ?? [] },
    fairValues: open ? stored.fairValues : null,
    model: snapshot.model,
    ladder: stored.market.kind === 'between' ? { ...snapshot.ladder, bars: ladderBars(snapshot) } : null,
    feeFormula: TAKER_FEE_FORMULA,
  });
}
