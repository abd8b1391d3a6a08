import type { MarketSnapshotStore } from '../market-snapshots.port';
import { outcomeOf } from '../settlement';

export interface CalibrationBucket {
  from: number;
  to: number;
  count: number;
  yes: number;
  meanImplied: number | null;
}

export interface Calibration {
  demo: true;
  settledMarkets: number;
  buckets: CalibrationBucket[];
  from: string | null;
  to: string | null;
}

/** The chart's buckets: ten of 10 percentage points, the last one closed (a price of 100% falls in 90–100%). */
export const CALIBRATION_BUCKETS = 10;
/** At most this many resolved expiries are read (newest first): years of markets on every tracked underlying. */
export const CALIBRATION_EXPIRIES = 2_000;

/**
 * How well the markets' prices forecast (issue 36's honest lesson): every resolved market, by its last YES price
 * before its close (the price as an implied probability), in buckets of 10 percentage points, against how often it
 * resolved YES. A well-calibrated market's YES share in each bucket is near the bucket's mean price. Void markets are
 * left out: they resolved neither way. Reads only.
 */
export async function calibration(deps: { snapshots: Pick<MarketSnapshotStore, 'resolved'> }): Promise<Calibration> {
  const buckets = Array.from({ length: CALIBRATION_BUCKETS }, (_, i) => ({
    from: i / CALIBRATION_BUCKETS,
    to: (i + 1) / CALIBRATION_BUCKETS,
    count: 0,
    yes: 0,
    sum: 0,
  }));
  let settled = 0;
  let from: string | null = null;
  let to: string | null = null;
  for (const s of await deps.snapshots.resolved(CALIBRATION_EXPIRIES)) {
    if (s.resolution?.status !== 'resolved' || s.markets.length === 0) continue;
    const close = s.resolution.close;
    for (const m of s.markets) {
      const p = Math.min(1, Math.max(0, m.yesPrice / 100));
      // From the price in cents, so a price on a bucket's edge (30¢) is in the bucket it starts.
      const b = buckets[Math.min(CALIBRATION_BUCKETS - 1, Math.floor(m.yesPrice / (100 / CALIBRATION_BUCKETS)))]!;
      b.count++;
      b.sum += p;
      if (outcomeOf(m.market, close) === 'yes') b.yes++;
      settled++;
    }
    if (from === null || s.expiration < from) from = s.expiration;
    if (to === null || s.expiration > to) to = s.expiration;
  }
  return {
    demo: true,
    settledMarkets: settled,
    buckets: buckets.map(({ sum, ...b }) => ({ ...b, meanImplied: b.count === 0 ? null : sum / b.count })),
    from,
    to,
  };
}
