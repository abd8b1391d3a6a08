import { describe, expect, it } from 'vitest';
import { BASE_SLOTS, nextSlotUnlock, slotsFullMessage, watchlistSlots } from '@shared/watchlist/slots';
import { levelDefinition } from '@shared/gamification/levels';

describe('watchlist slots follow the level ladder', () => {
  it('holds 10 below level 5, 15 from level 5, 25 from level 10 (the issue: +5 at 5, +10 at 10)', () => {
    expect(BASE_SLOTS).toBe(10);
    expect(watchlistSlots(1)).toBe(10);
    expect(watchlistSlots(4)).toBe(10);
    expect(watchlistSlots(5)).toBe(15);
    expect(watchlistSlots(9)).toBe(15);
    expect(watchlistSlots(10)).toBe(25);
  });

  it('adds the later ladder labels at their levels too: +5 at 25, +10 at 45 and at 70', () => {
    expect(watchlistSlots(24)).toBe(25);
    expect(watchlistSlots(25)).toBe(30);
    expect(watchlistSlots(44)).toBe(30);
    expect(watchlistSlots(45)).toBe(40);
    expect(watchlistSlots(69)).toBe(40);
    expect(watchlistSlots(70)).toBe(50);
    expect(watchlistSlots(100)).toBe(50);
  });

  it('reads the same labels the ladder shows', () => {
    expect(levelDefinition(10).unlockedFeatures).toContain('+10 watchlist slots');
    expect(levelDefinition(5).unlockedFeatures).toContain('+5 watchlist slots');
  });

  it('clamps levels outside the ladder', () => {
    expect(watchlistSlots(0)).toBe(10);
    expect(watchlistSlots(250)).toBe(50);
  });

  it('names the next level that adds slots', () => {
    expect(nextSlotUnlock(3)).toEqual({ level: 5, adds: 5 });
    expect(nextSlotUnlock(5)).toEqual({ level: 10, adds: 10 });
    expect(nextSlotUnlock(70)).toBeNull();
  });

  it('refuses with the rule in words', () => {
    expect(slotsFullMessage(3)).toBe('Your watchlist holds 10 items at level 3; level 5 adds 5 more slots. Remove an item to add another.');
    expect(slotsFullMessage(80)).toBe('Your watchlist holds 50 items at level 80, the most it holds. Remove an item to add another.');
  });
});
