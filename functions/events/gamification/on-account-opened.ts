import { realGameConsumer } from './award-game';

/** The gamification consumer of AccountOpened (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('AccountOpened');
