import { fail, ok, type Result } from '../../result';
import { LEARNING_TEXTS } from '../learning.errors';
import type { LearningProgress } from '../progress';
import { moduleDetailFor, moduleDetailJson, moduleSummariesFor, type ModuleDetailView, type ModuleSummaryView } from '../public-content';
import { readProgress } from './change-progress';
import type { LearningDeps } from './deps';

/** Reads change nothing: the public course (cached) with the learner's progress laid over it. */
export async function listModules(deps: Pick<LearningDeps, 'repo' | 'course'>, userId: string): Promise<ModuleSummaryView[]> {
  return moduleSummariesFor(deps.course.course(), (await readProgress(deps, userId)).progress);
}

export async function getModule(deps: Pick<LearningDeps, 'repo' | 'course'>, userId: string, moduleId: string): Promise<Result<ModuleDetailView>> {
  const course = deps.course.course();
  if (!course.some((m) => m.id === moduleId)) return fail('not_found', LEARNING_TEXTS.noModule(moduleId));
  return ok(moduleDetailFor(course, moduleId, (await readProgress(deps, userId)).progress)!);
}

/** The same module as JSON text (`{ module }`), for the route: the content is serialised once, not per read. */
export async function getModuleJson(deps: Pick<LearningDeps, 'repo' | 'course'>, userId: string, moduleId: string): Promise<Result<string>> {
  const course = deps.course.course();
  if (!course.some((m) => m.id === moduleId)) return fail('not_found', LEARNING_TEXTS.noModule(moduleId));
  return ok(moduleDetailJson(course, moduleId, (await readProgress(deps, userId)).progress)!);
}

export async function getProgress(deps: Pick<LearningDeps, 'repo'>, userId: string): Promise<LearningProgress> {
  return (await readProgress(deps, userId)).progress;
}
