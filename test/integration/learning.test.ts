import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import { COURSE } from '@shared/learning/content/course';
import type { Quiz } from '@shared/learning/content/types';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner as newLearner, newKey } from '../support/learner';
import { waitFor } from '../support/local-stack';

const stack = inject('stack');
const learner = (capital?: number) => newLearner(stack, capital);
const basics = COURSE.find((m) => m.id === 'options_basics')!;
const greeks = COURSE.find((m) => m.id === 'options_greeks')!;
const KEYS = ['correctAnswer', 'explanation', 'answer', 'solution'];

/** The right answers of a quiz, typed as a learner would (numbers as text, % with its sign). */
const rightAnswers = (quiz: Quiz) =>
  Object.fromEntries(quiz.questions.map((q) => [q.id, q.type === 'numerical' ? `${q.correctAnswer}${q.unit === '%' ? '%' : ''}` : String(q.correctAnswer)]));
const wrongAnswers = (quiz: Quiz) => Object.fromEntries(quiz.questions.map((q) => [q.id, q.type === 'numerical' ? '-999999' : 'not an option']));

function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  return out;
}

type Call = Awaited<ReturnType<typeof learner>>['call'];

/** Completes every lesson of options_basics, passing each lesson's check on the way. */
async function takeLessons(call: Call) {
  for (const lesson of basics.lessons) {
    if (lesson.check) {
      expect((await call('POST', `/api/learning/lessons/${lesson.id}/complete`)).status).toBe(409);
      const check = await call('POST', `/api/learning/quizzes/${lesson.check.id}/attempts`, { answers: rightAnswers(lesson.check) });
      expect(check.body).toMatchObject({ passed: true });
    }
    const done = await call('POST', `/api/learning/lessons/${lesson.id}/complete`, { minutesSpent: lesson.minutes });
    expect(done.status, lesson.id).toBe(200);
  }
}

