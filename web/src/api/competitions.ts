import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@shared/api/contract';
import type { competitionsApi } from '@shared/competitions/competitions.api';
import { api, ApiError } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The competitions' seasons (issue 39): the seasons to join with the rules and the learner's past seasons, joining,
 * a season's board (the viewer's league or the overall one) and the debrief after the close. The types are the area's
 * contract (shared/competitions/competitions.api.ts). Joining changes the seasons, the board and the account list the
 * builder's account selector reads.
 */
type Api = typeof competitionsApi;
export type CompetitionsView = ResponseOf<Api['GET /api/competitions']>;
export type SeasonSummary = CompetitionsView['seasons'][number];
export type PastSeason = CompetitionsView['past'][number];
export type JoinAnswer = ResponseOf<Api['POST /api/competitions/seasons/{seasonId}/join']>;
export type BoardView = ResponseOf<Api['GET /api/competitions/seasons/{seasonId}/board']>;
export type BoardRow = BoardView['rows'][number];
export type BoardKind = BoardView['view'];
export type DebriefView = ResponseOf<Api['GET /api/competitions/seasons/{seasonId}/debrief']>;
export type DebriefTrade = DebriefView['trades'][number];
export type ScoreFigures = DebriefView['score'];

const season = (seasonId: string) => `/api/competitions/seasons/${encodeURIComponent(seasonId)}`;

export const getCompetitions = (signal?: AbortSignal) => api.get<CompetitionsView>('/api/competitions', undefined, signal);
export const competitionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.competitions.view(), queryFn: ({ signal }) => getCompetitions(signal), staleTime: 30_000 });
export const useCompetitions = () => useQuery(competitionsQueryOptions());

export const getBoard = (seasonId: string, view: BoardKind, signal?: AbortSignal) => api.get<BoardView>(`${season(seasonId)}/board`, { view }, signal);
export const boardQueryOptions = (seasonId: string, view: BoardKind) =>
  queryOptions({ queryKey: queryKeys.competitions.board(seasonId, view), queryFn: ({ signal }) => getBoard(seasonId, view, signal), staleTime: 30_000 });
export const useBoard = (seasonId: string, view: BoardKind) => useQuery(boardQueryOptions(seasonId, view));

/** null before the close or without an entry (the API answers 404): the page then has no debrief to show. */
export async function getDebrief(seasonId: string, signal?: AbortSignal): Promise<DebriefView | null> {
  try {
    return await api.get<DebriefView>(`${season(seasonId)}/debrief`, undefined, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
export const debriefQueryOptions = (seasonId: string) =>
  queryOptions({ queryKey: queryKeys.competitions.debrief(seasonId), queryFn: ({ signal }) => getDebrief(seasonId, signal), staleTime: 5 * 60_000 });
export const useDebrief = (seasonId: string, enabled = true) => useQuery({ ...debriefQueryOptions(seasonId), enabled });

export const joinSeason = (seasonId: string) => api.post<JoinAnswer>(`${season(seasonId)}/join`);

/** The season the server names instead, when it refuses a late join (its 409 carries `nextSeasonId`). */
export function nextSeasonOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const next = (err.body as { nextSeasonId?: unknown } | null)?.nextSeasonId;
  return typeof next === 'string' ? next : null;
}

/** Joining: the seasons, every board and the account list (the new competition account) are read again. */
export function useJoinSeason() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: joinSeason,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.competitions.all }),
        client.invalidateQueries({ queryKey: queryKeys.paper.accounts() }),
      ]);
    },
  });
}
