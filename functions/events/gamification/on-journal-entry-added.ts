import { realGameConsumer } from './award-game';

/** The gamification consumer of JournalEntryAdded (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('JournalEntryAdded');
