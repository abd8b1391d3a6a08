import { realGameConsumer } from './award-game';

/** The gamification consumer of QuizPassed (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('QuizPassed');
