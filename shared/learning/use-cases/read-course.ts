import { fail, ok, type Result } from '../../result';
import { LEARNING_TEXTS } from '../learning.errors';
import type { LearningProgress } from '../progress';
import { moduleContentJson, moduleSummariesFor, publicCourse, type ModuleSummaryView, type PublicModule } from '../public-content';
import { readProgress } from './change-progress';
import type { LearningDeps } from './deps';

/** Reads change nothing: the public course (cached), with the learner's progress laid over the summaries. */
export async function listModules(deps: Pick<LearningDeps, 'repo' | 'course' | 'journal'>, userId: string): Promise<ModuleSummaryView[]> {
  return moduleSummariesFor(deps.course.course(), (await readProgress(deps, userId)).progress);
}

/** A module's content (the same for every learner; no table read), or not_found. */
export function getModule(deps: Pick<LearningDeps, 'course'>, moduleId: string): Result<PublicModule> {
  const module = publicCourse(deps.course.course()).get(moduleId);
  return module ? ok(module) : fail('not_found', LEARNING_TEXTS.noModule(moduleId));
}

/** The same module as JSON text (`{ module }`), for the route: serialised once per course, not per read. */
export function getModuleJson(deps: Pick<LearningDeps, 'course'>, moduleId: string): Result<string> {
  const json = moduleContentJson(deps.course.course(), moduleId);
  return json ? ok(json) : fail('not_found', LEARNING_TEXTS.noModule(moduleId));
}

export async function getProgress(deps: Pick<LearningDeps, 'repo' | 'journal'>, userId: string): Promise<LearningProgress> {
  return (await readProgress(deps, userId)).progress;
}
