import { levelDefinition, nextUnlocks } from '@shared/gamification/levels';

/** Level-up modal (spec part 1 §2, §9): 50 confetti pieces for 3 s; it closes by itself after 10 s, fading over 300 ms. */
export const CONFETTI_PIECES = 50;
export const CONFETTI_MS = 3000;
export const LEVEL_UP_AUTO_CLOSE_MS = 10_000;
export const LEVEL_UP_FADE_MS = 300;

export interface LevelUp {
  from: number;
  to: number;
}

/**
 * The level-up an awards page brings, if any: the lowest level it started from and the highest it reached, over the
 * awards that may celebrate. A quiet award (one from a trading event) never opens the modal: no celebration fires on
 * an order (issue 19, Decisions: celebrate learning, never trading; Massachusetts' 2024
 * consent order against Robinhood's gamification).
 */
export function levelUpOf(awards: readonly { quiet: boolean; levelUp?: LevelUp | undefined }[]): LevelUp | null {
  let out: LevelUp | null = null;
  for (const a of awards) {
    if (a.quiet || !a.levelUp) continue;
    out = out ? { from: Math.min(out.from, a.levelUp.from), to: Math.max(out.to, a.levelUp.to) } : { ...a.levelUp };
  }
  return out;
}

/** Two level-ups that arrive before the modal closes make one: from the first's start to the second's end. */
export const mergeLevelUps = (a: LevelUp | null, b: LevelUp): LevelUp => (a ? { from: Math.min(a.from, b.from), to: Math.max(a.to, b.to) } : b);

/** What the modal shows: the level's name, the features reached (every level crossed), and the next two to unlock. */
export function levelUpContent(up: LevelUp) {
  const def = levelDefinition(up.to);
  const unlocked: string[] = [];
  for (let l = up.from + 1; l <= up.to; l++) unlocked.push(...levelDefinition(l).unlockedFeatures);
  return { level: up.to, name: def.name, color: def.color, theme: def.theme, unlocked, next: nextUnlocks(up.to) };
}
