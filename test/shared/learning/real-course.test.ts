import { describe, expect, it } from 'vitest';
import { COURSE } from '@shared/learning/content/course';
import { checkExercise } from '@shared/learning/exercises';
import { AttemptBody, ModuleContent } from '@shared/learning/learning.api';
import { moduleContentJson, publicCourse } from '@shared/learning/public-content';

/** The server's side of the real course (the content's own checks are in content tests). */
describe('the course the server holds', () => {
  it('reaches the browser with no answer key anywhere and in the shape of the contract', () => {
    const keys = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          keys.add(k);
          walk(x);
        }
    };
    for (const m of publicCourse(COURSE).values()) walk(m);
    for (const k of ['correctAnswer', 'explanation', 'answer', 'solution']) expect(keys.has(k), k).toBe(false);
    for (const m of COURSE) {
      const content = ModuleContent.parse(publicCourse(COURSE).get(m.id));
      expect(JSON.parse(moduleContentJson(COURSE, m.id)!)).toEqual(JSON.parse(JSON.stringify({ module: content }))); // as JSON carries it (-0 is 0)
    }
  });

  it('names every question so that an attempt can answer it (the attempt body accepts its id as a key)', () => {
    for (const m of COURSE)
      for (const quiz of [m.quiz, ...m.lessons.flatMap((l) => (l.check ? [l.check] : []))]) {
        const answers = Object.fromEntries(quiz.questions.map((q) => [q.id, 'x']));
        expect(AttemptBody.safeParse({ answers }).success, quiz.id).toBe(true);
      }
    // A `__proto__` key is dropped by the parser, never assigned (no prototype of anything changes).
    const parsed = AttemptBody.parse(JSON.parse('{"answers":{"__proto__":{"polluted":true},"cost":"1"}}'));
    expect(parsed.answers).toEqual({ cost: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('has exercises whose every requirement the server can judge', () => {
    for (const m of COURSE) {
      if (!m.practicalExercise) continue;
      const check = checkExercise(m.practicalExercise, { hasAccount: true, positions: [], orders: [], quotes: new Map(), now: new Date() });
      expect(check.requirements, m.practicalExercise.id).toHaveLength(m.practicalExercise.requirements.length);
      expect(check.passed).toBe(false);
    }
  });
});
