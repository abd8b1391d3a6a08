import { MAX_LEVEL, MIN_LEVEL, UNLOCKS } from '../gamification/levels';

/**
 * How many items a learner's watchlist holds, read from the level ladder itself: a base of BASE_SLOTS, plus every
 * "+N watchlist slots" unlock label at or below the learner's level. The ladder the product shows and the rule the
 * watchlist applies are one table (shared/gamification/levels.ts UNLOCKS), so they cannot disagree.
 */
export const BASE_SLOTS = 10;

const SLOT_LABEL = /^\+(\d+) watchlist slots?$/;

/** The watchlist slots one level's unlocks add (0 when that level adds none). */
export function slotsAddedAt(level: number): number {
  return (UNLOCKS[level] ?? []).reduce((sum, label) => {
    const m = SLOT_LABEL.exec(label);
    return m ? sum + Number(m[1]) : sum;
  }, 0);
}

/** The slots a learner at `level` has: the base plus every slot unlock up to and including that level. */
export function watchlistSlots(level: number): number {
  const top = Math.min(Math.max(Math.floor(level), MIN_LEVEL), MAX_LEVEL);
  let slots = BASE_SLOTS;
  for (let l = MIN_LEVEL; l <= top; l++) slots += slotsAddedAt(l);
  return slots;
}

/** The next level above `level` that adds slots, and how many; null when no level above adds any. */
export function nextSlotUnlock(level: number): { level: number; adds: number } | null {
  for (let l = Math.max(Math.floor(level), MIN_LEVEL) + 1; l <= MAX_LEVEL; l++) {
    const adds = slotsAddedAt(l);
    if (adds > 0) return { level: l, adds };
  }
  return null;
}

/** The refusal of an add past the limit, with the rule in words. */
export function slotsFullMessage(level: number): string {
  const limit = watchlistSlots(level);
  const next = nextSlotUnlock(level);
  const holds = `Your watchlist holds ${limit} items at level ${level}`;
  return next
    ? `${holds}; level ${next.level} adds ${next.adds} more slots. Remove an item to add another.`
    : `${holds}, the most it holds. Remove an item to add another.`;
}
