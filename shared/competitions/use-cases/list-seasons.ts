import { newYorkParts } from '../../market/dates';
import { competitionAccountId, COMPETITION_STARTING_CAPITAL } from '../account';
import { PLANNED_SEASON_ACHIEVEMENT, PLANNED_SEASON_COINS } from '../awards';
import type { CompetitionsView, PastSeason, SeasonSummary } from '../competitions.api';
import { LEAGUE_SIZE } from '../leagues';
import { COMPETITION_RULES, SCORE_FORMULA } from '../rules';
import { SCORE_RULE } from '../score';
import { seasonLabel, seasonStatus } from '../season-view';
import { nextSeason, SEASON_KINDS, seasonById, seasonOnOrAfter, type Season } from '../seasons';
import type { StoredEntry } from '../seasons.port';
import type { SeasonDeps } from './deps';

/** The most past seasons the page lists. */
export const PAST_SEASONS_LISTED = 100;

/** The seasons the page shows of each kind: the current one (after its last day, the coming one) and the next. */
export function shownSeasons(now: Date): Season[] {
  const { date } = newYorkParts(now);
  return SEASON_KINDS.flatMap((kind) => {
    const current = seasonOnOrAfter(kind, date);
    return [current, nextSeason(current)];
  });
}

export function seasonSummary(season: Season, now: Date, entrants: number, entry: StoredEntry | null): SeasonSummary {
  const status = seasonStatus(season, now);
  return {
    id: season.id,
    kind: season.kind,
    label: seasonLabel(season),
    firstDay: season.firstDay,
    lastDay: season.lastDay,
    tradingDays: season.tradingDays.length,
    joinClosesAt: season.joinClosesAt,
    closesAt: season.closesAt,
    status,
    entrants,
    joined: entry !== null,
    accountId: entry ? competitionAccountId(season.id) : null,
    nextSeasonId: status === 'joinable' ? null : nextSeason(season).id,
  };
}

/** GET /api/competitions: the seasons to join or follow, the learner's past seasons, and the rules in one place. */
export async function listSeasons(deps: Pick<SeasonDeps, 'repo' | 'clock'>, userId: string): Promise<CompetitionsView> {
  const now = deps.clock.now();
  const shown = shownSeasons(now);
  const [entries, counts] = await Promise.all([
    deps.repo.entries(userId, PAST_SEASONS_LISTED + shown.length),
    Promise.all(shown.map((s) => deps.repo.entrantCount(s.id))),
  ]);
  const byId = new Map(entries.map((e) => [e.seasonId, e]));
  const seasons = shown.map((s, i) => seasonSummary(s, now, counts[i]!, byId.get(s.id) ?? null));
  const past: PastSeason[] = [];
  for (const e of entries) {
    const season = seasonById(e.seasonId);
    if (!season || now.getTime() < Date.parse(season.closesAt)) continue;
    past.push({
      id: season.id,
      kind: season.kind,
      label: seasonLabel(season),
      firstDay: season.firstDay,
      lastDay: season.lastDay,
      closedAt: season.closesAt,
      ranked: e.result?.ranked ?? false,
      rank: e.result?.rank ?? null,
      leagueRank: e.result?.leagueRank ?? null,
      league: e.result?.league ?? 1,
      score: e.result?.score ?? 0,
      note: e.result?.note ?? null,
      hasDebrief: e.result !== null,
      awarded: e.result?.awarded ?? false,
    });
  }
  past.sort((a, b) => (a.closedAt < b.closedAt ? 1 : a.closedAt > b.closedAt ? -1 : a.id < b.id ? -1 : 1));
  return {
    seasons,
    past: past.slice(0, PAST_SEASONS_LISTED),
    rules: COMPETITION_RULES.map((r) => ({ ...r })),
    scoreFormula: SCORE_FORMULA,
    score: { drawdownFloor: SCORE_RULE.drawdownFloor, minClosedTrades: SCORE_RULE.minClosedTrades, minTradingDays: SCORE_RULE.minTradingDays },
    leagueSize: LEAGUE_SIZE,
    startingCapital: COMPETITION_STARTING_CAPITAL,
    award: { coins: { ...PLANNED_SEASON_COINS }, achievement: { ...PLANNED_SEASON_ACHIEVEMENT } },
  };
}
