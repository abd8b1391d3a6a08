import { domainEvent } from '../../events/domain-events';
import { addDays, newYorkParts } from '../../market/dates';
import { closeSeason } from '../close-season';
import type { CompetitionAccountSnapshot } from '../competition-accounts.port';
import { nextSeason, SEASON_KINDS, seasonOnOrAfter, type Season } from '../seasons';
import type { EntryResult, StoredDebrief } from '../seasons.port';
import type { Entrant } from '../standings';
import type { SeasonDeps } from './deps';
import { eachLimited, entrantOf, entrantsWithProfiles, ENTRANTS_AT_ONCE } from './entrants';

/** How far back the close looks for a season left unclosed (a job that did not run for a while catches up). */
export const CLOSE_LOOKBACK_DAYS = 45;

export interface CloseRunReport {
  /** Seasons frozen by this run. */
  closed: string[];
  /** Seasons whose results were frozen before (by an earlier run). */
  alreadyClosed: number;
  debriefs: number;
  awards: number;
  failures: { seasonId: string; userId?: string; reason: string }[];
}

/** Seasons whose close instant has passed, of the last CLOSE_LOOKBACK_DAYS, oldest first. */
export function seasonsDue(now: Date): Season[] {
  const { date } = newYorkParts(now);
  const out: Season[] = [];
  for (const kind of SEASON_KINDS) {
    for (let s = seasonOnOrAfter(kind, addDays(date, -CLOSE_LOOKBACK_DAYS)); Date.parse(s.closesAt) <= now.getTime(); s = nextSeason(s)) out.push(s);
  }
  return out;
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The competitionClose job (weekdays 19:05 New York, after SEASON_CLOSE_HOUR): every season whose close has passed and
 * whose results are not frozen yet is closed with closeSeason. Each entrant's debrief, the result on their entry and,
 * when earned, the award's event go in one transaction conditional on the debrief not existing; the season's results
 * last, conditional on not existing. So a second run, or two at once, write the same items and emit no second award:
 * a season with results is skipped, a debrief written before is kept as it is (with its award already emitted). The
 * close instant, not the run's time, stamps the results, and the last day's closing equity is recorded here when the
 * board job did not record it.
 */
export async function closeSeasons(deps: Pick<SeasonDeps, 'repo' | 'accounts' | 'profiles' | 'clock' | 'ids'>): Promise<CloseRunReport> {
  const now = deps.clock.now();
  const report: CloseRunReport = { closed: [], alreadyClosed: 0, debriefs: 0, awards: 0, failures: [] };
  for (const season of seasonsDue(now)) {
    if (await deps.repo.hasResults(season.id)) {
      report.alreadyClosed += 1;
      continue;
    }
    const { joined, profiles } = await entrantsWithProfiles(deps, season.id);
    if (joined.length === 0) continue;
    const entrants: Entrant[] = [];
    let failed = false;
    await eachLimited(joined, ENTRANTS_AT_ONCE, async (e) => {
      try {
        let equity = await deps.repo.equity(e.userId, season.id);
        let snapshot: CompetitionAccountSnapshot | null;
        if (!equity.some((p) => p.date === season.lastDay)) {
          snapshot = await deps.accounts.maintain(e.userId, season.id);
          if (snapshot) {
            await deps.repo.recordEquity(e.userId, season.id, { date: season.lastDay, equity: snapshot.equity }, season.closesAt);
            equity = await deps.repo.equity(e.userId, season.id);
          }
        } else snapshot = await deps.accounts.snapshot(e.userId, season.id);
        entrants.push(entrantOf(e, profiles.get(e.userId), snapshot, equity));
      } catch (err) {
        failed = true;
        report.failures.push({ seasonId: season.id, userId: e.userId, reason: why(err) });
      }
    });
    if (failed) continue;

    const out = closeSeason(season, entrants);
    const results = new Map(out.results.map((r) => [r.userId, r]));
    const awards = new Map(out.awards.map((a) => [a.userId, a]));
    for (const d of out.debriefs) {
      const r = results.get(d.userId)!;
      const award = awards.get(d.userId);
      const stored: StoredDebrief = {
        ...d,
        closedAt: out.closedAt,
        rank: r.overallRank,
        leagueRank: r.leagueRank,
        league: r.league,
        entrants: out.results.length,
        award: award ? { coins: award.coins, achievementId: award.achievementId } : null,
      };
      const result: EntryResult = {
        ranked: r.ranked,
        rank: r.overallRank,
        leagueRank: r.leagueRank,
        league: r.league,
        score: r.score,
        note: r.note,
        awarded: !!award,
      };
      const event = award
        ? domainEvent(
            'CompetitionSeasonAwarded',
            { userId: d.userId, seasonId: season.id, awardKey: award.key, coins: award.coins, achievementId: award.achievementId, at: out.closedAt },
            deps.ids.newId(),
          )
        : null;
      if ((await deps.repo.freezeEntrant(stored, result, event)) === 'written') {
        report.debriefs += 1;
        if (event) report.awards += 1;
      }
    }
    const frozen = { seasonId: season.id, closedAt: out.closedAt, leagues: out.leagues, results: out.results, awards: out.awards.map((a) => a.key) };
    const written = await deps.repo.saveResults(frozen, {
      seasonId: season.id,
      computedAt: out.closedAt,
      basis: 'final',
      leagues: out.leagues,
      results: out.results,
    });
    if (written === 'written') report.closed.push(season.id);
    else report.alreadyClosed += 1;
  }
  return report;
}
