import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { gamificationApi } from '@shared/gamification/gamification.api';
import { api } from '@web/lib/api-client';
import { minVersionQuery, noteGameVersion } from './game-version';
import { queryKeys } from './query-keys';

/**
 * The learner's gamification state (issues 19 and 20), the awards feed the toasts read and the leaderboards: the one
 * module every screen reads them through (the widget, the game pages, the dashboard, the profile and the settings), so
 * one cache entry serves them all. The learner's four writes (a claim, a purchase, a power-up, a settings change)
 * answer with the new state, which replaces the cached one, and the boards are read again, since a write can move the
 * learner on them.
 */
type Api = typeof gamificationApi;
export type GamificationState = ResponseOf<Api['GET /api/gamification/state']>;
export type Challenge = GamificationState['dailyChallenges'][number];
export type GameSettings = GamificationState['settings'];
export type GameSettingsPatch = BodyOf<Api['PUT /api/gamification/settings']>;
export type AwardsPage = ResponseOf<Api['GET /api/gamification/awards']>;
export type FeedAward = AwardsPage['awards'][number];
export type Leaderboard = ResponseOf<Api['GET /api/gamification/leaderboards/{category}']>;

/** The state, never older than the highest version this tab has seen (game-version.ts). */
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

export const claimChallenge = (id: string) =>
  api.post<ResponseOf<Api['POST /api/gamification/challenges/{id}/claim']>>(`/api/gamification/challenges/${encodeURIComponent(id)}/claim`);
export const purchaseReward = (id: string) =>
  api.post<ResponseOf<Api['POST /api/gamification/rewards/{id}/purchase']>>(`/api/gamification/rewards/${encodeURIComponent(id)}/purchase`);
export const activatePowerUp = (id: string) =>
  api.post<ResponseOf<Api['POST /api/gamification/power-ups/{id}/activate']>>(`/api/gamification/power-ups/${encodeURIComponent(id)}/activate`);
export const updateGameSettings = (patch: GameSettingsPatch) => api.put<ResponseOf<Api['PUT /api/gamification/settings']>>('/api/gamification/settings', patch);

/** A write that answers with the new state: it replaces the cached one, and the boards are read again. */
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

export const useClaimChallenge = () => useStateWrite(claimChallenge);
export const usePurchaseReward = () => useStateWrite(purchaseReward);
export const useActivatePowerUp = () => useStateWrite(activatePowerUp);
export const useUpdateGameSettings = () => useStateWrite(updateGameSettings);
