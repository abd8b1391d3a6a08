import { fail, ok, type Result } from '../../result';
import { competitionAccountId } from '../account';
import { seasonById, checkJoin } from '../seasons';
import type { StoredEntry } from '../seasons.port';
import type { SeasonDeps } from './deps';

export interface JoinedEntry {
  seasonId: string;
  joinedAt: string;
  accountId: string;
}

export const unknownSeason = (seasonId: string) => fail('not_found', `There is no competition season ${seasonId}.`);

const entryView = (e: StoredEntry): JoinedEntry => ({ seasonId: e.seasonId, joinedAt: e.joinedAt, accountId: competitionAccountId(e.seasonId) });

/**
 * POST /api/competitions/seasons/{seasonId}/join. A learner already in the season gets their entry back and nothing
 * changes (whenever they ask); otherwise joining is refused from the close of the season's first trading day
 * (checkJoin's message). The entry and the season's entrant item are one conditional transaction, then the competition
 * account is opened through the port and the entry marked: a join that stopped in between opens the account on a retry.
 */
export async function joinSeason(
  deps: Pick<SeasonDeps, 'repo' | 'accounts' | 'clock'>,
  userId: string,
  seasonId: string,
): Promise<Result<{ entry: JoinedEntry; created: boolean }>> {
  const season = seasonById(seasonId);
  if (!season) return unknownSeason(seasonId);
  const now = deps.clock.now();
  let entry = await deps.repo.entry(userId, seasonId);
  let created = false;
  if (!entry) {
    const allowed = checkJoin(season, now);
    if (!allowed.ok) return allowed;
    const joined = await deps.repo.join(userId, seasonId, now.toISOString());
    entry = joined.entry;
    created = joined.created;
  }
  if (!entry.accountOpened) {
    await deps.accounts.open(userId, seasonId, entry.joinedAt);
    await deps.repo.markAccountOpened(userId, seasonId);
  }
  return ok({ entry: entryView(entry), created });
}
