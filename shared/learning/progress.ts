import { fail, ok, type Result } from '../result';
import type { z } from 'zod';
import type { LearningModule, ModuleId } from './content/types';
import type { CourseIndex } from './course-index';
import type { Grade } from './grading';
import type { LearningProgress as ProgressSchema, Achievement as AchievementSchema } from './learning.api';
import { LEARNING_TEXTS } from './learning.errors';

/**
 * The learning progress rules (spec part 3 §4 Learning, §9): pure decisions over one learner's progress. A module is
 * complete when all its lessons are done and its quiz is passed; its practical exercise is practice and is not
 * required (the rule; a trade is never the price of learning progress). The first completion of a module adds
 * 100 course XP; course level = floor(course XP / 500) + 1; each course level reached unlocks one learning achievement,
 * once per id. The stored fields keep the spec's names (`experience`, `level`); the API and the screens call them course
 * XP and course level, apart from the gamification XP and level.
 */
export type LearningProgress = z.infer<typeof ProgressSchema>;
export type Achievement = z.infer<typeof AchievementSchema>;

export const MODULE_XP = 100;
export const XP_PER_LEVEL = 500;
export const FIRST_MODULE: ModuleId = 'options_basics';

export const levelOf = (experience: number): number => Math.floor(experience / XP_PER_LEVEL) + 1;

export function defaultProgress(): LearningProgress {
  return {
    completedModules: [],
    completedLessons: [],
    currentModule: FIRST_MODULE,
    totalTimeSpent: 0,
    quizScores: {},
    practicalExercisesCompleted: [],
    journalEntries: 0,
    achievements: [],
    level: 1,
    experience: 0,
  };
}

/** An event the change reports; the use case stamps it with the learner and an event id at commit time. */
export type LearningEvent =
  | { type: 'LessonCompleted'; detail: { moduleId: string; lessonId?: string; at: string } }
  | { type: 'QuizPassed'; detail: { quizId: string; score: number; at: string } };

export interface ProgressChange {
  next: LearningProgress;
  events: LearningEvent[];
  /** False when nothing changed (a repeat): nothing is written. */
  changed: boolean;
}

/**
 * The course's achievement of a course level (ids are stable: `learning-level-<n>`). The course level and course XP
 * are the course's own figures, not the gamification level and XP the header shows.
 */
export function levelAchievement(level: number, at: string): Achievement {
  return {
    id: `learning-level-${level}`,
    title: `Course level ${level}`,
    description: `Reached course level ${level} with ${(level - 1) * XP_PER_LEVEL} course XP from completed modules and journal reflections.`,
    icon: 'graduation-cap',
    unlockedAt: at,
    category: 'learning',
  };
}

/** The first prerequisite of a module the learner has not completed, if any. */
/** What the completion rules read of a module: its lesson ids, its quiz's id and pass mark, its prerequisites (content or public content alike). */
export interface ModuleShape {
  lessons: readonly { id: string }[];
  quiz: { id: string; passingScore: number };
  prerequisites: readonly ModuleId[];
}

export function missingPrerequisite(progress: LearningProgress, module: Pick<ModuleShape, 'prerequisites'>): ModuleId | undefined {
  return module.prerequisites.find((p) => !progress.completedModules.includes(p));
}

export const quizPassed = (progress: LearningProgress, quiz: { id: string; passingScore: number }): boolean =>
  (progress.quizScores[quiz.id] ?? -1) >= quiz.passingScore;

/** Lessons done and quiz passed, as a percentage 0–100 (the completion conditions, so 100 means complete). */
export function moduleProgress(progress: LearningProgress, module: Pick<ModuleShape, 'lessons' | 'quiz'>): number {
  const done = module.lessons.filter((l) => progress.completedLessons.includes(l.id)).length + (quizPassed(progress, module.quiz) ? 1 : 0);
  return Math.round((100 * done) / (module.lessons.length + 1));
}

/**
 * Completes the module when its conditions now hold (and its prerequisites are complete): adds 100 XP the first
 * time, raises the level, unlocks the level's achievement once, moves the current module on, and reports the module.
 */
