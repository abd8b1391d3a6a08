import { realGameConsumer } from './award-game';

/** The gamification consumer of AccountReset (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('AccountReset');
