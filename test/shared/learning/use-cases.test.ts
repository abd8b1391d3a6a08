import { describe, expect, it } from 'vitest';
import { DomainEvent } from '@shared/events/domain-events';
import type { LearningDeps } from '@shared/learning/use-cases/deps';
import { attemptQuiz } from '@shared/learning/use-cases/attempt-quiz';
import { checkExercise } from '@shared/learning/use-cases/check-exercise';
import { completeLesson } from '@shared/learning/use-cases/complete-lesson';
import { getModule, getProgress, listModules } from '@shared/learning/use-cases/read-course';
import { resetProgress } from '@shared/learning/use-cases/reset-progress';
import type { PaperAccount, Position } from '@shared/paper/types';
import type { Order, Quote } from '@shared/trading/order';
import { fixedClock } from '@shared/ports/clock.port';
import { BASICS_RIGHT, FIXTURE_COURSE } from './fixture-course';
import { memoryLearningRepo } from './memory-learning-repo';

const USER = 'learner-1';

function setup(paper: { account?: PaperAccount | null; positions?: Position[]; orders?: Order[]; quotes?: Map<string, Quote> } = {}) {
  const repo = memoryLearningRepo();
  let n = 0;
  const deps: LearningDeps = {
    repo,
    course: { course: () => FIXTURE_COURSE },
    paper: {
      getAccount: async () => paper.account ?? null,
      getPositions: async () => paper.positions ?? [],
      listOrders: async () => paper.orders ?? [],
    },
    quotes: { quotes: async () => paper.quotes ?? new Map() },
    clock: fixedClock('2026-11-25T15:00:00.000Z'),
    ids: { newId: () => `01KAAAAAAAAAAAAAAAAAAAA${String(n++).padStart(3, '0')}` },
  };
  return { deps, repo };
}

async function finishBasics(deps: LearningDeps) {
  expect((await completeLesson(deps, USER, 'options_basics.why-options')).ok).toBe(true);
  expect((await attemptQuiz(deps, USER, 'options_basics.calls-and-puts.check', { c1: 'True' })).ok).toBe(true);
  return attemptQuiz(deps, USER, 'options_basics.quiz', BASICS_RIGHT);
}

