import { realGameConsumer } from './award-game';

/** The gamification consumer of OptionExercised (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('OptionExercised');
