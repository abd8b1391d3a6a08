import { ok, type Result } from '../../result';
import { courseIndex } from '../course-index';
import { completeLesson as decide, type LearningProgress } from '../progress';
import { changeProgress } from './change-progress';
import type { LearningDeps } from './deps';

/** POST /api/learning/lessons/{lessonId}/complete: idempotent; a lesson with a check waits for its check. */
export async function completeLesson(deps: LearningDeps, userId: string, lessonId: string, minutesSpent?: number): Promise<Result<LearningProgress>> {
  const index = courseIndex(deps.course.course());
  const at = deps.clock.now().toISOString();
  const result = await changeProgress(deps, userId, (progress) => decide(index, progress, lessonId, at, minutesSpent));
  return result.ok ? ok(result.value.next) : result;
}
