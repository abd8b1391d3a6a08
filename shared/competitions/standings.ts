import { drawLeagues, entrantName, hiddenEntrant, rankByScore } from './leagues';
import { eligibility, sampleOf, scoreOf, type EquityPoint, type Eligibility, type Sample, type ScoreFigures } from './score';
import type { CompetitionTrade } from './debrief';
import type { Season } from './seasons';

/**
 * A season's standings (issue 39): every entrant's score, sample and ranks in their league and overall, from their
 * competition account's daily closing equity and trades. The boards read it during the season (an unranked entrant is
 * told what they still need) and the close freezes it (told what they had).
 */
export interface Entrant {
  userId: string;
  /** ISO instant of the join (the league draw's order). */
  joinedAt: string;
  /** Gamification's privacy setting (GameSettings.showOnLeaderboards); absent means shown. */
  showOnLeaderboards?: boolean;
  /** The profile's name; absent: the boards' pseudonym. */
  displayName?: string | null;
  startingCapital: number;
  /** The competition account's closing equity of each trading day of the season. */
  equity: readonly EquityPoint[];
  trades: readonly CompetitionTrade[];
}

export interface EntrantResult {
  userId: string;
  displayName: string;
  /** Others see a private entrant in place of the name. */
  hidden: boolean;
  league: number;
  ranked: boolean;
  /** Null when not ranked. */
  leagueRank: number | null;
  overallRank: number | null;
  /** Shown for every entrant; ranks only for the ranked. */
  score: number;
  figures: ScoreFigures;
  sample: Sample;
  note: string | null;
}

/** The season's trading days only, one point a day (the last given for a day wins), oldest first. */
function seasonPath(season: Season, equity: readonly EquityPoint[]): EquityPoint[] {
  const days = new Set(season.tradingDays);
  const byDay = new Map<string, number>();
  for (const p of equity) if (days.has(p.date)) byDay.set(p.date, p.equity);
  return [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, value]) => ({ date, equity: value }));
}

const byUser = <T extends { userId: string }>(a: T, b: T) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

export interface Standings {
  leagues: number;
  /** Ranked entrants by overall rank, then the unranked by score; ties by user id. */
  results: EntrantResult[];
  /** Per entrant (by user id): the season's path, for the debrief. */
  paths: Map<string, EquityPoint[]>;
  eligibility: Map<string, Eligibility>;
}

/** The standings of a season's entrants; `closed` words the unranked notes for a closed season. */
export function standingsOf(season: Season, entrants: readonly Entrant[], closed: boolean): Standings {
  const ids = new Set<string>();
  for (const e of entrants) {
    if (ids.has(e.userId)) throw new Error(`standingsOf: ${e.userId} entered ${season.id} twice`);
    ids.add(e.userId);
  }
  const leagueOf = drawLeagues(entrants);
  const scored = [...entrants].sort(byUser).map((e) => {
    const path = seasonPath(season, e.equity);
    const figures = scoreOf(e.startingCapital, path);
    const sample = sampleOf(e.trades);
    return { e, path, figures, sample, rule: eligibility(sample, closed) };
  });

  const ranked = scored.filter((s) => s.rule.ranked).map((s) => ({ userId: s.e.userId, score: s.figures.score, league: leagueOf.get(s.e.userId)! }));
  const overall = rankByScore(ranked);
  const leagueRanks = new Map<string, number>();
  for (const league of new Set(ranked.map((r) => r.league))) {
    for (const [userId, rank] of rankByScore(ranked.filter((r) => r.league === league))) leagueRanks.set(userId, rank);
  }

  const results: EntrantResult[] = scored.map(({ e, figures, sample, rule }) => ({
    userId: e.userId,
    displayName: entrantName(e.userId, e.displayName),
    hidden: hiddenEntrant(e),
    league: leagueOf.get(e.userId)!,
    ranked: rule.ranked,
    leagueRank: leagueRanks.get(e.userId) ?? null,
    overallRank: overall.get(e.userId) ?? null,
    score: figures.score,
    figures,
    sample,
    note: rule.note,
  }));
  results.sort((a, b) => {
    if (a.ranked !== b.ranked) return a.ranked ? -1 : 1;
    return (a.overallRank ?? 0) - (b.overallRank ?? 0) || b.score - a.score || byUser(a, b);
  });
  return {
    leagues: new Set(leagueOf.values()).size,
    results,
    paths: new Map(scored.map((s) => [s.e.userId, s.path])),
    eligibility: new Map(scored.map((s) => [s.e.userId, s.rule])),
  };
}
