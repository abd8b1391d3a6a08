import { realGameConsumer } from './award-game';

/** The gamification consumer of JournalTradeClosed (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('JournalTradeClosed');
