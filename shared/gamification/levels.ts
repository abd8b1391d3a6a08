/**
 * Levels, rank tiers, feature unlocks and the streak multiplier (spec part 1 §4 and §9, issue 19 "Rules").
 * Pure constants and functions; the engine (engine.ts) applies them.
 */

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 100;

/**
 * XP needed to reach `level` from the level below: 100 × 1.15^(level − 1), rounded down; 0 for level 1 or below
 * (spec part 1 §9). So going from level L to L + 1 takes floor(100 × 1.15^L): 115 from level 1 to 2.
 */
export function xpForLevel(level: number): number {
  if (level <= 1) return 0;
  // Exact: 100 × 1.15^n = 115^n / 100^(n − 1). In floating point 100 × 1.15 is 114.99999999999999, which would floor to 114.
  const n = BigInt(Math.min(level, MAX_LEVEL + 1) - 1);
  return Number(115n ** n / 100n ** (n - 1n));
}

/** XP still needed from level L to L + 1 (0 at the top level, where XP keeps adding up but the level stays). */
export const xpToLevelUp = (level: number): number => (level >= MAX_LEVEL ? 0 : xpForLevel(level + 1));

/**
 * Adds XP to the current XP and raises the level while enough remains, subtracting each level's need so the remainder
 * carries over, as many times as it allows (spec part 1 §4 "Award XP"); the level never passes MAX_LEVEL.
 */
export function addXp(level: number, currentXP: number, xp: number): { level: number; currentXP: number } {
  let l = level;
  let cur = currentXP + xp;
  while (l < MAX_LEVEL && cur >= xpToLevelUp(l)) {
    cur -= xpToLevelUp(l);
    l++;
  }
  return { level: l, currentXP: cur };
}

export interface RankTier {
  id: string;
  name: string;
  minLevel: number;
  maxLevel: number;
  /** The spec gives names only; colours, themes and focus are ours (README, Decisions). */
  color: string;
  theme: string;
  focus: string;
}

/** Ten tiers of ten levels with the spec's names (part 1 §9), lowest first. */
export const RANK_TIERS: readonly RankTier[] = [
  { id: 'novice', name: 'Novice Trader', color: '#94a3b8', theme: 'Foundations', focus: 'What an option is, calls and puts, the first paper trades' },
  { id: 'apprentice', name: 'Apprentice', color: '#22c55e', theme: 'Growth', focus: 'Basic strategies and reading the chain' },
  { id: 'strategist', name: 'Strategist', color: '#3b82f6', theme: 'Ocean', focus: 'Spreads and choosing a strategy for an outlook' },
  { id: 'risk-manager', name: 'Risk Manager', color: '#8b5cf6', theme: 'Shield', focus: 'Position sizing, exits and the Greeks of a book' },
  { id: 'options-veteran', name: 'Options Veteran', color: '#f59e0b', theme: 'Amber', focus: 'Adjustments and volatility' },
  { id: 'market-wizard', name: 'Market Wizard', color: '#ec4899', theme: 'Arcane', focus: 'Market analysis and regimes' },
  { id: 'portfolio-master', name: 'Portfolio Master', color: '#14b8a6', theme: 'Jade', focus: 'Portfolio Greeks and hedging' },
  { id: 'elite-trader', name: 'Elite Trader', color: '#ef4444', theme: 'Crimson', focus: 'Consistency and review' },
  { id: 'options-sensei', name: 'Options Sensei', color: '#eab308', theme: 'Gold', focus: 'Teaching what you know' },
  { id: 'trading-legend', name: 'Trading Legend', color: '#f97316', theme: 'Legend', focus: 'Mastery' },
].map((t, i) => ({ ...t, minLevel: i * 10 + 1, maxLevel: i * 10 + 10 }));

export function rankTierOf(level: number): RankTier {
  const i = Math.min(RANK_TIERS.length - 1, Math.max(0, Math.floor((Math.min(Math.max(level, MIN_LEVEL), MAX_LEVEL) - 1) / 10)));
  return RANK_TIERS[i]!;
}

/**
 * The feature-unlock table, every 5 levels, with the spec's examples at 5, 10, 15, 20, 30, 35, 50 and 100 (part 1 §9).
 * Shown as milestones and perks: a level never takes away a feature the product already offers everyone (issue 19,
 * Decisions), so these are labels of what the learner has reached, not gates, with one exception: the "+N watchlist
 * slots" labels are the watchlist's slot rule itself (shared/watchlist/slots.ts reads them), 10 slots plus each of them
 * up to the learner's level.
 */
export const UNLOCKS: Readonly<Record<number, readonly string[]>> = {
  5: ['Advanced charts', '+5 watchlist slots'],
  10: ['Scanner', 'Real-time Greeks', '+10 watchlist slots'],
  15: ['Multi-leg builder'],
  20: ['Competitions', 'Custom alerts'],
  25: ['Strategist profile frame', '+5 watchlist slots'],
  30: ['Backtesting'],
  35: ['Templates library'],
  40: ['Veteran theme'],
  45: ['+10 watchlist slots'],
  50: ['Elite badge'],
  55: ['Wizard theme'],
  60: ['Custom dashboard layouts'],
  65: ['Portfolio Master frame'],
  70: ['+10 watchlist slots'],
  75: ['Crimson theme'],
  80: ['Elite Trader frame'],
  85: ['Sensei badge'],
  90: ['Gold theme'],
  95: ['Legend frame'],
  100: ['Lifetime premium'],
};

export interface LevelDefinition {
  level: number;
  name: string;
  theme: string;
  color: string;
  unlockedFeatures: readonly string[];
}

/** A level's definition: its tier's name, theme and colour, and what it unlocks (empty between milestones). */
export function levelDefinition(level: number): LevelDefinition {
  const tier = rankTierOf(level);
  return { level, name: tier.name, theme: tier.theme, color: tier.color, unlockedFeatures: UNLOCKS[level] ?? [] };
}

/** The next two features to unlock after `level`, taken from the next level that defines features (spec §2, level-up modal). */
export function nextUnlocks(level: number): { level: number; features: readonly string[] } | null {
  for (let l = level + 1; l <= MAX_LEVEL; l++) {
    const f = UNLOCKS[l];
    if (f && f.length) return { level: l, features: f.slice(0, 2) };
  }
  return null;
}

/** Streak XP multiplier (spec part 1 §9): under 3 days 1; 3-6 1.25; 7-13 1.5; 14-29 1.75; 30-59 2; 60-89 2.25; 90+ 2.5. */
export function streakMultiplier(streakDays: number): number {
  if (streakDays >= 90) return 2.5;
  if (streakDays >= 60) return 2.25;
  if (streakDays >= 30) return 2;
  if (streakDays >= 14) return 1.75;
  if (streakDays >= 7) return 1.5;
  if (streakDays >= 3) return 1.25;
  return 1;
}
