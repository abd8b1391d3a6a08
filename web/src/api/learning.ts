import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import { useMemo } from 'react';
import type { z } from 'zod';
import type { learningApi, ModuleDetail as ModuleDetailSchema } from '@shared/learning/learning.api';
import { learnerModule } from '@shared/learning/learner-view';
import { api } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The learning area (issue 17; spec part 3 §3, §4, §9): the course without its answer keys, the learner's progress
 * kept on the server, and the changes to it (a lesson completed, a quiz or check attempted, an exercise checked, a
 * reset). The types are the area's HTTP contract (shared/learning/learning.api.ts). Grading happens on the server; a
 * change invalidates the whole area, since an attempt can complete a lesson, a module and a level at once.
 */
type Api = typeof learningApi;
export type ModulesView = ResponseOf<Api['GET /api/learning/modules']>;
export type ModuleSummary = ModulesView['modules'][number];
export type ModuleContent = ResponseOf<Api['GET /api/learning/modules/{id}']>['module'];
export type ModuleDetail = z.infer<typeof ModuleDetailSchema>;
export type LessonDetail = ModuleDetail['lessons'][number];
export type PublicBlock = LessonDetail['blocks'][number];
export type PublicWidget = Extract<PublicBlock, { type: 'interactive' }>['widget'];
export type PublicQuiz = ModuleDetail['quiz'];
export type PublicQuestion = PublicQuiz['questions'][number];
export type PublicExercise = NonNullable<ModuleDetail['practicalExercise']>;
export type LearningProgress = ResponseOf<Api['GET /api/learning/progress']>['progress'];
export type Achievement = LearningProgress['achievements'][number];
export type AttemptAnswers = BodyOf<Api['POST /api/learning/quizzes/{quizId}/attempts']>['answers'];
export type AttemptResult = ResponseOf<Api['POST /api/learning/quizzes/{quizId}/attempts']>;
export type CheckResult = ResponseOf<Api['POST /api/learning/exercises/{exerciseId}/check']>;
export type ChainTaskAnswer = ResponseOf<Api['POST /api/learning/lessons/{lessonId}/chain-task']>;

const enc = encodeURIComponent;

// Reads

export const getModules = (signal?: AbortSignal) => api.get<ModulesView>('/api/learning/modules', undefined, signal);
export const modulesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.learning.modules(), queryFn: ({ signal }) => getModules(signal), staleTime: 30_000 });
export const useLearningModules = () => useQuery(modulesQueryOptions());

export const getModule = (id: string, signal?: AbortSignal) =>
  api.get<ResponseOf<Api['GET /api/learning/modules/{id}']>>(`/api/learning/modules/${enc(id)}`, undefined, signal).then((r) => r.module);
/** A module's content is the same for every learner and changes only with a new course (the server sends an ETag). */
export const moduleQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.course.module(id), queryFn: ({ signal }) => getModule(id, signal), staleTime: 10 * 60_000 });

export const getProgress = (signal?: AbortSignal) =>
  api.get<ResponseOf<Api['GET /api/learning/progress']>>('/api/learning/progress', undefined, signal).then((r) => r.progress);
export const progressQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.learning.progress(), queryFn: ({ signal }) => getProgress(signal), staleTime: 30_000 });
export const useLearningProgress = () => useQuery(progressQueryOptions());

/**
 * The learner's view of a module: its content with their progress laid over it (shared learner-view.ts, the rules
 * the server completes modules by). Pending until both have arrived; a failure of either is the view's failure.
 */
