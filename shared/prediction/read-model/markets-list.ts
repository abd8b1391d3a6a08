import type { Clock } from '../../ports/clock.port';
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
  groups: ExpiryGroup[];
}

/** Expiries resolved this many days ago or less stay on the list, with their outcome, after the open ones. */
export const RECENTLY_RESOLVED_DAYS = 7;
/** At most this many resolved expiries are read for the list. */
const RESOLVED_READ = 60;

/**
 * The markets page: every expiry not yet resolved (open, or closed and awaiting its close) and those resolved in the
 * last week, grouped by underlying and expiry (underlyings A to Z, expiries nearest first), each market with its
 * book's top, YES price, change since the last ingestion, volume and resolution. Reads only.
 */
export async function marketsList(deps: MarketsListDeps): Promise<MarketsList> {
  const now = deps.clock.now();
  const since = now.getTime() - RECENTLY_RESOLVED_DAYS * 86_400_000;
  const [open, resolved] = await Promise.all([deps.snapshots.unresolved(), deps.snapshots.resolved(RESOLVED_READ)]);
  const snapshots = [...open, ...resolved.filter((s) => Date.parse(s.closesAt) >= since)].sort(
    (a, b) => a.underlying.localeCompare(b.underlying) || a.expiration.localeCompare(b.expiration),
  );
  const volumes = await (deps.volumeOf ?? noVolume)(snapshots.flatMap((s) => s.markets.map((m) => m.market.id)));
  const latest = snapshots.reduce<ExpirySnapshot | null>((a, s) => (a === null || s.madeAt > a.madeAt ? s : a), null);
  return {
    demo: true,
    madeAt: latest?.madeAt ?? null,
    provider: latest?.provider ?? 'simulated',
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
