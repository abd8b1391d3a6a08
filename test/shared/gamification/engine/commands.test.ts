import { describe, expect, it } from 'vitest';
import { activatePowerUp, purchaseReward } from '@shared/gamification/engine/commands';
import { apply } from '@shared/gamification/engine/reducer';
import { asOf } from '@shared/gamification/engine/views';
import { GAME_TEXTS } from '@shared/gamification/gamification.errors';
import { filled, fresh, lesson, nyAfternoon } from '../fixtures';
import { value } from './helpers';

describe('coins, rewards and power-ups', () => {
  const now = new Date(nyAfternoon('2026-11-02'));

  it("refuses a purchase with 'Insufficient Options Coins' and deducts nothing", () => {
    const s = { ...fresh(), optionsCoins: 99 };
    expect(purchaseReward(s, 'theme-midnight', now)).toEqual({ ok: false, error: { code: 'conflict', message: 'Insufficient Options Coins' } });
    expect(s.optionsCoins).toBe(99);
    const bought = value(purchaseReward({ ...s, optionsCoins: 100 }, 'theme-midnight', now));
    expect(bought).toMatchObject({ optionsCoins: 0, purchasedRewards: ['theme-midnight'] });
    expect(purchaseReward(bought, 'theme-midnight', now)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(purchaseReward(bought, 'nope', now)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('holds at most 2 streak freezes', () => {
    const s = value(purchaseReward({ ...fresh(), optionsCoins: 500 }, 'streak-freeze', now));
    expect(s.streakFreezes).toBe(2);
    expect(purchaseReward(s, 'streak-freeze', now)).toEqual({ ok: false, error: { code: 'conflict', message: GAME_TEXTS.freezeLimit } });
  });

  it('boosts learning XP only, until the power-up expires', () => {
    const held = value(purchaseReward({ ...fresh(), optionsCoins: 75 }, 'xp-boost', now));
    expect(activatePowerUp(fresh(), 'xp-boost', now)).toMatchObject({ ok: false, error: { message: GAME_TEXTS.powerUpNotOwned } });
    const active = value(activatePowerUp(held, 'xp-boost', now));
    expect(active.activePowerUps[0]!.expiresAt).toBe(new Date(now.getTime() + 3_600_000).toISOString());
    expect(activatePowerUp(active, 'xp-boost', now)).toMatchObject({ ok: false, error: { message: GAME_TEXTS.powerUpActive } });
    const l = apply(active, lesson('2026-11-02', 'l1'), now).awards[0]!;
    expect([l.boost, l.xp]).toEqual([2, 20]);
    const t = apply(active, filled('2026-11-02', 'o1'), now).awards[0]!;
    expect([t.boost, t.xp]).toEqual([1, 10]);
    const later = lesson('2026-11-02', 'l2');
    (later.detail as { at: string }).at = new Date(now.getTime() + 3_600_001).toISOString();
    expect(apply(active, later, new Date(now.getTime() + 3_600_001)).awards[0]!.xp).toBe(10);
    expect(asOf(active, new Date(now.getTime() + 3_600_001)).activePowerUps).toEqual([]);
  });
});
