import type { Lesson, LearningModule, ModuleId, PracticalExercise, Quiz } from './content/types';

/** Where an id lives in the course: built once per course (a warm handler keeps it). */
export interface CourseIndex {
  course: readonly LearningModule[];
  module(id: string): LearningModule | undefined;
  lesson(id: string): { module: LearningModule; lesson: Lesson } | undefined;
  /** A module's quiz, or a lesson's check (with its lesson). */
  quiz(id: string): { module: LearningModule; quiz: Quiz; lesson?: Lesson } | undefined;
  exercise(id: string): { module: LearningModule; exercise: PracticalExercise } | undefined;
  title(id: ModuleId): string;
}

const indexes = new WeakMap<readonly LearningModule[], CourseIndex>();

export function courseIndex(course: readonly LearningModule[]): CourseIndex {
  const cached = indexes.get(course);
  if (cached) return cached;
  const modules = new Map(course.map((m) => [m.id as string, m]));
  const lessons = new Map<string, { module: LearningModule; lesson: Lesson }>();
  const quizzes = new Map<string, { module: LearningModule; quiz: Quiz; lesson?: Lesson }>();
  const exercises = new Map<string, { module: LearningModule; exercise: PracticalExercise }>();
  for (const module of course) {
    quizzes.set(module.quiz.id, { module, quiz: module.quiz });
    if (module.practicalExercise) exercises.set(module.practicalExercise.id, { module, exercise: module.practicalExercise });
    for (const lesson of module.lessons) {
      lessons.set(lesson.id, { module, lesson });
      if (lesson.check) quizzes.set(lesson.check.id, { module, quiz: lesson.check, lesson });
    }
  }
  const index: CourseIndex = {
    course,
    module: (id) => modules.get(id),
    lesson: (id) => lessons.get(id),
    quiz: (id) => quizzes.get(id),
    exercise: (id) => exercises.get(id),
    title: (id) => modules.get(id)?.title ?? MODULE_TITLES[id],
  };
  indexes.set(course, index);
  return index;
}

/** The spec's module names, for a prerequisite whose content has not been written yet. */
const MODULE_TITLES: Record<ModuleId, string> = {
  options_basics: 'Options Basics',
  options_greeks: 'Options Greeks',
  basic_strategies: 'Basic Strategies',
  market_analysis: 'Market Analysis',
  advanced_strategies: 'Advanced Strategies',
  risk_adjustment: 'Risk Adjustment',
  risk_management: 'Risk Management',
};
