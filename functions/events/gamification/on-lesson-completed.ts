import { realGameConsumer } from './award-game';

/** The gamification consumer of LessonCompleted (functions/events/gamification/award-game.ts). */
export const handler = realGameConsumer('LessonCompleted');
