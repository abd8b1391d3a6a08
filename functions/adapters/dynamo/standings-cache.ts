import { BoundedMap } from '@shared/bounded-map';
import type { SeasonRepository, StoredStandings } from '@shared/competitions/seasons.port';

/**
 * A warm function's memory of each season's standings parts (the boards' reads: the head, a league's rows, the top
 * rows, a viewer's league): readers arriving together share one GetItem per part, and what it read is answered for
 * `ttlMs`. The standings change only when a competition job stores them (every 15 minutes of the trading day, and at
 * the close), and every board says when they were computed (`asOf`), so a board may lag a job's write by at most
 * `ttlMs`. A write of standings through this repository forgets that season's parts.
 */
export function withStandingsCache<R extends SeasonRepository>(repo: R, ttlMs = 2_000, now: () => number = Date.now): R {
  const kept = new BoundedMap<string, { at: number; value: Promise<unknown> }>(1024);
  const keyOf = (seasonId: string, part: string) => `${seasonId}|${part}`;

  function cached<T>(seasonId: string, part: string, read: () => Promise<T>): Promise<T> {
    const key = keyOf(seasonId, part);
    const entry = kept.get(key);
    if (entry && now() - entry.at <= ttlMs) return entry.value as Promise<T>;
    const value = read();
    kept.set(key, { at: now(), value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  }
  const forget = (seasonId: string) => {
    for (const key of [...kept.keys()]) if (key.startsWith(keyOf(seasonId, ''))) kept.delete(key);
  };

  return {
    ...repo,
    standingsHead: (seasonId: string) => cached(seasonId, 'head', () => repo.standingsHead(seasonId)),
    leagueStandings: (seasonId: string, league: number) => cached(seasonId, `L#${league}`, () => repo.leagueStandings(seasonId, league)),
    topStandings: (seasonId: string) => cached(seasonId, 'top', () => repo.topStandings(seasonId)),
    standingsLeague: (seasonId: string, userId: string) => cached(seasonId, `U#${userId}`, () => repo.standingsLeague(seasonId, userId)),
    async saveStandings(standings: StoredStandings) {
      forget(standings.seasonId);
      await repo.saveStandings(standings);
      forget(standings.seasonId);
    },
    async saveResults(...args: Parameters<SeasonRepository['saveResults']>) {
      forget(args[0].seasonId);
      const out = await repo.saveResults(...args);
      forget(args[0].seasonId);
      return out;
    },
  };
}
