import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { gamificationApi } from '@shared/gamification/gamification.api';
import { api } from '@web/lib/api-client';
import { minVersionQuery, noteGameVersion } from './game-version';
import { queryKeys } from './query-keys';

/**
 * The learner's gamification state as the dashboard and the settings read and change it (issue 20): the same query key
 * as the widget's, so one cache entry serves both; a claim or a settings change answers with the new state, which
 * goes straight into that entry.
 */
type Api = typeof gamificationApi;
export type GameState = ResponseOf<Api['GET /api/gamification/state']>;
export type GameChallenge = GameState['dailyChallenges'][number];
export type GameSettingsPatch = BodyOf<Api['PUT /api/gamification/settings']>;

/** The state, never older than the highest version this tab has seen (game-version.ts). */
export async function getGameState(signal?: AbortSignal) {
  const state = await api.get<GameState>('/api/gamification/state', minVersionQuery(), signal);
  noteGameVersion(state.version);
  return state;
}
export const gameStateQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.gamification.state(), queryFn: ({ signal }) => getGameState(signal), staleTime: 30_000 });
export const useGameState = () => useQuery(gameStateQueryOptions());

function useStateChange<A>(mutationFn: (args: A) => Promise<{ state: GameState }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ state }) => {
      noteGameVersion(state.version);
      client.setQueryData(queryKeys.gamification.state(), state);
    },
  });
}

export const claimChallenge = (id: string) =>
  api.post<ResponseOf<Api['POST /api/gamification/challenges/{id}/claim']>>(`/api/gamification/challenges/${encodeURIComponent(id)}/claim`);
export const updateGameSettings = (patch: GameSettingsPatch) => api.put<ResponseOf<Api['PUT /api/gamification/settings']>>('/api/gamification/settings', patch);

export const useClaimChallenge = () => useStateChange(claimChallenge);
export const useUpdateGameSettings = () => useStateChange(updateGameSettings);
