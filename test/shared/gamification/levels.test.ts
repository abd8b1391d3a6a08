import { describe, expect, it } from 'vitest';
import {
  MAX_LEVEL,
  RANK_TIERS,
  UNLOCKS,
  addXp,
  levelDefinition,
  nextUnlocks,
  rankTierOf,
  streakMultiplier,
  xpForLevel,
  xpToLevelUp,
} from '@shared/gamification/levels';

describe('level curve (spec part 1 §9: 100 × 1.15^(level − 1), rounded down; 0 for level 1)', () => {
  it('needs 0 to reach level 1, 115 from level 1 to 2, 132 from 2 to 3, 404 from 10 to 11', () => {
    expect(xpForLevel(1)).toBe(0);
    expect(xpForLevel(0)).toBe(0);
    expect(xpToLevelUp(1)).toBe(115); // floor(100 × 1.15)
    expect(xpToLevelUp(2)).toBe(132); // floor(132.25)
    expect(xpToLevelUp(3)).toBe(152); // floor(152.0875)
    expect(xpToLevelUp(10)).toBe(404); // floor(404.55577...)
    // Exact arithmetic: in floating point 100 × 1.15 is 114.99999999999999.
    for (let l = 1; l < MAX_LEVEL; l++) expect(xpToLevelUp(l)).toBe(Number(115n ** BigInt(l) / 100n ** BigInt(l - 1)));
    expect(xpToLevelUp(99)).toBe(Math.floor(100 * 1.15 ** 99 + 1e-6));
  });

  it('carries the remainder over several levels in one award', () => {
    expect(addXp(1, 0, 115 + 132 + 152 + 50)).toEqual({ level: 4, currentXP: 50 });
    expect(addXp(1, 100, 14)).toEqual({ level: 1, currentXP: 114 });
    expect(addXp(1, 100, 15)).toEqual({ level: 2, currentXP: 0 });
  });

  it('stops at level 100, where XP keeps adding up and nothing more is needed', () => {
    const top = addXp(1, 0, 1e12);
    expect(top.level).toBe(100);
    expect(xpToLevelUp(100)).toBe(0);
    expect(addXp(100, 5, 10)).toEqual({ level: 100, currentXP: 15 });
  });
});

describe('rank tiers and unlocks', () => {
  it('has the spec’s ten tiers of ten levels, in order', () => {
    expect(RANK_TIERS.map((t) => t.name)).toEqual([
      'Novice Trader',
      'Apprentice',
      'Strategist',
      'Risk Manager',
      'Options Veteran',
      'Market Wizard',
      'Portfolio Master',
      'Elite Trader',
      'Options Sensei',
      'Trading Legend',
    ]);
    expect(RANK_TIERS.map((t) => [t.minLevel, t.maxLevel])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 10 + 1, i * 10 + 10]));
    expect([1, 10, 11, 20, 21, 55, 91, 100].map((l) => rankTierOf(l).name)).toEqual([
      'Novice Trader',
      'Novice Trader',
      'Apprentice',
      'Apprentice',
      'Strategist',
      'Market Wizard',
      'Trading Legend',
      'Trading Legend',
    ]);
  });

  it('unlocks something every 5 levels, with the spec’s examples', () => {
    expect(Object.keys(UNLOCKS).map(Number)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 5));
    expect(UNLOCKS[5]).toEqual(['Advanced charts', '+5 watchlist slots']);
    expect(UNLOCKS[10]).toEqual(['Scanner', 'Real-time Greeks', '+10 watchlist slots']);
    expect(UNLOCKS[15]).toEqual(['Multi-leg builder']);
    expect(UNLOCKS[20]).toEqual(['Competitions', 'Custom alerts']);
    expect(UNLOCKS[30]).toEqual(['Backtesting']);
    expect(UNLOCKS[35]).toEqual(['Templates library']);
    expect(UNLOCKS[50]).toEqual(['Elite badge']);
    expect(UNLOCKS[100]).toEqual(['Lifetime premium']);
  });

  it('names a level by its tier and shows the next level that defines features', () => {
    expect(levelDefinition(5)).toMatchObject({ level: 5, name: 'Novice Trader', unlockedFeatures: ['Advanced charts', '+5 watchlist slots'] });
    expect(levelDefinition(7).unlockedFeatures).toEqual([]);
    expect(nextUnlocks(1)).toEqual({ level: 5, features: ['Advanced charts', '+5 watchlist slots'] });
    expect(nextUnlocks(12)).toEqual({ level: 15, features: ['Multi-leg builder'] });
    expect(nextUnlocks(100)).toBeNull();
  });
});

describe('streak multiplier at every boundary (spec part 1 §9)', () => {
  it.each([
    [0, 1],
    [2, 1],
    [3, 1.25],
    [6, 1.25],
    [7, 1.5],
    [13, 1.5],
    [14, 1.75],
    [29, 1.75],
    [30, 2],
    [59, 2],
    [60, 2.25],
    [89, 2.25],
    [90, 2.5],
    [400, 2.5],
  ])('%i days → × %f', (days, m) => {
    expect(streakMultiplier(days)).toBe(m);
  });
});
