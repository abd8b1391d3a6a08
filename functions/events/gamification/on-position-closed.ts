import { realGameConsumer } from './award-game';

/** The gamification consumer of PositionClosed (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('PositionClosed');
