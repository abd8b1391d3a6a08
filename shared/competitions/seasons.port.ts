import type { DomainEvent } from '../events/domain-events';
import type { Debrief } from './debrief';
import type { EquityPoint } from './score';
import type { EntrantResult } from './standings';

/**
 * Where the seasons keep their items (issue 39): each learner's entry (under their own partition, for the export and the
 * deletion, with the season's entrant item written in the same transaction), each entrant's daily closing equity, the
 * season's computed standings, and after the close its frozen results and each entrant's debrief.
 */
export interface EntryResult {
  ranked: boolean;
  rank: number | null;
  leagueRank: number | null;
  league: number;
  score: number;
  note: string | null;
  awarded: boolean;
}

export interface StoredEntry {
  userId: string;
  seasonId: string;
  joinedAt: string;
  /** The competition account was opened (a join that stopped before it opens it on a retry). */
  accountOpened: boolean;
  /** Set with the debrief at the close; null before. */
  result: EntryResult | null;
}

/** How the standings were computed: daily closes only, today's point from intraday marks, or frozen at the close. */
export type StandingsBasis = 'closing' | 'provisional' | 'final';

export interface StoredStandings {
  seasonId: string;
  /** ISO instant the job computed them. */
  computedAt: string;
  basis: StandingsBasis;
  leagues: number;
  results: EntrantResult[];
}

/** What a board reads first of the stored standings: when and how they were computed, and their size. */
export interface StandingsHead {
  seasonId: string;
  computedAt: string;
  basis: StandingsBasis;
  leagues: number;
  entrants: number;
}

/** A debrief as kept under the learner's partition: the pure debrief with the season's result around it. */
export interface StoredDebrief extends Debrief {
  closedAt: string;
  rank: number | null;
  leagueRank: number | null;
  league: number;
  entrants: number;
  award: { coins: number; achievementId: string } | null;
}

export interface FrozenResults {
  seasonId: string;
  closedAt: string;
  leagues: number;
  results: EntrantResult[];
  /** The award keys granted. */
  awards: string[];
}

export interface SeasonRepository {
  entry(userId: string, seasonId: string): Promise<StoredEntry | null>;
  /** The learner's entries, newest season first, at most `limit`. */
  entries(userId: string, limit: number): Promise<StoredEntry[]>;
  /**
   * Writes the learner's entry and the season's entrant item in one transaction, conditional on neither existing; an
   * entry that exists already is answered as it is (`created: false`).
   */
  join(userId: string, seasonId: string, joinedAt: string): Promise<{ entry: StoredEntry; created: boolean }>;
  markAccountOpened(userId: string, seasonId: string): Promise<void>;
  entrantCount(seasonId: string): Promise<number>;
  entrants(seasonId: string): Promise<{ userId: string; joinedAt: string }[]>;
  /**
   * The stored standings, read in parts (standings-parts.ts), so a board reads a few small items whatever the season's
   * size: the head (null before the first standings), …
   */
  standingsHead(seasonId: string): Promise<StandingsHead | null>;
  /** …one league's rows in board order ([] when not stored), … */
  leagueStandings(seasonId: string, league: number): Promise<EntrantResult[]>;
  /** …the overall board's first TOP_ROWS rows, … */
  topStandings(seasonId: string): Promise<EntrantResult[]>;
  /** …and the league of a learner in them (null when they are not in them). */
  standingsLeague(seasonId: string, userId: string): Promise<number | null>;
  /**
   * Writes the standings unless the season's final standings are there (a late board run never overwrites them); the
   * head last, so a head never names a league whose part is not written.
   */
  saveStandings(standings: StoredStandings): Promise<void>;
  equity(userId: string, seasonId: string): Promise<EquityPoint[]>;
  /** One item per entrant, season and date: a later write of the same date replaces it. */
  recordEquity(userId: string, seasonId: string, point: EquityPoint, at: string): Promise<void>;
  hasResults(seasonId: string): Promise<boolean>;
  /**
   * Writes an entrant's debrief (conditional on not existing), the result on their entry and, when they earned it, the
   * award's event through the outbox, in one transaction: `exists` when the debrief was written before (nothing
   * changes, so no award is emitted twice).
   */
  freezeEntrant(debrief: StoredDebrief, result: EntryResult, award: DomainEvent | null): Promise<'written' | 'exists'>;
  /**
   * Writes the frozen results (conditional on not existing) and the final standings: `written` once the results are
   * complete, `exists` when an earlier run completed them (nothing changes).
   */
  saveResults(results: FrozenResults, standings: StoredStandings): Promise<'written' | 'exists'>;
  debrief(userId: string, seasonId: string): Promise<StoredDebrief | null>;
}

/** The names and the privacy setting the boards show: the profile's name, gamification's showOnLeaderboards. */
export interface EntrantProfiles {
  of(userIds: readonly string[]): Promise<Map<string, { displayName: string | null; showOnLeaderboards: boolean }>>;
}
