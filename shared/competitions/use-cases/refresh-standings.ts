import { isTradingDay, sessionCloseMinutes } from '../../market/calendar';
import { newYorkParts } from '../../market/dates';
import type { CompetitionAccountSnapshot } from '../competition-accounts.port';
import type { EquityPoint } from '../score';
import { SEASON_KINDS, seasonOnOrAfter, type Season } from '../seasons';
import { standingsOf, type Entrant } from '../standings';
import type { SeasonDeps } from './deps';
import { eachLimited, entrantOf, entrantsWithProfiles, ENTRANTS_AT_ONCE } from './entrants';

/** 9:30 New York, the session's open, in minutes after midnight. */
export const SESSION_OPEN_MINUTES = 9 * 60 + 30;

export interface BoardRunReport {
  /** Not a trading day, or before the open: nothing changes. */
  skipped: boolean;
  seasons: number;
  entrants: number;
  /** 'provisional' during the session, 'closing' after it (today's closing equity recorded). */
  basis: 'provisional' | 'closing' | null;
  failures: { seasonId: string; userId?: string; reason: string }[];
}

/** The seasons being traded at an instant: begun (their first day is today or earlier) and not closed. */
export function runningSeasons(now: Date): Season[] {
  const { date } = newYorkParts(now);
  return SEASON_KINDS.map((kind) => seasonOnOrAfter(kind, date)).filter((s) => s.firstDay <= date && now.getTime() < Date.parse(s.closesAt));
}

const why = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The competitionBoard job (every 15 minutes of the trading day, and once after the settle job): for each running
 * season, each entrant's competition account is maintained through the port (orders that may fill fill, expiries
 * settle); after the session's close the day's closing equity is recorded (one item per date: a later run the same day
 * replaces it, so the run after the settle job leaves the final one); the standings are computed from each day's
 * closing equity, with today's point from the intraday marks during the session (provisional), and stored for the
 * boards. An entrant whose account could not be maintained fails the season's run: the last standings stay.
 */
export async function refreshStandings(deps: Pick<SeasonDeps, 'repo' | 'accounts' | 'profiles' | 'clock'>): Promise<BoardRunReport> {
  const now = deps.clock.now();
  const { date, minutes } = newYorkParts(now);
  const report: BoardRunReport = { skipped: false, seasons: 0, entrants: 0, basis: null, failures: [] };
  if (!isTradingDay(date) || minutes < SESSION_OPEN_MINUTES) return { ...report, skipped: true };
  const afterClose = minutes >= sessionCloseMinutes(date);
  report.basis = afterClose ? 'closing' : 'provisional';
  for (const season of runningSeasons(now)) {
    const { joined, profiles } = await entrantsWithProfiles(deps, season.id);
    if (joined.length === 0) continue;
    const entrants: Entrant[] = [];
    let failed = false;
    await eachLimited(joined, ENTRANTS_AT_ONCE, async (e) => {
      let snapshot: CompetitionAccountSnapshot | null;
      try {
        snapshot = await deps.accounts.maintain(e.userId, season.id);
      } catch (err) {
        failed = true;
        report.failures.push({ seasonId: season.id, userId: e.userId, reason: why(err) });
        return;
      }
      const point: EquityPoint | null = snapshot ? { date, equity: snapshot.equity } : null;
      if (point && afterClose) await deps.repo.recordEquity(e.userId, season.id, point, now.toISOString());
      const stored = await deps.repo.equity(e.userId, season.id);
      const equity = point && !afterClose ? [...stored.filter((p) => p.date !== date), point] : stored;
      entrants.push(entrantOf(e, profiles.get(e.userId), snapshot, equity));
    });
    report.entrants += joined.length;
    if (failed) continue;
    const standings = standingsOf(season, entrants, false);
    await deps.repo.saveStandings({
      seasonId: season.id,
      computedAt: now.toISOString(),
      basis: afterClose ? 'closing' : 'provisional',
      leagues: standings.leagues,
      results: standings.results,
    });
    report.seasons += 1;
  }
  return report;
}
