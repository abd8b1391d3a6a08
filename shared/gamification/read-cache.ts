import type { Clock } from '../ports/clock.port';
import type { LeaderboardEntry, StoredGame } from './gamification.port';
import type { LeaderboardCategory } from './leaderboards';
import { BoundedMap } from '../bounded-map';

/**
 * What a warm gamification function keeps between requests (README "Decisions", gamification reads):
 * - a learner's stored state (state + version) for STATE_TTL_MS, served only when its version is at least the one the
 *   learner says they have seen (`?minVersion=`): the consumers that change the state run in other functions, so a
 *   cached state may be older than the table's, but never older than anything the learner has been shown; the learner's
 *   own writes in this function (claim, purchase, power-up, settings) put their new state in at once;
 * - each board's top BOARD_TOP entries (one Query) for BOARD_TTL_MS, and a learner's position on a board for
 *   BOARD_TTL_MS while their value on it is the same: the boards may be that many seconds behind, as the page says.
 * Entries are dropped oldest first beyond `maxLearners`, so the memory is bounded.
 */
export const STATE_TTL_MS = 5_000;
export const BOARD_TTL_MS = 5_000;
/** A board's entry with the name and public id from the learner's profile when the board was read. */
export type BoardRow = LeaderboardEntry & { publicId: string | null };

/** The most entries a board read may ask for (the route's limit): one cached Query serves every limit. */
export const BOARD_TOP = 100;
const MAX_LEARNERS = 10_000;

export interface GameReadCache {
  /** The learner's cached state when fresh and at least `minVersion`, else undefined (read the table). */
  state(userId: string, minVersion?: number): StoredGame | undefined;
  /** Keeps a state just read or written; an older version than the one kept is ignored. */
  rememberState(userId: string, stored: StoredGame): void;
  board(category: LeaderboardCategory): BoardRow[] | undefined;
  rememberBoard(category: LeaderboardCategory, entries: BoardRow[]): void;
  /** The learner's position on a board, when fresh and read for the same value. */
  rank(category: LeaderboardCategory, userId: string, value: number | undefined): number | undefined;
  rememberRank(category: LeaderboardCategory, userId: string, value: number | undefined, rank: number): void;
  /** Drops the kept boards: a learner here has just left them or come back (leaderboard visibility). */
  forgetBoards(): void;
}

export function gameReadCache(clock: Clock, opts: { stateTtlMs?: number; boardTtlMs?: number; maxLearners?: number } = {}): GameReadCache {
  const stateTtl = opts.stateTtlMs ?? STATE_TTL_MS;
  const boardTtl = opts.boardTtlMs ?? BOARD_TTL_MS;
  const max = opts.maxLearners ?? MAX_LEARNERS;
  const states = new BoundedMap<string, { stored: StoredGame; until: number }>(max);
  const boards = new Map<LeaderboardCategory, { entries: BoardRow[]; until: number }>();
  const ranks = new BoundedMap<string, { value: number | undefined; rank: number; until: number }>(max);
  const now = () => clock.now().getTime();
  return {
    state(userId, minVersion = 0) {
      const hit = states.get(userId);
      if (!hit || hit.until <= now() || hit.stored.version < minVersion) return undefined;
      return hit.stored;
    },
    rememberState(userId, stored) {
      const kept = states.get(userId);
      if (kept && kept.stored.version > stored.version && kept.until > now()) return;
      states.set(userId, { stored, until: now() + stateTtl });
    },
    board(category) {
      const hit = boards.get(category);
      return hit && hit.until > now() ? hit.entries : undefined;
    },
    rememberBoard(category, entries) {
      boards.set(category, { entries, until: now() + boardTtl });
    },
    rank(category, userId, value) {
      const hit = ranks.get(`${category}|${userId}`);
      return hit && hit.until > now() && hit.value === value ? hit.rank : undefined;
    },
    rememberRank(category, userId, value, rank) {
      ranks.set(`${category}|${userId}`, { value, rank, until: now() + boardTtl });
    },
    forgetBoards() {
      boards.clear();
    },
  };
}
