import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { gamificationApi } from '@shared/gamification/gamification.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/** Gamification (issue 19): the state the server computes from the learner's actions, and the awards feed the toasts read. */
type Api = typeof gamificationApi;
export type GamificationState = ResponseOf<Api['GET /api/gamification/state']>;
export type AwardsPage = ResponseOf<Api['GET /api/gamification/awards']>;
export type FeedAward = AwardsPage['awards'][number];

export const getGamificationState = (signal?: AbortSignal) => api.get<GamificationState>('/api/gamification/state', undefined, signal);
export const gamificationStateQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.gamification.state(), queryFn: ({ signal }) => getGamificationState(signal), staleTime: 30_000 });
export const useGamificationState = () => useQuery(gamificationStateQueryOptions());

/** Awards after the cursor (oldest first), or the latest ones without a cursor. */
export const getAwards = (after: string | null, limit = 20, signal?: AbortSignal) =>
  api.get<AwardsPage>('/api/gamification/awards', after ? { after, limit } : { limit }, signal);
