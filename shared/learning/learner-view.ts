import type { z } from 'zod';
import type { ModuleContent, ModuleDetail } from './learning.api';
import { missingPrerequisite, moduleProgress, type LearningProgress } from './progress';

/**
 * A learner's view of a module: the module's content (the same for everyone, GET /api/learning/modules/{id}) with
 * their progress (GET /api/learning/progress) laid over it by the completion rules the server applies. The browser
 * joins the two, so the content is served from a cache and only the small progress item is read per learner.
 */
export function learnerModule(content: z.infer<typeof ModuleContent>, progress: LearningProgress): z.infer<typeof ModuleDetail> {
  return {
    ...content,
    lessons: content.lessons.map((l) => ({ ...l, completed: progress.completedLessons.includes(l.id) })),
    completed: progress.completedModules.includes(content.id),
    progress: moduleProgress(progress, content),
    unlocked: !missingPrerequisite(progress, content),
  };
}
