import { BoundedMap } from '@shared/bounded-map';
import type { SeasonRepository, StoredStandings } from '@shared/competitions/seasons.port';

/**
 * A warm function's memory of each season's standings (the boards' one read): readers arriving together share one
 * GetItem, and what it read is answered for `ttlMs`. The standings change only when a competition job stores them
 * (every 15 minutes of the trading day, and at the close), and every board says when they were computed (`asOf`), so
 * a board may lag a job's write by at most `ttlMs`. A write of standings through this repository forgets that season.
 */
export function withStandingsCache<R extends SeasonRepository>(repo: R, ttlMs = 2_000, now: () => number = Date.now): R {
  const kept = new BoundedMap<string, { at: number; value: Promise<StoredStandings | null> }>(64);
  return {
    ...repo,
    standings(seasonId: string) {
      const entry = kept.get(seasonId);
      if (entry && now() - entry.at <= ttlMs) return entry.value;
      const value = repo.standings(seasonId);
      kept.set(seasonId, { at: now(), value });
      value.catch(() => {
        if (kept.get(seasonId)?.value === value) kept.delete(seasonId);
      });
      return value;
    },
    async saveStandings(standings: StoredStandings) {
      kept.delete(standings.seasonId);
      await repo.saveStandings(standings);
      kept.delete(standings.seasonId);
    },
    async saveResults(...args: Parameters<SeasonRepository['saveResults']>) {
      kept.delete(args[0].seasonId);
      const out = await repo.saveResults(...args);
      kept.delete(args[0].seasonId);
      return out;
    },
  };
}
