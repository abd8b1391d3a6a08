import { markedByAgent } from '../../agent/token';
import type { EventOf } from '../../events/domain-events';

/** The domain events gamification consumes, each on its own rule (functions/events/rules.ts). */
export const GAME_EVENT_TYPES = [
  'OrderFilled',
  'PositionClosed',
  'OptionExpired',
  'OptionExercised',
  'LessonCompleted',
  'QuizPassed',
  'JournalEntryAdded',
  'JournalTradeClosed',
  'AccountOpened',
  'AccountReset',
  'CommunityPostShared',
  'CompetitionSeasonAwarded',
] as const;
export type GameEventType = (typeof GAME_EVENT_TYPES)[number];
export type GameEvent = EventOf<GameEventType>;

/** The key of an event's own award, stable across redeliveries and repeats of the same fact. */
export function eventKey(event: GameEvent): string {
  switch (event.type) {
    case 'OrderFilled':
      return `OrderFilled#${event.detail.orderId}`;
    case 'LessonCompleted':
      return `LessonCompleted#${event.detail.moduleId}#${event.detail.lessonId ?? 'module'}`;
    case 'QuizPassed':
      return `QuizPassed#${event.detail.quizId}`;
    case 'JournalEntryAdded':
      return `JournalEntryAdded#${event.detail.entryId}`;
    case 'JournalTradeClosed':
      return `JournalTradeClosed#${event.detail.tradeId}`;
    case 'CommunityPostShared':
      return `CommunityPostShared#${event.detail.postId}`;
    case 'CompetitionSeasonAwarded':
      // The season's award key (shared/competitions/awards.ts): one award per entrant and season, whichever event reports it.
      return event.detail.awardKey;
    default:
      return `${event.type}#${event.detail.eventId}`;
  }
}

/**
 * Whether the learner's agent token did what the event reports (the Agent API marks such events with `agent`). Such an
 * event earns nothing: no XP, coins, achievements, streak day, challenge progress or board value, since gamification
 * rewards the learner's own learning.
 */
export const byAgentToken = (event: GameEvent): boolean => markedByAgent(event.detail);
