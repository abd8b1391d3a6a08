import type { LearningProgress, ModuleDetail, ModuleSummary } from '@web/api/learning';

/** A lesson's id is `<moduleId>.<slug>`; its page is /app/learning/<moduleId>/<slug>. */
export function lessonPath(lessonId: string): string {
  const dot = lessonId.indexOf('.');
  const moduleId = dot < 0 ? lessonId : lessonId.slice(0, dot);
  const slug = dot < 0 ? '' : lessonId.slice(dot + 1);
  return `/app/learning/${encodeURIComponent(moduleId)}/${encodeURIComponent(slug)}`;
}

export const quizPath = (moduleId: string) => `/app/learning/${encodeURIComponent(moduleId)}/quiz`;
export const exercisePath = (moduleId: string) => `/app/learning/${encodeURIComponent(moduleId)}/exercise`;

/** The lesson a URL names: its slug, or the whole id. */
export function findLesson(module: ModuleDetail, slug: string) {
  const index = module.lessons.findIndex((l) => l.id === `${module.id}.${slug}` || l.id === slug);
  return index < 0 ? null : { lesson: module.lessons[index]!, index };
}

/** What "Continue" points at in one module: its first lesson not done, then its quiz until passed, then its exercise. */
export type NextStep =
  | { kind: 'lesson'; moduleId: string; lessonId: string; title: string; path: string }
  | { kind: 'quiz'; moduleId: string; title: string; path: string }
  | { kind: 'exercise'; moduleId: string; title: string; path: string };

export function nextStepIn(module: ModuleSummary, progress: LearningProgress | undefined): NextStep | null {
  const lesson = module.lessons.find((l) => !l.completed);
  if (lesson) return { kind: 'lesson', moduleId: module.id, lessonId: lesson.id, title: lesson.title, path: lessonPath(lesson.id) };
  const quizId = `${module.id}.quiz`;
  const best = progress?.quizScores[quizId];
  if (!module.completed && (best === undefined || best < 80))
    return { kind: 'quiz', moduleId: module.id, title: `${module.title}: quiz`, path: quizPath(module.id) };
  return null;
}

/** The next thing to take on the path: the first unlocked, unfinished module's next step. */
export function nextStep(modules: readonly ModuleSummary[], progress: LearningProgress | undefined): NextStep | null {
  for (const m of modules) {
    if (!m.unlocked) continue;
    const step = nextStepIn(m, progress);
    if (step) return step;
  }
  return null;
}

/** The prerequisites a locked module is waiting for, by title, in path order. */
export function missingPrerequisites(module: ModuleSummary, modules: readonly ModuleSummary[]): string[] {
  return module.prerequisites
    .map((id) => modules.find((m) => m.id === id))
    .filter((m): m is ModuleSummary => !!m && !m.completed)
    .map((m) => m.title)
    .concat(module.prerequisites.filter((id) => !modules.some((m) => m.id === id)).map(humanize));
}

const humanize = (id: string) => id.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const formatMinutes = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
};
