import { realGameConsumer } from './award-game';

/** The gamification consumer of CommunityPostShared (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('CommunityPostShared');
