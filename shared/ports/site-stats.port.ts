import type { DomainEventType } from '../events/domain-events';

/** Live figures for the landing page's statistics section: counted, never invented (issue 8). */
export interface SiteStats {
  /** Learners who did something (ACTIVITY_THAT_COUNTS), each counted once: sign-ups alone are not counted (issue 16, 10). */
  learners: number;
  paperTrades: number;
  strategiesBuilt: number;
}

export type SiteCounter = keyof SiteStats;

export interface SiteStatsRepository {
  read(): Promise<SiteStats>;
  increment(counter: SiteCounter, by?: number): Promise<void>;
}

/**
 * What makes a learner count on the landing page: the first paper order they place, lesson they complete or quiz they
 * pass (issue 16, 10). Signing up is not enough, so scripted sign-ups do not inflate the figure.
 */
export const ACTIVITY_THAT_COUNTS = ['OrderPlaced', 'LessonCompleted', 'QuizPassed'] as const satisfies readonly DomainEventType[];
