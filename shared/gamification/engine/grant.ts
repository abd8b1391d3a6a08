import { newYorkDate } from '../../market/dates';
import { ACHIEVEMENTS, powerUpById } from '../catalogue';
import { addXp, streakMultiplier } from '../levels';
import type { GameState } from '../state';
import { streakOn } from '../streak';
import type { GameEventType } from './events';

export interface Award {
  /** The idempotency key: one award item per key, ever. */
  key: string;
  source: GameEventType | 'Achievement' | 'Challenge';
  sourceEventId?: string;
  label: string;
  icon: string;
  baseXp: number;
  /** The streak multiplier applied. */
  multiplier: number;
  /** The power-up factor applied (learning XP only). */
  boost: number;
  xp: number;
  coins: number;
  learning: boolean;
  /** True for awards that come from trading: no celebration (toast, level-up modal) ever fires for them. */
  quiet: boolean;
  at: string;
  achievementId?: string;
  challengeId?: string;
  levelUp?: { from: number; to: number };
}

/** A decision of the engine: the next state and the awards it earned. */
export interface Applied {
  state: GameState;
  awards: Award[];
}

export interface Grant {
  key: string;
  source: Award['source'];
  sourceEventId?: string;
  label: string;
  icon: string;
  baseXp: number;
  coins: number;
  learning: boolean;
  quiet: boolean;
  at: string;
  achievementId?: string;
  challengeId?: string;
}

function activeBoost(s: GameState, at: string): number {
  let factor = 1;
  for (const p of s.activePowerUps) {
    const def = powerUpById.get(p.id);
    if (def && p.activatedAt <= at && at < p.expiresAt) factor = Math.max(factor, def.learningXpFactor);
  }
  return factor;
}

/** Awards XP (× the streak multiplier, × a power-up for learning XP, rounded down) and coins; levels carry over. Changes `s`. */
export function grant(s: GameState, g: Grant): Award {
  const multiplier = streakMultiplier(streakOn(s, newYorkDate(g.at)));
  const boost = g.learning ? activeBoost(s, g.at) : 1;
  const xp = Math.floor(g.baseXp * multiplier * boost);
  const from = s.level;
  const next = addXp(s.level, s.currentXP, xp);
  s.level = next.level;
  s.currentXP = next.currentXP;
  s.totalXP += xp;
  if (g.learning) s.learningXP += xp;
  s.optionsCoins += g.coins;
  const award: Award = { ...g, multiplier, boost, xp };
  if (next.level > from) award.levelUp = { from, to: next.level };
  return award;
}

/** Unlocks every achievement whose progress has reached its total (repeating, as one unlock can complete another). Changes `s`. */
export function unlockAchievements(s: GameState, at: string, quiet: boolean, awards: Award[]): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const a of ACHIEVEMENTS) {
      if (s.unlockedAchievements.includes(a.id)) continue;
      const p = a.progress(s);
      if (p.current < p.total) continue;
      s.unlockedAchievements.push(a.id);
      s.achievementUnlockedAt[a.id] = at;
      awards.push(
        grant(s, {
          key: `Achievement#${a.id}`,
          source: 'Achievement',
          label: `Unlocked: ${a.name}`,
          icon: a.icon,
          baseXp: a.xpReward,
          coins: a.coinReward,
          learning: false,
          quiet,
          at,
          achievementId: a.id,
        }),
      );
      changed = true;
    }
  }
}
