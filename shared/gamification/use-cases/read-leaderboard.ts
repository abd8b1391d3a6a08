import type { LeaderboardEntry } from '../gamification.port';
import { LEADERBOARD_CATEGORIES, visibleBoardValues, type LeaderboardCategory } from '../leaderboards';
import { BOARD_TOP, type BoardRow } from '../read-cache';
import { currentState, rankOn } from './current-state';
import type { GameDeps } from './deps';

/** Board entries with each learner's name and public id from their profile (the stored pseudonym without one). */
async function withCards(deps: GameDeps, entries: LeaderboardEntry[]): Promise<BoardRow[]> {
  const cards = new Map((deps.cards && entries.length ? await deps.cards(entries.map((e) => e.userId)) : []).map((c) => [c.userId, c]));
  return entries.map((e) => ({ ...e, displayName: cards.get(e.userId)?.displayName ?? e.displayName, publicId: cards.get(e.userId)?.publicId ?? null }));
}

async function boardTop(deps: GameDeps, category: LeaderboardCategory, limit: number): Promise<BoardRow[]> {
  if (!deps.cache) return withCards(deps, await deps.repo.leaderboard(category, limit));
  const cached = deps.cache.board(category);
  if (cached) return cached.slice(0, limit);
  // The top and its names are kept together: a renamed or now private learner shows so within the board's TTL.
  const entries = await withCards(deps, await deps.repo.leaderboard(category, BOARD_TOP));
  deps.cache.rememberBoard(category, entries);
  return entries.slice(0, limit);
}

/**
 * A board's top `limit` and the caller's own rank and value. With a cache, the top and the caller's rank may be up to
 * BOARD_TTL_MS old (the page says so); the caller's value is their state as read for the state route.
 */
export async function readLeaderboard(deps: GameDeps, userId: string, category: LeaderboardCategory, limit: number) {
  const [entries, stored] = await Promise.all([boardTop(deps, category, limit), currentState(deps, userId, 0)]);
  const mine = entries.find((e) => e.userId === userId);
  const value = stored.version > 0 ? visibleBoardValues(stored.state)[category] : undefined;
  const userRank = mine ? mine.rank : await rankOn(deps, category, userId, value);
  return {
    category,
    entries: entries.map(({ userId: id, ...e }) => ({ ...e, isYou: id === userId })),
    userRank,
    userValue: value ?? null,
  };
}

export const isCategory = (c: string): c is LeaderboardCategory => (LEADERBOARD_CATEGORIES as readonly string[]).includes(c);