export function useLearningModule(id: string) {
  const content = useQuery({ ...moduleQueryOptions(id), enabled: !!id });
  const progress = useLearningProgress();
  const data = useMemo(() => (content.data && progress.data ? learnerModule(content.data, progress.data) : undefined), [content.data, progress.data]);
  // A retry asks again for what failed; the other answer stays in its cache.
  const refetch = () => Promise.all([content.isError && content.refetch(), progress.isError && progress.refetch()]);
  const isFetching = content.isFetching || progress.isFetching;
  if (content.isError) return { isPending: false, isError: true, error: content.error, data: undefined, refetch, isFetching } as const;
  if (progress.isError) return { isPending: false, isError: true, error: progress.error, data: undefined, refetch, isFetching } as const;
  if (!data) return { isPending: true, isError: false, error: null, data: undefined, refetch, isFetching } as const;
  return { isPending: false, isError: false, error: null, data, refetch, isFetching } as const;
}

export type SnapshotChain = ResponseOf<Api['GET /api/learning/snapshots/{snapshot}/{expiration}']>['chain'];
export type CourseOutline = ResponseOf<Api['GET /api/learning/outline']>;

/** A chain task's frozen chain: it never changes, so it is fetched once and kept. */
export const getSnapshotChain = (snapshot: string, expiration: string, signal?: AbortSignal) =>
  api
    .get<ResponseOf<Api['GET /api/learning/snapshots/{snapshot}/{expiration}']>>(
      `/api/learning/snapshots/${enc(snapshot)}/${enc(expiration)}`,
      undefined,
      signal,
    )
    .then((r) => r.chain);
export const useSnapshotChain = (snapshot: string, expiration: string) =>
  useQuery({
    queryKey: queryKeys.course.snapshotChain(snapshot, expiration),
    queryFn: ({ signal }) => getSnapshotChain(snapshot, expiration, signal),
    staleTime: Infinity,
  });

/** The course's modules and lesson counts (public), for the landing page's real count. */
export const getCourseOutline = (signal?: AbortSignal) => api.get<CourseOutline>('/api/learning/outline', undefined, signal);
export const useCourseOutline = () => useQuery({ queryKey: queryKeys.course.outline(), queryFn: ({ signal }) => getCourseOutline(signal), staleTime: 300_000 });

// Changes

export const completeLesson = ({ lessonId, minutesSpent }: { lessonId: string; minutesSpent?: number }) =>
  api.post<ResponseOf<Api['POST /api/learning/lessons/{lessonId}/complete']>>(
    `/api/learning/lessons/${enc(lessonId)}/complete`,
    minutesSpent !== undefined ? { minutesSpent } : {},
  );
export const attemptQuiz = ({ quizId, answers }: { quizId: string; answers: AttemptAnswers }) =>
  api.post<AttemptResult>(`/api/learning/quizzes/${enc(quizId)}/attempts`, { answers });
export const checkExercise = (exerciseId: string) => api.post<CheckResult>(`/api/learning/exercises/${enc(exerciseId)}/check`);
export const resetLearning = () => api.post<ResponseOf<Api['POST /api/learning/reset']>>('/api/learning/reset');

/** Every answer carries the new progress: it goes into the cache at once, and the modules (completion, locks) refetch. */
function useLearningChange<A, R extends { progress: LearningProgress }>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      client.setQueryData(queryKeys.learning.progress(), answer.progress);
      await client.invalidateQueries({ queryKey: queryKeys.learning.all, predicate: (q) => q.queryKey[1] !== 'progress' });
    },
  });
}

export const useCompleteLesson = () => useLearningChange(completeLesson);
export const useQuizAttempt = () => useLearningChange(attemptQuiz);
export const useExerciseCheck = () => useLearningChange(checkExercise);
export const useResetLearning = () => useLearningChange(resetLearning);

/** A chain task's click judged on the server (right or not, and why); it changes no progress, so nothing refetches. */
export const answerChainTask = ({ lessonId, block, contract }: { lessonId: string; block: number; contract: string }) =>
  api.post<ChainTaskAnswer>(`/api/learning/lessons/${enc(lessonId)}/chain-task`, { block, contract });
export const useChainTaskAnswer = () => useMutation({ mutationFn: answerChainTask });
