import { realGameConsumer } from './award-game';

/**
 * The gamification consumer of CompetitionSeasonAwarded (functions/events/gamification/award-game.ts): the season's coins
 * and the Planned Season achievement, once per award key (the award item's condition and the event receipt, in the
 * state's conditional transaction).
 */
export const handler = realGameConsumer('CompetitionSeasonAwarded');
