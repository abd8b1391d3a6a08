import { fail, type Err } from '../result';
import { MAX_POWER_UPS_HELD } from './catalogue';
import { MAX_STREAK_FREEZES } from './state';

/** Gamification's messages to the learner (the spec's words where it gives them). */
export const GAME_TEXTS = {
  insufficientCoins: 'Insufficient Options Coins',
  challengeNotFound: 'Challenge not found',
  alreadyClaimed: 'Challenge reward already claimed',
  notCompleted: 'Challenge not completed yet',
  rewardNotFound: 'Reward not found',
  alreadyOwned: 'You already own this reward',
  freezeLimit: `You can hold at most ${MAX_STREAK_FREEZES} streak freezes`,
  powerUpLimit: `You can hold at most ${MAX_POWER_UPS_HELD} of this power-up`,
  powerUpNotFound: 'Power-up not found',
  powerUpNotOwned: 'Buy this power-up with Options Coins first',
  powerUpActive: 'This power-up is already active',
  busy: 'Your rewards are being updated; please try again.',
} as const;

export const alreadyClaimed = (): Err => fail('conflict', GAME_TEXTS.alreadyClaimed);
export const notCompleted = (): Err => fail('conflict', GAME_TEXTS.notCompleted);
export const challengeNotFound = (): Err => fail('not_found', GAME_TEXTS.challengeNotFound);
export const rewardNotFound = (): Err => fail('not_found', GAME_TEXTS.rewardNotFound);
export const alreadyOwned = (): Err => fail('conflict', GAME_TEXTS.alreadyOwned);
export const freezeLimit = (): Err => fail('conflict', GAME_TEXTS.freezeLimit);
export const powerUpLimit = (): Err => fail('conflict', GAME_TEXTS.powerUpLimit);
export const insufficientCoins = (): Err => fail('conflict', GAME_TEXTS.insufficientCoins);
export const powerUpNotFound = (): Err => fail('not_found', GAME_TEXTS.powerUpNotFound);
export const powerUpActive = (): Err => fail('conflict', GAME_TEXTS.powerUpActive);
export const powerUpNotOwned = (): Err => fail('conflict', GAME_TEXTS.powerUpNotOwned);
/** A learner's write lost every race for the state's version. */
export const rewardsBusy = (): Err => fail('unavailable', GAME_TEXTS.busy);
