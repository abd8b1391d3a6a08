import { ok, type Result } from '../../result';
import { CHALLENGES, powerUpById, rewardById } from '../catalogue';
import {
  alreadyClaimed,
  alreadyOwned,
  challengeNotFound,
  freezeLimit,
  insufficientCoins,
  notCompleted,
  powerUpActive,
  powerUpLimit,
  powerUpNotFound,
  powerUpNotOwned,
  rewardNotFound,
} from '../gamification.errors';
import { MAX_POWER_UPS_HELD } from '../catalogue';
import { MAX_CLAIMED_KEPT, MAX_STREAK_FREEZES, type GameSettings, type GameState } from '../state';
import { grant, unlockAchievements, type Applied } from './grant';
import { clone, pruneExpired } from './periods';
import { currentChallenges } from './views';

/** The learner's four writes, decided on their state: pure, time passed in, failures as values. */

/**
 * Claims a completed challenge's reward, once only: its coins and its XP (× the streak multiplier). A trading
 * challenge's reward (trades, a profitable close, growth, a win rate) is quiet, as a trade's own awards are: the XP
 * counts, but no toast or level-up celebration is tied to placing orders (issue 33; Massachusetts' 2024 consent order
 * against Robinhood's celebrations of trading).
 */
export function claimChallenge(state: GameState, id: string, now: Date): Result<Applied> {
  if (state.claimedChallenges.includes(id)) return alreadyClaimed();
  const done = state.completedChallenges.find((c) => c.id === id);
  if (!done) {
    const current = currentChallenges(state, now).some((c) => c.id === id);
    return current ? notCompleted() : challengeNotFound();
  }
  const s = clone(state);
  const at = now.toISOString();
  const quiet = CHALLENGES.find((c) => id.startsWith(`${c.templateId}@`))?.category === 'trading';
  s.completedChallenges = s.completedChallenges.filter((c) => c.id !== id);
  s.claimedChallenges = [...s.claimedChallenges, id].slice(-MAX_CLAIMED_KEPT);
  const awards = [
    grant(s, {
      key: `Challenge#${id}`,
      source: 'Challenge',
      label: `Challenge: ${done.title}`,
      icon: '🏅',
      baseXp: done.xpReward,
      coins: done.coinReward,
      learning: false,
      quiet,
      at,
      challengeId: id,
    }),
  ];
  unlockAchievements(s, at, quiet, awards);
  pruneExpired(s, now);
  s.updatedAt = at;
  return ok({ state: s, awards });
}

/** Buys a reward with Options Coins; refused with 'Insufficient Options Coins' (nothing deducted) when coins are short. */
export function purchaseReward(state: GameState, rewardId: string, now: Date): Result<GameState> {
  const reward = rewardById.get(rewardId);
  if (!reward) return rewardNotFound();
  if (reward.kind === 'cosmetic' && state.purchasedRewards.includes(rewardId)) return alreadyOwned();
  if (reward.kind === 'streak_freeze' && state.streakFreezes >= MAX_STREAK_FREEZES) return freezeLimit();
  if (reward.kind === 'power_up' && (state.powerUpInventory[rewardId] ?? 0) >= MAX_POWER_UPS_HELD) return powerUpLimit();
  if (state.optionsCoins < reward.cost) return insufficientCoins();
  const s = clone(state);
  s.optionsCoins -= reward.cost;
  if (reward.kind === 'cosmetic') s.purchasedRewards = [...s.purchasedRewards, rewardId];
  if (reward.kind === 'streak_freeze') s.streakFreezes += 1;
  if (reward.kind === 'power_up') s.powerUpInventory[rewardId] = (s.powerUpInventory[rewardId] ?? 0) + 1;
  pruneExpired(s, now);
  s.updatedAt = now.toISOString();
  return ok(s);
}

/** Activates a held power-up until its expiry. */
export function activatePowerUp(state: GameState, id: string, now: Date): Result<GameState> {
  const def = powerUpById.get(id);
  if (!def) return powerUpNotFound();
  const iso = now.toISOString();
  if (state.activePowerUps.some((p) => p.id === id && p.expiresAt > iso)) return powerUpActive();
  if ((state.powerUpInventory[id] ?? 0) < 1) return powerUpNotOwned();
  const s = clone(state);
  pruneExpired(s, now);
  s.powerUpInventory[id] = (s.powerUpInventory[id] ?? 0) - 1;
  s.activePowerUps.push({ id, activatedAt: iso, expiresAt: new Date(now.getTime() + def.durationMinutes * 60_000).toISOString() });
  s.updatedAt = iso;
  return ok(s);
}

export function updateSettings(state: GameState, patch: Partial<GameSettings>, now: Date): GameState {
  return { ...state, settings: { ...state.settings, ...patch }, updatedAt: now.toISOString() };
}
