import { learningApi } from '@shared/learning/learning.api';
import { answerChainTask } from '@shared/learning/use-cases/answer-chain-task';
import { attemptQuiz } from '@shared/learning/use-cases/attempt-quiz';
import { checkExercise } from '@shared/learning/use-cases/check-exercise';
import { completeLesson } from '@shared/learning/use-cases/complete-lesson';
import type { LearningDeps } from '@shared/learning/use-cases/deps';
import { courseOutline, snapshotChain } from '@shared/learning/public-content';
import { getModuleJson, getProgress, listModules } from '@shared/learning/use-cases/read-course';
import { resetProgress } from '@shared/learning/use-cases/reset-progress';
import { failure, httpApi, ok, okRaw, respond, route } from '../commons/http';
import { snapshotCache } from '../commons/snapshot-cache';
import { learningDeps } from '../wiring/learning';

/** The learning area's routes (shared/learning/learning.api.ts): each parses its input and calls one use case. */
export function makeLearningHandler(deps: LearningDeps) {
  const api = learningApi;
  /** Each module's text and ETag, tagged once per text (the course changes only with a deployment). */
  const modules = snapshotCache<string>({ serialise: (text) => text });
  return httpApi({
    'GET /api/learning/modules': route(api['GET /api/learning/modules'], async ({ user }) => ok({ modules: await listModules(deps, user.sub) })),

    // The same text for every learner until the course changes: the browser revalidates it with its ETag (304).
    'GET /api/learning/modules/{id}': route(api['GET /api/learning/modules/{id}'], async ({ params }) => {
      const result = getModuleJson(deps, params.id);
      if (!result.ok) return failure(result.error);
      const module = await modules.answer(params.id, result.value, () => result.value);
      return okRaw(module.text, { 'cache-control': 'private, no-cache', etag: module.etag });
    }),

    'POST /api/learning/lessons/{lessonId}/complete': route(api['POST /api/learning/lessons/{lessonId}/complete'], async ({ user, params, body }) =>
      respond(await completeLesson(deps, user.sub, params.lessonId, body?.minutesSpent), (progress) => ok({ progress })),
    ),

    'POST /api/learning/quizzes/{quizId}/attempts': route(api['POST /api/learning/quizzes/{quizId}/attempts'], async ({ user, params, body }) =>
      respond(await attemptQuiz(deps, user.sub, params.quizId, body.answers)),
    ),

    'POST /api/learning/lessons/{lessonId}/chain-task': route(api['POST /api/learning/lessons/{lessonId}/chain-task'], async ({ params, body }) =>
      respond(answerChainTask(deps, params.lessonId, body.block, body.contract)),
    ),

    'POST /api/learning/exercises/{exerciseId}/check': route(api['POST /api/learning/exercises/{exerciseId}/check'], async ({ user, params }) =>
      respond(await checkExercise(deps, user.sub, params.exerciseId)),
    ),

    'GET /api/learning/outline': route(api['GET /api/learning/outline'], async () =>
      ok(courseOutline(deps.course.course()), { 'cache-control': 'public, max-age=300' }),
    ),

    // A frozen snapshot never changes: cached a day by browsers and CloudFront.
    'GET /api/learning/snapshots/{snapshot}/{expiration}': route(api['GET /api/learning/snapshots/{snapshot}/{expiration}'], async ({ params }) => {
      const chain = snapshotChain(params.snapshot, params.expiration);
      return chain
        ? ok({ chain }, { 'cache-control': 'public, max-age=86400, immutable' })
        : failure({ code: 'not_found', message: `No chain of ${params.expiration} in the snapshot ${params.snapshot}.` });
    }),

    'GET /api/learning/progress': route(api['GET /api/learning/progress'], async ({ user }) => ok({ progress: await getProgress(deps, user.sub) })),

    'POST /api/learning/reset': route(api['POST /api/learning/reset'], async ({ user }) =>
      respond(await resetProgress(deps, user.sub), (progress) => ok({ progress })),
    ),
  });
}

export const handler = makeLearningHandler(learningDeps());
