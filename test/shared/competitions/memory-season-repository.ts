import type { DomainEvent } from '@shared/events/domain-events';
import type { EquityPoint } from '@shared/competitions/score';
import { leagueRowsOf, standingsHeadOf, topRowsOf } from '@shared/competitions/standings-parts';
import type { EntrantProfiles, FrozenResults, SeasonRepository, StoredDebrief, StoredEntry, StoredStandings } from '@shared/competitions/seasons.port';

const copy = <T>(x: T): T => structuredClone(x);

/**
 * The seasons' items in memory, with the same conditions as the table's (entries, debriefs and results written once),
 * the standings read in the same parts as the table's (standings-parts.ts).
 */
export function memorySeasonRepository() {
  const entries = new Map<string, StoredEntry>();
  const entrants = new Map<string, Map<string, string>>();
  const standings = new Map<string, StoredStandings>();
  const equity = new Map<string, Map<string, EquityPoint>>();
  const results = new Map<string, FrozenResults>();
  const debriefs = new Map<string, StoredDebrief>();
  const outbox: DomainEvent[] = [];
  const k = (userId: string, seasonId: string) => `${userId}|${seasonId}`;

  const repo: SeasonRepository = {
    entry: async (userId, seasonId) => copy(entries.get(k(userId, seasonId)) ?? null),
    entries: async (userId, limit) =>
      [...entries.values()]
        .filter((e) => e.userId === userId)
        .sort((a, b) => (a.seasonId < b.seasonId ? 1 : -1))
        .slice(0, limit)
        .map(copy),
    async join(userId, seasonId, joinedAt) {
      const existing = entries.get(k(userId, seasonId));
      if (existing) return { entry: copy(existing), created: false };
      const entry: StoredEntry = { userId, seasonId, joinedAt, accountOpened: false, result: null };
      entries.set(k(userId, seasonId), entry);
      if (!entrants.has(seasonId)) entrants.set(seasonId, new Map());
      entrants.get(seasonId)!.set(userId, joinedAt);
      return { entry: copy(entry), created: true };
    },
    async markAccountOpened(userId, seasonId) {
      const e = entries.get(k(userId, seasonId));
      if (e) e.accountOpened = true;
    },
    entrantCount: async (seasonId) => entrants.get(seasonId)?.size ?? 0,
    entrants: async (seasonId) => [...(entrants.get(seasonId) ?? new Map<string, string>()).entries()].map(([userId, joinedAt]) => ({ userId, joinedAt })),
    standingsHead: async (seasonId) => {
      const s = standings.get(seasonId);
      return s ? standingsHeadOf(s) : null;
    },
    leagueStandings: async (seasonId, league) => copy(leagueRowsOf(standings.get(seasonId)?.results ?? []).find(([l]) => l === league)?.[1] ?? []),
    topStandings: async (seasonId) => copy(topRowsOf(standings.get(seasonId)?.results ?? [])),
    standingsLeague: async (seasonId, userId) => standings.get(seasonId)?.results.find((r) => r.userId === userId)?.league ?? null,
    async saveStandings(s) {
      if (standings.get(s.seasonId)?.basis === 'final') return;
      standings.set(s.seasonId, copy(s));
    },
    equity: async (userId, seasonId) => [...(equity.get(k(userId, seasonId))?.values() ?? [])].sort((a, b) => (a.date < b.date ? -1 : 1)).map(copy),
    async recordEquity(userId, seasonId, point) {
      if (!equity.has(k(userId, seasonId))) equity.set(k(userId, seasonId), new Map());
      equity.get(k(userId, seasonId))!.set(point.date, copy(point));
    },
    hasResults: async (seasonId) => results.has(seasonId),
    async freezeEntrant(debrief, result, award) {
      if (debriefs.has(k(debrief.userId, debrief.seasonId))) return 'exists';
      debriefs.set(k(debrief.userId, debrief.seasonId), copy(debrief));
      const e = entries.get(k(debrief.userId, debrief.seasonId));
      if (e) e.result = copy(result);
      if (award) outbox.push(copy(award));
      return 'written';
    },
    async saveResults(frozen, final) {
      if (results.has(frozen.seasonId)) return 'exists';
      results.set(frozen.seasonId, copy(frozen));
      standings.set(final.seasonId, copy(final));
      return 'written';
    },
    debrief: async (userId, seasonId) => copy(debriefs.get(k(userId, seasonId)) ?? null),
  };
  return { repo, outbox, results, debriefs, standings, entries, equity };
}

/** Names and privacy by user id; absent: the pseudonym, shown. */
export function memoryProfiles(profiles: Record<string, { displayName?: string | null; showOnLeaderboards?: boolean }> = {}): EntrantProfiles {
  return {
    of: async (ids) =>
      new Map(ids.map((id) => [id, { displayName: profiles[id]?.displayName ?? null, showOnLeaderboards: profiles[id]?.showOnLeaderboards ?? true }])),
  };
}
