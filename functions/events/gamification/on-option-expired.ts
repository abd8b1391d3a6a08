import { realGameConsumer } from './award-game';

/** The gamification consumer of OptionExpired (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('OptionExpired');
