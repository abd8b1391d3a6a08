import type { Clock } from '../../ports/clock.port';
import type { MarketSnapshotStore } from '../market-snapshots.port';
import type { OfficialCloses } from '../official-closes';
import { resolve } from '../settlement';

export interface ResolveMarketsDeps {
  snapshots: Pick<MarketSnapshotStore, 'unresolved' | 'resolve'>;
  closes: OfficialCloses;
  clock: Clock;
  warn?: (message: string, context: { underlying: string; expiration: string; error: unknown }) => void;
}

export interface ResolveMarketsReport {
  /** Expiries resolved from their close at this run. */
  resolved: number;
  /** Expiries voided at this run: their close never arrived by the void time. */
  voided: number;
  /** Expiries whose trading has stopped and whose close is not in yet. */
  awaiting: number;
  failures: number;
}

/**
 * The settle step of the prediction markets (issue 36): every expiry whose markets have stopped trading is resolved
 * once the underlying's official close of the expiry date is in the market data, or void once its void time has
 * passed without it. One resolution is stored per expiry: the close (each market's outcome follows from it and its
 * own range: see marketResolution), or the void; the expiry-level `outcome` stored is its first market's. Storing it
 * is conditional, so a second run, or two at once, change nothing. An expiry that fails is counted and the others go on.
 */
export async function resolvePredictionMarkets(deps: ResolveMarketsDeps): Promise<ResolveMarketsReport> {
  const now = deps.clock.now();
  const report: ResolveMarketsReport = { resolved: 0, voided: 0, awaiting: 0, failures: 0 };
  for (const snapshot of await deps.snapshots.unresolved()) {
    const first = snapshot.markets[0]?.market;
    if (!first || now.getTime() < Date.parse(snapshot.closesAt)) continue;
    try {
      const close = await deps.closes.closeOf(snapshot.underlying, snapshot.expiration);
      const resolution = resolve(first, close, now);
      if (resolution.status !== 'resolved' && resolution.status !== 'void') {
        report.awaiting++;
        continue;
      }
      if (await deps.snapshots.resolve(snapshot.underlying, snapshot.expiration, resolution, now.toISOString()))
        report[resolution.status === 'resolved' ? 'resolved' : 'voided']++;
    } catch (error) {
      report.failures++;
      deps.warn?.('Could not resolve the prediction markets of an expiry', { underlying: snapshot.underlying, expiration: snapshot.expiration, error });
    }
  }
  return report;
}
