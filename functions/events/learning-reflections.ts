import type { LearningDeps } from '@shared/learning/use-cases/deps';
import { recordReflection } from '@shared/learning/use-cases/record-reflection';
import { eventHandler, type EventReceipts } from '../commons/event-handler';
import { learningConsumerDeps } from '../wiring/learning';

export const LEARNING_REFLECTIONS = 'learningJournalEntryAdded';

/**
 * The course's XP for a journal reflection (spec part 3 §9: 25 XP per journal entry), from the journal's
 * JournalEntryAdded event. A `transaction` consumer: the progress and the receipt commit together, conditional on the
 * progress's version and on the receipt not existing, so a redelivery or a twin delivery at the same moment adds
 * nothing, and a lesson completed at the same moment is not lost (the loser decides again from fresh state).
 */
export const makeLearningReflections = (deps: { learning: Pick<LearningDeps, 'repo' | 'journal' | 'backoff'>; receipts: EventReceipts }) =>
  eventHandler({ consumer: LEARNING_REFLECTIONS, types: ['JournalEntryAdded'], receipts: deps.receipts, idempotency: 'transaction' }, async (event, ctx) => {
    const { userId, counted, at, agent } = event.detail;
    // An entry the learner's agent token wrote earns no course XP: recordReflection skips it.
    const result = await recordReflection(deps.learning, { userId, counted, at, ...(agent ? { agent } : {}) }, ctx.receipt);
    // A failure is thrown so the helper can tell a twin delivery (its receipt now exists) from a real failure (retried);
    // so is a twin's commit found first, so that the helper reports this delivery as the duplicate it is.
    if (!result.ok) throw new Error(result.error.message);
    if (result.value === 'duplicate') throw new Error(`JournalEntryAdded ${event.detail.eventId} was consumed by a twin delivery`);
  });

export const handler = makeLearningReflections(learningConsumerDeps());
