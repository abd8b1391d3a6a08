import { describe, expect, it } from 'vitest';
import { courseIndex } from '@shared/learning/course-index';
import { gradeQuiz } from '@shared/learning/grading';
import { completeLesson, defaultProgress, levelOf, moduleProgress, recordAttempt, recordExercise, type LearningProgress } from '@shared/learning/progress';
import type { Result } from '@shared/result';
import { BASICS, BASICS_RIGHT, FIXTURE_COURSE, GREEKS } from './fixture-course';

const index = courseIndex(FIXTURE_COURSE);
const AT = '2026-11-25T15:00:00.000Z';
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const passCheck = (p: LearningProgress) =>
  value(recordAttempt(index, p, 'options_basics.calls-and-puts.check', gradeQuiz(BASICS.lessons[1]!.check!, { c1: 'True' }), AT)).next;
const passQuiz = (p: LearningProgress) => value(recordAttempt(index, p, 'options_basics.quiz', gradeQuiz(BASICS.quiz, BASICS_RIGHT), AT));
const basicsDone = () => passQuiz(passCheck(value(completeLesson(index, defaultProgress(), 'options_basics.why-options', AT)).next)).next;

describe('learning progress rules', () => {
  it('starts at the defaults: options_basics, level 1, 0 XP', () => {
    expect(defaultProgress()).toMatchObject({ currentModule: 'options_basics', level: 1, experience: 0, completedModules: [], achievements: [] });
  });

  it('level = floor(XP / 500) + 1', () => {
    expect([0, 499, 500, 999, 1000, 2600].map(levelOf)).toEqual([1, 1, 2, 2, 3, 6]);
  });

  it('completes a lesson once, adding its minutes and reporting it', () => {
    const first = value(completeLesson(index, defaultProgress(), 'options_basics.why-options', AT, 9));
    expect(first.changed).toBe(true);
    expect(first.next).toMatchObject({ completedLessons: ['options_basics.why-options'], totalTimeSpent: 9 });
    expect(first.events).toEqual([{ type: 'LessonCompleted', detail: { moduleId: 'options_basics', lessonId: 'options_basics.why-options', at: AT } }]);
    const again = value(completeLesson(index, first.next, 'options_basics.why-options', AT, 9));
    expect(again).toEqual({ next: first.next, events: [], changed: false });
    expect(value(completeLesson(index, defaultProgress(), 'options_greeks.delta', AT)).next.totalTimeSpent).toBe(7);
  });

  it('refuses to complete a lesson with a check until the check is passed, then the passed check completes it', () => {
    const refused = completeLesson(index, defaultProgress(), 'options_basics.calls-and-puts', AT);
    expect(refused).toEqual({ ok: false, error: { code: 'conflict', message: "Pass the lesson's check to complete it." } });
    const failed = value(
      recordAttempt(index, defaultProgress(), 'options_basics.calls-and-puts.check', gradeQuiz(BASICS.lessons[1]!.check!, { c1: 'False' }), AT),
    );
    expect(failed.next.completedLessons).toEqual([]);
    expect(failed.events).toEqual([]);
    const passed = passCheck(defaultProgress());
    expect(passed.completedLessons).toEqual(['options_basics.calls-and-puts']);
    expect(value(completeLesson(index, passed, 'options_basics.calls-and-puts', AT)).changed).toBe(false);
  });

  it('404s unknown lessons and quizzes', () => {
    expect(completeLesson(index, defaultProgress(), 'options_basics.nope', AT)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(recordAttempt(index, defaultProgress(), 'nope.quiz', gradeQuiz(BASICS.quiz, {}), AT)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('completes a module when its lessons are done and its quiz passed: 100 XP once, the next module current', () => {
    const p = basicsDone();
    expect(p).toMatchObject({ completedModules: ['options_basics'], experience: 100, level: 1, currentModule: 'options_greeks' });
    expect(moduleProgress(p, BASICS)).toBe(100);
    // A retake passes again: the best score stays, no XP, no event.
    const retake = passQuiz(p);
    expect(retake.next.experience).toBe(100);
    expect(retake.events).toEqual([]);
    expect(retake.changed).toBe(false);
  });

  it('does not complete a module whose lessons are not all done, whatever the quiz', () => {
    const quizOnly = passQuiz(defaultProgress());
    expect(quizOnly.next.completedModules).toEqual([]);
    expect(quizOnly.next.experience).toBe(0);
    expect(quizOnly.events).toEqual([{ type: 'QuizPassed', detail: { quizId: 'options_basics.quiz', score: 100, at: AT } }]);
    expect(moduleProgress(quizOnly.next, BASICS)).toBe(33);
    // The last lesson then completes the module, reported per lesson and per module.
    const lesson = value(completeLesson(index, passCheck(quizOnly.next), 'options_basics.why-options', AT));
    expect(lesson.next.completedModules).toEqual(['options_basics']);
    expect(lesson.events.map((e) => e.detail)).toEqual([
      { moduleId: 'options_basics', lessonId: 'options_basics.why-options', at: AT },
      { moduleId: 'options_basics', at: AT },
    ]);
  });

  it('keeps the best quiz score and reports QuizPassed only on the first pass', () => {
    const low = value(recordAttempt(index, defaultProgress(), 'options_basics.quiz', gradeQuiz(BASICS.quiz, { q1: 'A call' }), AT));
    expect(low.next.quizScores['options_basics.quiz']).toBe(20);
    const pass = value(recordAttempt(index, low.next, 'options_basics.quiz', gradeQuiz(BASICS.quiz, { ...BASICS_RIGHT, q5: '0' }), AT));
    expect(pass.next.quizScores['options_basics.quiz']).toBe(80);
    expect(pass.events.map((e) => e.type)).toEqual(['QuizPassed']);
    const worse = value(recordAttempt(index, pass.next, 'options_basics.quiz', gradeQuiz(BASICS.quiz, {}), AT));
    expect(worse.next.quizScores['options_basics.quiz']).toBe(80);
    const better = value(recordAttempt(index, worse.next, 'options_basics.quiz', gradeQuiz(BASICS.quiz, BASICS_RIGHT), AT));
    expect(better.next.quizScores['options_basics.quiz']).toBe(100);
    expect(better.events).toEqual([]);
  });

  it("refuses a module's quiz while a prerequisite is incomplete, naming it", () => {
    const r = recordAttempt(index, defaultProgress(), 'options_greeks.quiz', gradeQuiz(GREEKS.quiz, { g1: '0.5' }), AT);
    expect(r).toEqual({ ok: false, error: { code: 'conflict', message: 'Complete Options Basics first.' } });
    const after = value(recordAttempt(index, basicsDone(), 'options_greeks.quiz', gradeQuiz(GREEKS.quiz, { g1: '0.5' }), AT));
    expect(after.next.quizScores['options_greeks.quiz']).toBe(100);
  });

  it('unlocks the level achievement once when a module takes the learner to a new level', () => {
    const start: LearningProgress = { ...defaultProgress(), experience: 400 };
    const p = passQuiz(passCheck(value(completeLesson(index, start, 'options_basics.why-options', AT)).next)).next;
    expect(p).toMatchObject({ experience: 500, level: 2 });
    expect(p.achievements).toEqual([
      {
        id: 'learning-level-2',
        title: 'Course level 2',
        description: 'Reached course level 2 with 500 course XP from completed modules and journal reflections.',
        icon: 'graduation-cap',
        unlockedAt: AT,
        category: 'learning',
      },
    ]);
    // An achievement already held is not added again.
    const held: LearningProgress = { ...start, achievements: p.achievements };
    const again = passQuiz(passCheck(value(completeLesson(index, held, 'options_basics.why-options', AT)).next)).next;
    expect(again.achievements).toHaveLength(1);
  });

  it('records a passed exercise once and gives it no XP', () => {
    const done = recordExercise(defaultProgress(), 'options_basics.first-trade', true);
    expect(done.next).toMatchObject({ practicalExercisesCompleted: ['options_basics.first-trade'], experience: 0 });
    expect(recordExercise(done.next, 'options_basics.first-trade', true).changed).toBe(false);
    expect(recordExercise(defaultProgress(), 'options_basics.first-trade', false).changed).toBe(false);
  });
});