describe('the learning API', () => {
  it('serves the course without answer keys: the summaries with the learner’s completion, a module’s content the same for all', async () => {
    const { call, user } = await learner();
    const list = await call('GET', '/api/learning/modules');
    expect(list.status).toBe(200);
    expect(list.body.modules.map((m: { id: string }) => m.id)).toEqual(COURSE.map((m) => m.id));
    for (const m of COURSE) {
      const res = await call('GET', `/api/learning/modules/${m.id}`);
      expect(res.status).toBe(200);
      const keys = keysIn(res.body);
      for (const k of KEYS) expect(keys.has(k), `${m.id} sends ${k}`).toBe(false);
      expect(res.body.module.quiz.questions).toHaveLength(m.quiz.questions.length);
    }
    expect((await call('GET', '/api/learning/modules/no_such_module')).status).toBe(404);
    expect((await call('GET', '/api/learning/modules/Bad-Id!')).status).toBe(400);

    // Content is the same text for a learner with progress and one without, and revalidates with its ETag.
    await call('POST', `/api/learning/lessons/${basics.lessons[0]!.id}/complete`);
    const other = await learner();
    const url = `${stack.url}/api/learning/modules/options_basics`;
    const first = await fetch(url, { headers: { authorization: `Bearer ${user.idToken}` } });
    const second = await fetch(url, { headers: { authorization: `Bearer ${other.user.idToken}` } });
    expect(await first.text()).toBe(await second.text());
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(url, { headers: { authorization: `Bearer ${user.idToken}`, 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    // Signed out, the content is not served (the landing page has the public outline).
    expect((await fetch(url)).status).toBe(401);
  });

  it('grades on the server, keeps the best score, and awards the module’s 100 XP once however often it is replayed', async () => {
    const { call, user } = await learner();
    const failed = await call('POST', `/api/learning/quizzes/${basics.quiz.id}/attempts`, { answers: wrongAnswers(basics.quiz) });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ score: 0, passed: false, bestScore: 0 });
    expect(failed.body.results[0]).toEqual({
      questionId: basics.quiz.questions[0]!.id,
      correct: false,
      correctAnswer: basics.quiz.questions[0]!.correctAnswer,
      explanation: basics.quiz.questions[0]!.explanation,
    });

    await takeLessons(call);
    const passed = await call('POST', `/api/learning/quizzes/${basics.quiz.id}/attempts`, { answers: rightAnswers(basics.quiz) });
    expect(passed.body).toMatchObject({ score: 100, passed: true, bestScore: 100 });
    expect(passed.body.progress).toMatchObject({ completedModules: ['options_basics'], experience: 100, level: 1 });

    // The same attempt twice at once, a retake that fails, a lesson completed again: nothing is awarded twice.
    const replays = await Promise.all([
      call('POST', `/api/learning/quizzes/${basics.quiz.id}/attempts`, { answers: rightAnswers(basics.quiz) }),
      call('POST', `/api/learning/quizzes/${basics.quiz.id}/attempts`, { answers: rightAnswers(basics.quiz) }),
      call('POST', `/api/learning/lessons/${basics.lessons[0]!.id}/complete`),
    ]);
    expect(replays.map((r) => r.status)).toEqual([200, 200, 200]);
    const retake = await call('POST', `/api/learning/quizzes/${basics.quiz.id}/attempts`, { answers: wrongAnswers(basics.quiz) });
    expect(retake.body).toMatchObject({ score: 0, passed: false, bestScore: 100 });
    const progress = (await call('GET', '/api/learning/progress')).body.progress;
    expect(progress).toMatchObject({ experience: 100, level: 1, completedModules: ['options_basics'], quizScores: { [basics.quiz.id]: 100 } });
    expect(progress.completedLessons).toHaveLength(basics.lessons.length);
    expect(progress.totalTimeSpent).toBe(basics.lessons.reduce((s, l) => s + l.minutes, 0));
    const summary = (await call('GET', '/api/learning/modules')).body.modules.find((m: { id: string }) => m.id === 'options_basics');
    expect(summary).toMatchObject({ completed: true, progress: 100 });

    // Options Basics done, the Greeks quiz may be taken; its module is not complete until its lessons are.
    const next = await call('POST', `/api/learning/quizzes/${greeks.quiz.id}/attempts`, { answers: rightAnswers(greeks.quiz) });
    expect(next.body).toMatchObject({ score: 100, passed: true, progress: { experience: 100, completedModules: ['options_basics'] } });

    // Each lesson, the module and each first pass were published once through the outbox, replays and retakes adding none.
    const checks = basics.lessons.filter((l) => l.check).length;
    const events = await waitFor(
      async () =>
        ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[]).filter(
          (e) => (e.detail as { userId?: string }).userId === user.sub,
        ),
      // The Greeks quiz's pass, written after every replay, arrives last.
      (list) => list.some((e) => (e.detail as { quizId?: string }).quizId === greeks.quiz.id),
      30_000,
      'the learning events',
    );
    const lessonIds = events.filter((e) => e.detailType === 'LessonCompleted').map((e) => (e.detail as { lessonId?: string }).lessonId ?? 'module');
    expect(lessonIds.sort()).toEqual([...basics.lessons.map((l) => l.id), 'module'].sort());
    expect(events.filter((e) => e.detailType === 'QuizPassed')).toHaveLength(checks + 2);
  });

  it('refuses the quiz of a module whose prerequisite is not complete, naming it, and saves nothing', async () => {
    const { call } = await learner();
    const locked = await call('POST', `/api/learning/quizzes/${greeks.quiz.id}/attempts`, { answers: rightAnswers(greeks.quiz) });
    expect(locked).toEqual({ status: 409, body: { error: 'Complete Options Basics first.', code: 'conflict' } });
    expect((await call('GET', '/api/learning/progress')).body.progress.quizScores).toEqual({});
    const modules = (await call('GET', '/api/learning/modules')).body.modules;
    // Every module after Options Basics waits on it, directly or through another.
    expect(modules.map((m: { id: string; unlocked: boolean }) => [m.id, m.unlocked])).toEqual(COURSE.map((m) => [m.id, m.prerequisites.length === 0]));
    expect(modules[0].id).toBe('options_basics');
  });

  it('keeps lessons done at once by two requests, and resets to the defaults', async () => {
    const { call } = await learner();
    const plain = basics.lessons.filter((l) => !l.check).slice(0, 2);
    await Promise.all(plain.map((l) => call('POST', `/api/learning/lessons/${l.id}/complete`)));
    expect((await call('GET', '/api/learning/progress')).body.progress.completedLessons.sort()).toEqual(plain.map((l) => l.id).sort());
    const reset = await call('POST', '/api/learning/reset');
    expect(reset.body.progress).toEqual({
      completedModules: [],
      completedLessons: [],
      currentModule: 'options_basics',
      totalTimeSpent: 0,
      quizScores: {},
      practicalExercisesCompleted: [],
      journalEntries: 0,
      achievements: [],
      level: 1,
      experience: 0,
    });
    expect((await call('GET', '/api/learning/progress')).body.progress).toEqual(reset.body.progress);
  });

  it('answers unknown ids with 404 and malformed bodies with 400 naming the field', async () => {
    const { call } = await learner();
    expect((await call('POST', '/api/learning/lessons/options_basics.no-such-lesson/complete')).status).toBe(404);
    expect((await call('POST', '/api/learning/quizzes/options_basics.no-such.quiz/attempts', { answers: {} })).status).toBe(404);
    expect((await call('POST', '/api/learning/exercises/options_basics.no-such-exercise/check')).status).toBe(404);
    const bad = await call('POST', `/api/learning/quizzes/${basics.quiz.id}/attempts`, { answers: 'all of them' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Answers');
    const minutes = await call('POST', `/api/learning/lessons/${basics.lessons[0]!.id}/complete`, { minutesSpent: -5 });
    expect(minutes.status).toBe(400);
    expect(minutes.body.error).toContain('Minutes spent');
  });

  it("checks the first-trade exercise against the learner's real paper trade", async () => {
    const exercise = basics.practicalExercise!;
    const { call } = await learner(100000);
    const before = await call('POST', `/api/learning/exercises/${exercise.id}/check`);
    expect(before.body.passed).toBe(false);
    expect(before.body.requirements.map((r: { met: boolean }) => r.met)).toEqual(exercise.requirements.map(() => false));

    // A SPY call 20–60 days out, bought with a limit at the mid (the account fills at the mid).
    const { expiries } = (await (await fetch(`${stack.url}/api/market/SPY/expiries`)).json()) as {
      expiries: { expiration_date: string; days_to_expiry: number }[];
    };
    const expiry = expiries.find((e) => e.days_to_expiry >= 25 && e.days_to_expiry <= 55)!;
    const chain = (await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiry.expiration_date}`)).json()) as {
      underlying: { price: number };
      contracts: { contract_ticker: string; contract_type: string; strike_price: number; bid: number; ask: number }[];
    };
    const call0 = chain.contracts
      .filter((c) => c.contract_type === 'call' && c.bid > 0 && c.ask > 0 && c.ask < 14)
      // A mid in whole cents, so the limit is the mid itself (a mid of $x.xx5 has no limit both at the mid and fillable).
      .filter((c) => Math.round((c.bid + c.ask) * 100) % 2 === 0)
      .sort((a, b) => Math.abs(a.strike_price - chain.underlying.price) - Math.abs(b.strike_price - chain.underlying.price))[0]!;
    expect((await call('PUT', '/api/account/settings', { fillModel: 'mid' })).status).toBe(200);
    const order = await call('POST', '/api/orders', {
      clientOrderId: newKey(),
      type: 'limit',
      limitPrice: Math.round(((call0.bid + call0.ask) / 2) * 100) / 100,
      timeInForce: 'day',
      whenClosed: 'last-close',
      legs: [{ contract: call0.contract_ticker, side: 'buy', quantity: 1 }],
    });
    expect(order.body.order).toMatchObject({ status: 'filled' });

    const after = await call('POST', `/api/learning/exercises/${exercise.id}/check`);
    expect(after.body.requirements).toEqual(exercise.requirements.map((r) => ({ description: r.description, met: true, detail: expect.any(String) })));
    expect(after.body.passed).toBe(true);
    expect(after.body.progress.practicalExercisesCompleted).toEqual([exercise.id]);
    expect(after.body.progress.experience).toBe(0);
  });
});

describe("the course's XP for a journal reflection (learning's consumer of JournalEntryAdded)", () => {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
  const RULE = 'learningOnJournalEntryAdded';
  const entryAdded = (userId: string, eventId: string) => ({
    EventBusName: 'options-academy-local',
    Source: 'options-academy',
    DetailType: 'JournalEntryAdded',
    Detail: JSON.stringify({ eventId, userId, entryId: ulid(), counted: 1, at: new Date().toISOString() }),
  });
  /** The learning consumer's deliveries of one event id, once every one of them has settled. */
  const settledDeliveries = (eventId: string, count: number) =>
    waitFor(
      async () =>
        ((await (await fetch(`${stack.endpoints.aws}/_local/events`)).json()) as DeliveredEvent[])
          .filter((e) => (e.detail as { eventId?: string }).eventId === eventId)
          .flatMap((e) => e.deliveries.filter((d) => d.rule === RULE)),
      (list) => list.length === count && list.every((d) => d.status !== 'pending'),
      30_000,
      `${count} deliveries to ${RULE}`,
    );

  it('awards 25 course XP and the first-entry milestone once when the same event is delivered twice', async () => {
    const { user, call } = await learner();
    const eventId = ulid();
    await bus.send(new PutEventsCommand({ Entries: [entryAdded(user.sub, eventId)] }));
    expect((await settledDeliveries(eventId, 1))[0]).toMatchObject({ status: 'ok', result: { status: 'consumed' } });
    await bus.send(new PutEventsCommand({ Entries: [entryAdded(user.sub, eventId)] }));
    expect((await settledDeliveries(eventId, 2))[1]).toMatchObject({ status: 'ok', result: { status: 'duplicate' } });
    const progress = (await call('GET', '/api/learning/progress')).body.progress;
    expect(progress.experience).toBe(25);
    expect(progress.achievements.filter((a: { id: string }) => a.id === 'journal-entries-1')).toHaveLength(1);
  });

  it('awards 25 course XP once when the same event is delivered twice at the same moment', async () => {
    const { user, call } = await learner();
    const eventId = ulid();
    const out = await bus.send(new PutEventsCommand({ Entries: [entryAdded(user.sub, eventId), entryAdded(user.sub, eventId)] }));
    expect(out.FailedEntryCount).toBe(0);
    const both = await settledDeliveries(eventId, 2);
    expect(both.map((d) => d.status)).toEqual(['ok', 'ok']);
    expect(both.map((d) => (d.result as { status: string }).status).sort()).toEqual(['consumed', 'duplicate']);
    expect((await call('GET', '/api/learning/progress')).body.progress.experience).toBe(25);
  });

  it('two different reflections at the same moment both count', async () => {
    const { user, call } = await learner();
    const [a, b] = [ulid(), ulid()];
    await bus.send(new PutEventsCommand({ Entries: [entryAdded(user.sub, a), entryAdded(user.sub, b)] }));
    await settledDeliveries(a, 1);
    await settledDeliveries(b, 1);
    expect((await call('GET', '/api/learning/progress')).body.progress.experience).toBe(50);
  });
});
