import type { z } from 'zod';
import type { ContentBlock, LearningModule, Lesson, PracticalExercise, Quiz, Widget } from './content/types';
import type { ModuleContent, ModuleSummary, PublicBlock, PublicExercise, PublicQuiz, PublicWidget, SnapshotChain } from './learning.api';
import { moduleProgress, missingPrerequisite, type LearningProgress } from './progress';
import { SNAPSHOTS } from './content/lib/snapshot';

/**
 * The course as the browser gets it (issue 17): built field by field from the content (a list of what may leave, not
 * of what to remove), so a key added to the content later stays on the server unless named here. Answer keys
 * (`correctAnswer`, `explanation`, a chain task's `answer`, an exercise's `solution`) never leave before an attempt.
 * A chain task names its snapshot and expiry; their chain is served apart (snapshotChain). Built once per course and kept (a warm handler's cache);
 * a module's content is the same for every learner, who lays their progress over it (learner-view.ts).
 */
export type PublicModule = z.infer<typeof ModuleContent>;
export type ModuleSummaryView = z.infer<typeof ModuleSummary>;

export function publicQuiz(quiz: Quiz): z.infer<typeof PublicQuiz> {
  return {
    id: quiz.id,
    passingScore: quiz.passingScore,
    questions: quiz.questions.map((q) => ({
      id: q.id,
      question: q.question,
      type: q.type,
      ...(q.options ? { options: [...q.options] } : {}),
      ...(q.tolerance !== undefined ? { tolerance: q.tolerance } : {}),
      ...(q.unit !== undefined ? { unit: q.unit } : {}),
    })),
  };
}

export function publicWidget(widget: Widget): z.infer<typeof PublicWidget> {
  switch (widget.kind) {
    case 'payoff':
      return { kind: 'payoff', underlying: widget.underlying, spot: widget.spot, asOf: widget.asOf, legs: widget.legs.map((l) => ({ ...l })), iv: widget.iv };
    case 'greeks':
      return { kind: 'greeks', optionType: widget.optionType, inputs: { ...widget.inputs }, style: widget.style };
    case 'expiry-stepper':
      return { kind: 'expiry-stepper', underlying: widget.underlying, legs: widget.legs.map((l) => ({ ...l })), prices: [...widget.prices] };
    case 'strategy-card':
      return { kind: 'strategy-card', templateId: widget.templateId, underlying: widget.underlying };
    case 'chain-task':
      if (!snapshotChain(widget.snapshot, widget.expiration))
        throw new Error(`chain task names a missing snapshot or expiry: ${widget.snapshot} ${widget.expiration}`);
      return { kind: 'chain-task', snapshot: widget.snapshot, expiration: widget.expiration, prompt: widget.prompt };
    case 'history-chart':
      return {
        kind: 'history-chart',
        underlying: widget.underlying,
        asOf: widget.asOf,
        source: widget.source,
        unit: widget.unit,
        dates: [...widget.dates],
        series: widget.series.map((x) => ({ label: x.label, values: [...x.values] })),
      };
  }
}

export function publicBlock(block: ContentBlock): z.infer<typeof PublicBlock> {
  switch (block.type) {
    case 'text':
      return { type: 'text', title: block.title, content: block.content };
    case 'example':
      return {
        type: 'example',
        title: block.title,
        content: block.content,
        source: block.source,
        ...(block.figures ? { figures: block.figures.map((f) => ({ label: f.label, value: f.value, formula: f.formula, inputs: [...f.inputs] })) } : {}),
      };
    case 'interactive':
      return { type: 'interactive', title: block.title, content: block.content, widget: publicWidget(block.widget) };
  }
}

export function publicExercise(e: PracticalExercise): z.infer<typeof PublicExercise> {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    scenario: e.scenario,
    requirements: e.requirements.map((r) => ({ type: r.type, description: r.description })),
    hints: [...e.hints],
  };
}

function publicLesson(lesson: Lesson): PublicModule['lessons'][number] {
  return {
    id: lesson.id,
    title: lesson.title,
    minutes: lesson.minutes,
    blocks: lesson.blocks.map(publicBlock),
    ...(lesson.check ? { check: publicQuiz(lesson.check) } : {}),
  };
}

export function publicModule(m: LearningModule): PublicModule {
  return {
    id: m.id,
    title: m.title,
    description: m.description,
    difficulty: m.difficulty,
    estimatedTime: m.estimatedTime,
    prerequisites: [...m.prerequisites],
    objectives: [...m.objectives],
    lessons: m.lessons.map(publicLesson),
    quiz: publicQuiz(m.quiz),
    ...(m.practicalExercise ? { practicalExercise: publicExercise(m.practicalExercise) } : {}),
  };
}

const cache = new WeakMap<readonly LearningModule[], Map<string, PublicModule>>();

/** The public course, built on first use and kept for the course's lifetime (a warm handler's module-level cache). */
export function publicCourse(course: readonly LearningModule[]): Map<string, PublicModule> {
  let built = cache.get(course);
  if (!built) {
    built = new Map(course.map((m) => [m.id as string, publicModule(m)]));
    cache.set(course, built);
  }
  return built;
}

/** The course's modules in path order, summarised, with the learner's completion. */
export function moduleSummariesFor(course: readonly LearningModule[], progress: LearningProgress): ModuleSummaryView[] {
  return course.map((m) => ({
    id: m.id,
    title: m.title,
    description: m.description,
    difficulty: m.difficulty,
    estimatedTime: m.estimatedTime,
    prerequisites: [...m.prerequisites],
    objectives: [...m.objectives],
    lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, minutes: l.minutes, completed: progress.completedLessons.includes(l.id) })),
    completed: progress.completedModules.includes(m.id),
    progress: moduleProgress(progress, m),
    unlocked: !missingPrerequisite(progress, m),
  }));
}

const jsonCache = new WeakMap<readonly LearningModule[], Map<string, string>>();

/**
 * The answer of GET /api/learning/modules/{id} as JSON text, `{ module }`: the same for every learner, so it is
 * serialised once per course (a warm handler's cache) and a read neither serialises it nor reads the table.
 */
export function moduleContentJson(course: readonly LearningModule[], moduleId: string): string | undefined {
  let built = jsonCache.get(course);
  if (!built) {
    built = new Map([...publicCourse(course)].map(([id, pub]) => [id, JSON.stringify({ module: pub })]));
    jsonCache.set(course, built);
  }
  return built.get(moduleId);
}

/** A frozen snapshot's chain of one expiry as the browser gets it (GET /api/learning/snapshots/{snapshot}/{expiration}), or null. */
export function snapshotChain(snapshotId: string, expiration: string): z.infer<typeof SnapshotChain> | null {
  const snapshot = Object.hasOwn(SNAPSHOTS, snapshotId) ? SNAPSHOTS[snapshotId] : undefined;
  const expiry = snapshot?.expiries.find((e) => e.expiration === expiration);
  if (!snapshot || !expiry) return null;
  return {
    underlying: snapshot.underlying,
    underlyingPrice: snapshot.underlyingPrice,
    asOf: snapshot.asOf,
    source: snapshot.source,
    contracts: expiry.contracts as unknown as Record<string, unknown>[],
  };
}

/** The course's outline for the landing page: each module's lesson count and the total (GET /api/learning/outline). */
export function courseOutline(course: readonly LearningModule[]) {
  const modules = course.map((m) => ({ id: m.id, title: m.title, lessons: m.lessons.length }));
  return { modules, lessons: modules.reduce((s, m) => s + m.lessons, 0) };
}
