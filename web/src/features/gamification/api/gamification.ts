import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { gamificationApi } from '@shared/gamification/gamification.api';
import { minVersionQuery, noteGameVersion } from '@web/api/game-version';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/** Gamification (issue 19): the state the server computes from the learner's actions, and the awards feed the toasts read. */
type Api = typeof gamificationApi;
export type GamificationState = ResponseOf<Api['GET /api/gamification/state']>;
export type AwardsPage = ResponseOf<Api['GET /api/gamification/awards']>;
export type FeedAward = AwardsPage['awards'][number];
export type Leaderboard = ResponseOf<Api['GET /api/gamification/leaderboards/{category}']>;
export type GameSettings = GamificationState['settings'];
export type Challenge = GamificationState['dailyChallenges'][number];

/** The state, never older than the highest version this tab has seen (web/src/api/game-version.ts). */
export async function getGamificationState(signal?: AbortSignal) {
  const state = await api.get<GamificationState>('/api/gamification/state', minVersionQuery(), signal);
  noteGameVersion(state.version);
  return state;
}
export const gamificationStateQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.gamification.state(), queryFn: ({ signal }) => getGamificationState(signal), staleTime: 30_000 });
export const useGamificationState = () => useQuery(gamificationStateQueryOptions());

/** Awards after the cursor (oldest first), or the latest ones without a cursor. */
export async function getAwards(after: string | null, limit = 20, signal?: AbortSignal) {
  const page = await api.get<AwardsPage>('/api/gamification/awards', after ? { after, limit } : { limit }, signal);
  for (const a of page.awards) noteGameVersion(a.stateVersion);
  return page;
}

/** A board's top entries and the learner's own rank (0 when not on it). */
export const useLeaderboard = (category: string, limit = 50) =>
  useQuery({
    queryKey: queryKeys.gamification.leaderboard(category, limit),
    queryFn: ({ signal }) => api.get<Leaderboard>(`/api/gamification/leaderboards/${encodeURIComponent(category)}`, { limit }, signal),
    staleTime: 30_000,
  });

/** An id in a path: escaped, but '@' (a challenge id's period separator, legal in a path) kept as it is. */
const segment = (id: string) => encodeURIComponent(id).replace(/%40/g, '@');

/** The learner's four writes answer with the new state: it replaces the cached one, and the boards are read again. */
function useStateWrite<V>(send: (v: V) => Promise<{ state: GamificationState }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ state }) => {
      noteGameVersion(state.version);
      client.setQueryData(queryKeys.gamification.state(), state);
      void client.invalidateQueries({ queryKey: queryKeys.gamification.boards() });
    },
  });
}

export const useClaimChallenge = () =>
  useStateWrite((id: string) => api.post<{ state: GamificationState }>(`/api/gamification/challenges/${segment(id)}/claim`));
export const usePurchaseReward = () =>
  useStateWrite((id: string) => api.post<{ state: GamificationState }>(`/api/gamification/rewards/${segment(id)}/purchase`));
export const useActivatePowerUp = () =>
  useStateWrite((id: string) => api.post<{ state: GamificationState }>(`/api/gamification/power-ups/${segment(id)}/activate`));
export const useUpdateSettings = () =>
  useStateWrite((patch: Partial<GameSettings>) => api.put<{ state: GamificationState }>('/api/gamification/settings', patch));
