import { markedByAgent } from '@shared/agent/token';
import { ACTIVITY_THAT_COUNTS } from '@shared/ports/site-stats.port';
import type { Clock } from '@shared/ports/clock.port';
import type { LearnerCounter } from '../adapters/dynamo/site-stats-repository';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { activeLearnerDeps } from '../wiring/community';

/**
 * The landing page's learner count (issue 16, 10): a learner counts the first time they place a paper order, complete
 * a lesson or pass a quiz, once ever, however often and in whatever order those events arrive. A `transaction`
 * consumer whose receipt is the learner's marker rather than one per event: the marker and the counter are written in
 * one transaction, conditional on the marker not existing, so any later event of that learner, a redelivery or two
 * events at once, finds the learner counted and changes nothing (docs/architecture.md, "Events"). An order the
 * learner's agent token placed (its event carries `agent`) is not the learner being active: it counts nothing, and the
 * learner is counted by their own first order, lesson or quiz.
 */
export const makeCountActiveLearners = (deps: { learners: LearnerCounter; receipts: EventReceipts; clock: Clock }) =>
  eventHandler(
    {
      consumer: 'countActiveLearners',
      types: ACTIVITY_THAT_COUNTS,
      receipts: deps.receipts,
      idempotency: 'transaction',
      receiptKey: (event) => deps.learners.markerKey(event.detail.userId),
    },
    async (event) => {
      if (markedByAgent(event.detail)) return;
      const countedAt = deps.clock.now().toISOString();
      await deps.learners.countOnce(event.detail.userId, { eventId: event.detail.eventId, detailType: event.type, countedAt });
    },
  );

export const handler = makeCountActiveLearners(activeLearnerDeps());
