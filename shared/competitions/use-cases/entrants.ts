import { COMPETITION_STARTING_CAPITAL } from '../account';
import type { CompetitionAccountSnapshot } from '../competition-accounts.port';
import type { EquityPoint } from '../score';
import type { Entrant } from '../standings';
import type { SeasonDeps } from './deps';

/** Runs `work` over `items`, at most `limit` at once (a season's entrants, without opening a connection per learner). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** How many entrants' accounts a job reads at once. */
export const ENTRANTS_AT_ONCE = 8;

/** An entrant for the standings: their join, name and privacy, their account's capital and trades, their equity path. */
export function entrantOf(
  e: { userId: string; joinedAt: string },
  profile: { displayName: string | null; showOnLeaderboards: boolean } | undefined,
  snapshot: CompetitionAccountSnapshot | null,
  equity: readonly EquityPoint[],
): Entrant {
  return {
    userId: e.userId,
    joinedAt: e.joinedAt,
    showOnLeaderboards: profile?.showOnLeaderboards ?? true,
    displayName: profile?.displayName ?? null,
    startingCapital: snapshot?.startingCapital ?? COMPETITION_STARTING_CAPITAL,
    equity,
    trades: snapshot?.trades ?? [],
  };
}

export type EntrantsDeps = Pick<SeasonDeps, 'repo' | 'profiles'>;

/** The season's entrants with their profiles, in one read each. */
export async function entrantsWithProfiles(deps: EntrantsDeps, seasonId: string) {
  const joined = await deps.repo.entrants(seasonId);
  const profiles = joined.length ? await deps.profiles.of(joined.map((e) => e.userId)) : new Map();
  return { joined, profiles };
}
