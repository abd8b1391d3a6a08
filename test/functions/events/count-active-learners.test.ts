import { describe, expect, it } from 'vitest';
import type { FirstActivity, LearnerCounter } from '../../../functions/adapters/dynamo/site-stats-repository';
import { makeCountActiveLearners } from '../../../functions/events/count-active-learners';
import { memoryEventReceipts } from '../../support/memory-event-receipts';

/** The learner counter over the in-memory receipts: the marker is an item there, written with the counter or not at all. */
function memoryCounter(receipts: ReturnType<typeof memoryEventReceipts>) {
  let learners = 0;
  const markerKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'COUNTED#LEARNER' });
  const counter: LearnerCounter = {
    markerKey,
    async countOnce(userId: string, first: FirstActivity) {
      const put = { Put: { TableName: 'memory', Item: { ...markerKey(userId), ...first }, ConditionExpression: 'attribute_not_exists(PK)' } };
      await receipts.transact([put], () => learners++);
    },
  };
  return { counter, learners: () => learners };
}

let seq = 0;
const eventId = () => `01JAAAAAAAAAAAAAAAAAAA${String(seq++).padStart(4, '0')}`;
const at = '2026-11-23T15:00:00.000Z';
const envelope = (detailType: string, detail: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  'detail-type': detailType,
  source: 'options-academy',
  detail,
});
const orderPlaced = (userId: string, id = eventId()) =>
  envelope('OrderPlaced', {
    eventId: id,
    userId,
    orderId: `o-${id}`,
    clientOrderId: `c-${id}`,
    type: 'market',
    legs: [{ contract: 'O:SPY261218C00600000', side: 'buy', quantity: 1 }],
    strategy: null,
    status: 'filled',
    placedAt: at,
  });
const lessonCompleted = (userId: string) => envelope('LessonCompleted', { eventId: eventId(), userId, moduleId: 'greeks-1', at });
const quizPassed = (userId: string) => envelope('QuizPassed', { eventId: eventId(), userId, quizId: 'q1', score: 90, at });

function setup() {
  const receipts = memoryEventReceipts();
  const { counter, learners } = memoryCounter(receipts);
  const consume = makeCountActiveLearners({ learners: counter, receipts, clock: { now: () => new Date(at) } });
  return { consume, learners, receipts };
}

describe('countActiveLearners (a first order, lesson or quiz counts a learner once)', () => {
  it("does not count an order the learner's agent token placed: the learner's own first order counts them", async () => {
    const t = setup();
    const byAgent = orderPlaced('ada');
    byAgent.detail = { ...byAgent.detail, agent: 'my-bot' };
    await t.consume(byAgent);
    expect(t.learners()).toBe(0);
    expect(t.receipts.items.has('USER#ada|COUNTED#LEARNER')).toBe(false);
    const own = orderPlaced('ada');
    expect(await t.consume(own)).toMatchObject({ status: 'consumed' });
    expect(t.learners()).toBe(1);
    expect(t.receipts.items.get('USER#ada|COUNTED#LEARNER')).toMatchObject({ eventId: own.detail.eventId });
  });

  it('counts a learner on their first order and never again, whatever they do next', async () => {
    const t = setup();
    const first = orderPlaced('ada');
    expect(await t.consume(first)).toMatchObject({ status: 'consumed' });
    expect(t.learners()).toBe(1);
    for (const next of [orderPlaced('ada'), lessonCompleted('ada'), quizPassed('ada')]) expect(await t.consume(next)).toMatchObject({ status: 'duplicate' });
    expect(t.learners()).toBe(1);
    expect(t.receipts.items.get('USER#ada|COUNTED#LEARNER')).toMatchObject({ eventId: first.detail.eventId, detailType: 'OrderPlaced', countedAt: at });
  });

  it('counts a learner whose first activity is a lesson or a quiz', async () => {
    const t = setup();
    await t.consume(lessonCompleted('grace'));
    await t.consume(quizPassed('katherine'));
    expect(t.learners()).toBe(2);
  });

  it('counts each learner once when the same event comes twice, or several of theirs at the same moment', async () => {
    const t = setup();
    const order = orderPlaced('mary');
    const outcomes = await Promise.all([t.consume(order), t.consume(order), t.consume(orderPlaced('mary')), t.consume(lessonCompleted('mary'))]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['consumed', 'duplicate', 'duplicate', 'duplicate']);
    await Promise.all([t.consume(orderPlaced('dorothy')), t.consume(orderPlaced('annie'))]);
    expect(t.learners()).toBe(3);
  });

  it('counts nothing for an event it does not take or one without a learner', async () => {
    const t = setup();
    await expect(t.consume(envelope('AccountOpened', { eventId: eventId(), userId: 'ada', startingCapital: 1000, run: 1, at }))).rejects.toThrow(
      'countActiveLearners cannot consume this AccountOpened',
    );
    await expect(t.consume(envelope('OrderPlaced', { eventId: eventId() }))).rejects.toThrow('countActiveLearners cannot consume this OrderPlaced');
    expect(t.learners()).toBe(0);
  });
});
