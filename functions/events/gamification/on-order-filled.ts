import { realGameConsumer } from './award-game';

/** The gamification consumer of OrderFilled (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('OrderFilled');