function settleModule(index: CourseIndex, progress: LearningProgress, module: LearningModule, at: string, events: LearningEvent[]): LearningProgress {
  if (progress.completedModules.includes(module.id)) return progress;
  const lessonsDone = module.lessons.every((l) => progress.completedLessons.includes(l.id));
  if (!lessonsDone || !quizPassed(progress, module.quiz) || missingPrerequisite(progress, module)) return progress;
  const completedModules = [...progress.completedModules, module.id];
  const experience = progress.experience + MODULE_XP;
  const level = levelOf(experience);
  const achievements = [...progress.achievements];
  for (let l = progress.level + 1; l <= level; l++) {
    const a = levelAchievement(l, at);
    if (!achievements.some((x) => x.id === a.id)) achievements.push(a);
  }
  const nextModule = index.course.find((m) => !completedModules.includes(m.id))?.id ?? module.id;
  events.push({ type: 'LessonCompleted', detail: { moduleId: module.id, at } });
  return { ...progress, completedModules, experience, level, achievements, currentModule: nextModule };
}

function withLesson(
  progress: LearningProgress,
  module: LearningModule,
  lessonId: string,
  minutes: number,
  at: string,
  events: LearningEvent[],
): LearningProgress {
  if (progress.completedLessons.includes(lessonId)) return progress;
  events.push({ type: 'LessonCompleted', detail: { moduleId: module.id, lessonId, at } });
  return {
    ...progress,
    completedLessons: [...progress.completedLessons, lessonId],
    totalTimeSpent: progress.totalTimeSpent + minutes,
    currentModule: progress.completedModules.includes(module.id) ? progress.currentModule : module.id,
  };
}

/**
 * Marks a lesson done. A lesson with a check is done when its check is passed (409 until then). Idempotent: a lesson
 * already done changes nothing. Minutes default to the lesson's estimate.
 */
export function completeLesson(index: CourseIndex, progress: LearningProgress, lessonId: string, at: string, minutesSpent?: number): Result<ProgressChange> {
  const found = index.lesson(lessonId);
  if (!found) return fail('not_found', LEARNING_TEXTS.noLesson(lessonId));
  const { module, lesson } = found;
  if (progress.completedLessons.includes(lessonId)) return ok({ next: progress, events: [], changed: false });
  if (lesson.check && !quizPassed(progress, lesson.check)) return fail('conflict', LEARNING_TEXTS.passCheckFirst);
  const events: LearningEvent[] = [];
  const next = settleModule(index, withLesson(progress, module, lessonId, minutesSpent ?? lesson.minutes, at, events), module, at, events);
  return ok({ next, events, changed: true });
}

/**
 * Records a graded attempt: the best score is kept; the first pass reports QuizPassed; passing a lesson's check
 * completes the lesson; passing the module's quiz may complete the module. A module's quiz cannot be taken before its
 * prerequisites are complete (409 naming the missing module), since passing it is what completes the module.
 */
export function recordAttempt(index: CourseIndex, progress: LearningProgress, quizId: string, grade: Grade, at: string): Result<ProgressChange> {
  const found = index.quiz(quizId);
  if (!found) return fail('not_found', LEARNING_TEXTS.noQuiz(quizId));
  const { module, quiz, lesson } = found;
  const blocked = !lesson ? missingPrerequisite(progress, module) : undefined;
  if (blocked) return fail('conflict', LEARNING_TEXTS.completeFirst(index.title(blocked)));
  const events: LearningEvent[] = [];
  const before = progress.quizScores[quiz.id];
  const wasPassed = quizPassed(progress, quiz);
  let next = progress;
  if (before === undefined || grade.score > before) next = { ...next, quizScores: { ...next.quizScores, [quiz.id]: grade.score } };
  if (grade.passed && !wasPassed) events.push({ type: 'QuizPassed', detail: { quizId: quiz.id, score: grade.score, at } });
  if (lesson && grade.passed) next = withLesson(next, module, lesson.id, lesson.minutes, at, events);
  next = settleModule(index, next, module, at, events);
  return ok({ next, events, changed: next !== progress });
}

/** The once-ever key of an event ('lesson:<id>', 'module:<id>', 'quiz:<id>'). */
export const publishedKey = (e: LearningEvent): string =>
  e.type === 'QuizPassed' ? `quiz:${e.detail.quizId}` : e.detail.lessonId ? `lesson:${e.detail.lessonId}` : `module:${e.detail.moduleId}`;

/** Records a passed exercise check, once; an exercise earns no XP (spec §9 gives XP to modules and the journal only). */
export function recordExercise(progress: LearningProgress, exerciseId: string, passed: boolean): ProgressChange {
  if (!passed || progress.practicalExercisesCompleted.includes(exerciseId)) return { next: progress, events: [], changed: false };
  return { next: { ...progress, practicalExercisesCompleted: [...progress.practicalExercisesCompleted, exerciseId] }, events: [], changed: true };
}
