import type { Clock } from '../../ports/clock.port';
import { TRACKED_UNDERLYINGS } from '../../market/underlyings';
import type { ExpirySnapshot, MarketSnapshotStore } from '../market-snapshots.port';
import { marketRow, marketSummary, noVolume, type MarketRow, type VolumeOf } from './market-summary';

export interface MarketsListDeps {
  snapshots: Pick<MarketSnapshotStore, 'unresolved' | 'resolved'>;
  clock: Clock;
  volumeOf?: VolumeOf;
}

export interface ExpiryGroup {
  underlying: string;
  expiration: string;
  closesAt: string;
  /** The resolution source, once for the expiry (every market of it is decided by the same close). */
  source: string;
  above: MarketRow[];
  ladder: { id: string; question: string; buckets: MarketRow[] };
}

export interface MarketsList {
  demo: true;
  madeAt: string | null;
  provider: string;
  underlyings: string[];
  underlying: string | null;
  groups: ExpiryGroup[];
}

/** Expiries resolved this many days ago or less stay on the list, with their outcome, after the open ones. */
export const RECENTLY_RESOLVED_DAYS = 7;
/** At most this many resolved expiries are read for the list. */
const RESOLVED_READ = 60;

/**
 * The underlyings in the order the product lists them (the tracked ones as tracked, SPY first), any other A to Z after.
 */
const productOrder = (a: string, b: string) => {
  const rank = (u: string) => (TRACKED_UNDERLYINGS.indexOf(u) + TRACKED_UNDERLYINGS.length + 1) % (TRACKED_UNDERLYINGS.length + 1);
  return rank(a) - rank(b) || a.localeCompare(b);
};

/**
 * The markets page, one underlying at a time: every expiry not yet resolved (open, or closed and awaiting its close)
 * and those resolved in the last week, of the underlying asked for (without one, the first with markets: SPY when it
 * has some), expiries nearest first, each market with its book's top, YES price, change since the last ingestion,
 * volume and resolution; beside them, every underlying with markets on the list, for the page's tabs. Reads only.
 */
export async function marketsList(deps: MarketsListDeps, asked?: string): Promise<MarketsList> {
  const now = deps.clock.now();
  const since = now.getTime() - RECENTLY_RESOLVED_DAYS * 86_400_000;
  const [open, resolved] = await Promise.all([deps.snapshots.unresolved(), deps.snapshots.resolved(RESOLVED_READ)]);
  const listed = [...open, ...resolved.filter((s) => Date.parse(s.closesAt) >= since)];
  const underlyings = [...new Set(listed.map((s) => s.underlying))].sort(productOrder);
  const underlying = asked ?? underlyings[0] ?? null;
  const snapshots = listed.filter((s) => s.underlying === underlying).sort((a, b) => a.expiration.localeCompare(b.expiration));
  const volumes = await (deps.volumeOf ?? noVolume)(snapshots.flatMap((s) => s.markets.map((m) => m.market.id)));
  const latest = listed.reduce<ExpirySnapshot | null>((a, s) => (a === null || s.madeAt > a.madeAt ? s : a), null);
  return {
    demo: true,
    madeAt: latest?.madeAt ?? null,
    provider: latest?.provider ?? 'simulated',
    underlyings,
    underlying,
    groups: snapshots.map((s) => expiryGroup(s, now, volumes)),
  };
}

export function expiryGroup(snapshot: ExpirySnapshot, now: Date, volumes: ReadonlyMap<string, number>): ExpiryGroup {
  const summaries = snapshot.markets.map((m) => marketRow(marketSummary(snapshot, m, now, volumes.get(m.market.id) ?? 0)));
  return {
    underlying: snapshot.underlying,
    expiration: snapshot.expiration,
    closesAt: snapshot.closesAt,
    source: snapshot.markets[0]?.market.source ?? '',
    above: summaries.filter((m) => m.kind === 'above'),
    ladder: { ...snapshot.ladder, buckets: summaries.filter((m) => m.kind === 'between') },
  };
}
