import { describe, expect, it } from 'vitest';
import { levelOf } from '@shared/learning/progress';
import { lessonPath, missingPrerequisites, nextStep } from '@web/features/learning/lib/course';
import { basicsSummary, greeksSummary, progress } from './fixtures';

describe('the learning path’s arithmetic', () => {
  it('counts course levels by 500 course XP: course level = floor(XP / 500) + 1', () => {
    expect([0, 499, 500, 999, 1000].map(levelOf)).toEqual([1, 1, 2, 2, 3]);
  });

  it('puts a lesson at /app/learning/<module>/<slug>', () => {
    expect(lessonPath('options_greeks.rho-dividends-early-exercise')).toBe('/app/learning/options_greeks/rho-dividends-early-exercise');
  });

  it('takes the next lesson of the first unlocked unfinished module, then its quiz until it is passed', () => {
    expect(nextStep([basicsSummary(1), greeksSummary()], progress())).toMatchObject({ kind: 'lesson', lessonId: 'options_basics.calls-and-puts' });
    expect(nextStep([basicsSummary(3), greeksSummary()], progress({ quizScores: { 'options_basics.quiz': 60 } }))).toMatchObject({
      kind: 'quiz',
      path: '/app/learning/options_basics/quiz',
    });
    const finished = basicsSummary(3, { completed: true, progress: 100 });
    expect(nextStep([finished, greeksSummary({ unlocked: true })], progress({ quizScores: { 'options_basics.quiz': 100 } }))).toMatchObject({
      lessonId: 'options_greeks.delta',
    });
    expect(nextStep([finished], progress({ quizScores: { 'options_basics.quiz': 100 } }))).toBeNull();
  });

  it('names the unfinished prerequisites of a locked module', () => {
    expect(missingPrerequisites(greeksSummary(), [basicsSummary(1), greeksSummary()])).toEqual(['Options Basics']);
    expect(missingPrerequisites(greeksSummary({ prerequisites: ['options_basics', 'risk_management'] }), [basicsSummary(1)])).toEqual([
      'Options Basics',
      'Risk management',
    ]);
  });
});