describe('learning use cases', () => {
  it('grades an attempt and returns each key and explanation only with the result', async () => {
    const { deps } = setup();
    const r = await attemptQuiz(deps, USER, 'options_basics.quiz', { q1: 'A put', q3: '101.8' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ score: 20, passed: false, bestScore: 20 });
    expect(r.value.results[0]).toEqual({ questionId: 'q1', correct: false, correctAnswer: 'A call', explanation: 'Because of q1.' });
    expect(r.value.progress.quizScores).toEqual({ 'options_basics.quiz': 20 });
  });

  it('writes the events with the change, valid and stamped with the learner, and awards the module once on replays', async () => {
    const { deps, repo } = setup();
    const done = await finishBasics(deps);
    if (!done.ok) throw new Error(done.error.message);
    expect(done.value.progress).toMatchObject({ completedModules: ['options_basics'], experience: 100 });
    for (const e of repo.events) DomainEvent.parse(e);
    const what = (e: DomainEvent) =>
      e.type === 'LessonCompleted'
        ? [e.type, e.detail.userId, e.detail.lessonId]
        : e.type === 'QuizPassed'
          ? [e.type, e.detail.userId, e.detail.quizId]
          : [e.type];
    expect(repo.events.map(what)).toEqual([
      ['LessonCompleted', USER, 'options_basics.why-options'],
      ['QuizPassed', USER, 'options_basics.calls-and-puts.check'],
      ['LessonCompleted', USER, 'options_basics.calls-and-puts'],
      ['QuizPassed', USER, 'options_basics.quiz'],
      ['LessonCompleted', USER, undefined],
    ]);
    // The same attempt again (a retry, a replay) is graded again and awards nothing.
    const saves = repo.saves;
    const again = await attemptQuiz(deps, USER, 'options_basics.quiz', BASICS_RIGHT);
    expect(again.ok && again.value).toMatchObject({ score: 100, passed: true, bestScore: 100, progress: { experience: 100 } });
    expect(await completeLesson(deps, USER, 'options_basics.why-options')).toMatchObject({ ok: true, value: { experience: 100 } });
    expect(repo.saves).toBe(saves);
    expect(repo.events).toHaveLength(5);
  });

  it('decides again after a lost race, so two changes at once both count', async () => {
    const { deps, repo } = setup();
    // Between this completion's read and its save, another request completes the other lesson.
    repo.beforeNextSave(USER, (p) => ({ ...p, completedLessons: [...p.completedLessons, 'options_greeks.delta'], totalTimeSpent: 7 }));
    const first = await completeLesson(deps, USER, 'options_basics.why-options', 6);
    expect(repo.conflicts).toBe(1);
    expect(first).toMatchObject({ ok: true, value: { completedLessons: ['options_greeks.delta', 'options_basics.why-options'], totalTimeSpent: 13 } });
    expect(await getProgress(deps, USER)).toEqual(first.ok && first.value);
  });

  it('refuses the quiz of a locked module with 409 naming the missing module, and stray answers with 400', async () => {
    const { deps, repo } = setup();
    expect(await attemptQuiz(deps, USER, 'options_greeks.quiz', { g1: '0.5' })).toEqual({
      ok: false,
      error: { code: 'conflict', message: 'Complete Options Basics first.' },
    });
    expect(await attemptQuiz(deps, USER, 'options_basics.quiz', { q1: 'A call', q9: 'x' })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Answers: q9 is not a question of this quiz.' },
    });
    expect(await attemptQuiz(deps, USER, 'options_risk.quiz', {})).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(repo.saves).toBe(0);
  });

  it('resets progress to the defaults; redoing the course publishes nothing again', async () => {
    const { deps, repo } = setup();
    await finishBasics(deps);
    const published = repo.events.length;
    const reset = await resetProgress(deps, USER);
    expect(reset).toMatchObject({ ok: true, value: { completedModules: [], currentModule: 'options_basics', level: 1, experience: 0, quizScores: {} } });
    expect(await getProgress(deps, USER)).toEqual(reset.ok && reset.value);
    expect((await listModules(deps, USER)).map((m) => [m.id, m.completed, m.progress])).toEqual([
      ['options_basics', false, 0],
      ['options_greeks', false, 0],
    ]);
    const redone = await finishBasics(deps);
    expect(redone).toMatchObject({ ok: true, value: { progress: { completedModules: ['options_basics'], experience: 100 } } });
    expect(repo.events).toHaveLength(published);
  });

  it('reads a module without keys, and 404s one the course does not hold', async () => {
    const { deps } = setup();
    const m = getModule(deps, 'options_basics');
    expect(m.ok && JSON.stringify(m.value)).not.toContain('correctAnswer');
    expect(getModule(deps, 'risk_management')).toEqual({ ok: false, error: { code: 'not_found', message: 'There is no module risk_management.' } });
  });

  it("checks an exercise against the learner's paper positions and records it once when passed", async () => {
    const call: Position = {
      symbol: 'SPY261218C00580000',
      kind: 'option',
      underlying: 'SPY',
      optionType: 'call',
      strike: 580,
      expiration: '2026-12-18',
      quantity: 1,
      avgPrice: 4.35,
      openedAt: '2026-11-25T14:30:00.000Z',
      openedDate: '2026-11-25',
      version: 1,
    };
    const { deps } = setup({ account: { userId: USER, run: 1 } as PaperAccount, positions: [call] });
    const positionOnly = {
      ...FIXTURE_COURSE[0]!,
      practicalExercise: { ...FIXTURE_COURSE[0]!.practicalExercise!, requirements: FIXTURE_COURSE[0]!.practicalExercise!.requirements.slice(0, 1) },
    };
    deps.course = { course: () => [positionOnly, FIXTURE_COURSE[1]!] };
    const r = await checkExercise(deps, USER, 'options_basics.first-trade');
    expect(r).toMatchObject({ ok: true, value: { passed: true, progress: { practicalExercisesCompleted: ['options_basics.first-trade'], experience: 0 } } });
    expect(await checkExercise(deps, USER, 'options_basics.nope')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('keeps an order judged at the mid while it rested, after it fills on a later session’s quotes', async () => {
    const C = 'SPY261218C00580000';
    const resting = {
      orderId: '01ORDER',
      type: 'limit',
      limitPrice: 4.35,
      legs: [{ contract: C, side: 'buy', quantity: 1 }],
      status: 'open',
      createdAt: '2026-11-25T14:30:00.000Z',
      filledAt: null,
      fills: [],
      underlyings: ['SPY'],
      run: 1,
    } as unknown as Order;
    const quote = (bid: number, ask: number, asOf: string): Quote => ({ contract: C, bid, ask, last: null, mark: (bid + ask) / 2, asOf, underlyingPrice: 577 });
    const paper = { account: { userId: USER, run: 1 } as PaperAccount, orders: [resting], quotes: new Map([[C, quote(4.3, 4.4, '2026-11-24T21:00:00.000Z')]]) };
    const { deps } = setup(paper);
    const orderOnly = {
      ...FIXTURE_COURSE[0]!,
      practicalExercise: { ...FIXTURE_COURSE[0]!.practicalExercise!, requirements: FIXTURE_COURSE[0]!.practicalExercise!.requirements.slice(1) },
    };
    deps.course = { course: () => [orderOnly, FIXTURE_COURSE[1]!] };
    const first = await checkExercise(deps, USER, 'options_basics.first-trade');
    expect(first.ok && first.value.requirements[0]).toEqual({
      description: orderOnly.practicalExercise.requirements[0]!.description,
      met: true,
      detail: expect.stringContaining('is at or better than the mid'),
    });
    // The next session's quotes arrive and the order fills on them.
    paper.orders = [{ ...resting, status: 'filled', filledAt: '2026-11-26T14:30:00.000Z' }];
    paper.quotes = new Map([[C, quote(4.0, 4.1, '2026-11-25T21:00:00.000Z')]]);
    const later = await checkExercise(deps, USER, 'options_basics.first-trade');
    expect(later.ok && later.value).toMatchObject({
      passed: true,
      requirements: [{ met: true, detail: 'Your limit order at $4.35 was judged at or better than the mid when placed.' }],
    });
    // Another learner's judgment is theirs alone.
    const other = await checkExercise(deps, 'learner-2', 'options_basics.first-trade');
    expect(other.ok && other.value.passed).toBe(false);
  });
});
