import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleContent, ModuleDetail, ModuleSummary } from '@shared/learning/learning.api';
import { learnerModule } from '@shared/learning/learner-view';
import { defaultProgress } from '@shared/learning/progress';
import { SNAPSHOTS } from '@shared/learning/content/lib/snapshot';
import { courseOutline, moduleContentJson, moduleSummariesFor, publicCourse, snapshotChain } from '@shared/learning/public-content';
import { BASICS, FIXTURE_COURSE } from './fixture-course';

const KEYS = ['correctAnswer', 'explanation', 'answer', 'solution'];

/** Every object key anywhere in a value. */
function keysIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysIn(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysIn(v, out);
    }
  return out;
}

/** Every string anywhere in a value. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

describe('the public course', () => {
  it('carries no answer key anywhere, walking the whole course', () => {
    for (const module of publicCourse(FIXTURE_COURSE).values()) {
      const keys = keysIn(module);
      for (const k of KEYS) expect(keys.has(k), `${module.id} has ${k}`).toBe(false);
      // Nor does a key's text leak under another name.
      const strings = stringsIn(module);
      expect(strings).not.toContain('Because of q1.');
      expect(strings).not.toContain(BASICS.practicalExercise!.solution);
    }
  });

  it('holds no key for any question, whatever the content (property)', () => {
    const question = fc.record({
      id: fc.string({ minLength: 1 }),
      question: fc.string(),
      type: fc.constantFrom('multiple-choice' as const, 'true-false' as const, 'numerical' as const),
      options: fc.option(fc.array(fc.string()), { nil: undefined }),
      correctAnswer: fc.oneof(fc.string(), fc.double({ noNaN: true })),
      tolerance: fc.option(fc.double({ min: 0, max: 10, noNaN: true }), { nil: undefined }),
      explanation: fc.string({ minLength: 1 }),
    });
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 8 }), (questions) => {
        const course = [{ ...BASICS, quiz: { ...BASICS.quiz, questions } }];
        const pub = publicCourse(course).get('options_basics')!;
        expect(keysIn(pub).has('correctAnswer')).toBe(false);
        expect(keysIn(pub).has('explanation')).toBe(false);
        expect(pub.quiz.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
      }),
    );
  });

  it("names a chain task's snapshot and expiry, whose chain is served apart with the data's date and source", () => {
    const widget = publicCourse(FIXTURE_COURSE).get('options_basics')!.lessons[0]!.blocks[1]!;
    expect(widget.type).toBe('interactive');
    if (widget.type !== 'interactive' || widget.widget.kind !== 'chain-task') throw new Error('not a chain task');
    expect(widget.widget).toEqual({ kind: 'chain-task', snapshot: 'spy-2026-11-20', expiration: '2026-11-27', prompt: 'Click the $580 call' });
    const snapshot = SNAPSHOTS['spy-2026-11-20']!;
    const chain = snapshotChain('spy-2026-11-20', '2026-11-27')!;
    expect(chain).toMatchObject({ underlying: 'SPY', underlyingPrice: snapshot.underlyingPrice, asOf: snapshot.asOf, source: snapshot.source });
    expect(chain.contracts).toHaveLength(snapshot.expiries.find((e) => e.expiration === '2026-11-27')!.contracts.length);
    expect(snapshotChain('spy-2026-11-20', '2026-11-28')).toBeNull();
    expect(snapshotChain('toString', '2026-11-27')).toBeNull();
  });

  it("outlines the course for the landing page: each module's lessons and the total", () => {
    expect(courseOutline(FIXTURE_COURSE)).toEqual({
      modules: FIXTURE_COURSE.map((m) => ({ id: m.id, title: m.title, lessons: m.lessons.length })),
      lessons: FIXTURE_COURSE.reduce((s, m) => s + m.lessons.length, 0),
    });
  });

  it('answers in the shapes of the contract: content the same for every learner, their completion laid over it', () => {
    const progress = { ...defaultProgress(), completedLessons: ['options_basics.why-options'] };
    const content = ModuleContent.parse(publicCourse(FIXTURE_COURSE).get('options_basics'));
    expect(JSON.stringify(content)).not.toContain('completed');
    const detail = learnerModule(content, progress);
    expect(ModuleDetail.parse(detail)).toBeTruthy();
    expect(detail.lessons.map((l) => l.completed)).toEqual([true, false]);
    expect(detail).toMatchObject({ completed: false, progress: 33, unlocked: true });
    const summaries = moduleSummariesFor(FIXTURE_COURSE, progress);
    for (const s of summaries) ModuleSummary.parse(s);
    expect(summaries.map((s) => [s.id, s.unlocked])).toEqual([
      ['options_basics', true],
      ['options_greeks', false],
    ]);
    // The browser's view of each module agrees with the server's summary of it, for every state of progress.
    for (const p of [defaultProgress(), progress, { ...progress, completedModules: ['options_basics' as const] }])
      for (const s of moduleSummariesFor(FIXTURE_COURSE, p)) {
        const view = learnerModule(publicCourse(FIXTURE_COURSE).get(s.id)!, p);
        expect({ completed: view.completed, progress: view.progress, unlocked: view.unlocked, lessons: view.lessons.map((l) => l.completed) }).toEqual({
          completed: s.completed,
          progress: s.progress,
          unlocked: s.unlocked,
          lessons: s.lessons.map((l) => l.completed),
        });
      }
    // The route's JSON text, serialised once, is the same answer; a module the course does not hold has none.
    for (const id of ['options_basics', 'options_greeks'])
      expect(JSON.parse(moduleContentJson(FIXTURE_COURSE, id)!)).toEqual({ module: publicCourse(FIXTURE_COURSE).get(id) });
    expect(moduleContentJson(FIXTURE_COURSE, 'risk_management')).toBeUndefined();
    // Built once per course: the same objects serve every learner.
    expect(publicCourse(FIXTURE_COURSE)).toBe(publicCourse(FIXTURE_COURSE));
  });
});
