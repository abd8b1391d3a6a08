import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { competitionAccountApi } from '@shared/competitions/competition-account.api';
import { api, ApiError } from '@web/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * A learner's competition account in one season (issue 39): cash, equity, positions by strategy, open orders and each
 * trade with its plan, and writing a trade's plan. Orders go through the one order path (POST /api/orders with the
 * account's id), so the builder's orders reach this account; the page reads it again when it opens.
 */
type Api = typeof competitionAccountApi;
export type CompetitionAccountView = ResponseOf<Api['GET /api/competitions/seasons/{seasonId}/account']>;
export type CompetitionTrade = CompetitionAccountView['trades'][number];
export type PlanBody = BodyOf<Api['PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan']>;

const season = (seasonId: string) => `/api/competitions/seasons/${encodeURIComponent(seasonId)}`;

/** null when the learner has not joined the season (the API answers 404). */
export async function getCompetitionAccount(seasonId: string, signal?: AbortSignal): Promise<CompetitionAccountView | null> {
  try {
    return await api.get<CompetitionAccountView>(`${season(seasonId)}/account`, undefined, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
export const competitionAccountQueryOptions = (seasonId: string) =>
  queryOptions({
    queryKey: queryKeys.competitions.account(seasonId),
    queryFn: ({ signal }) => getCompetitionAccount(seasonId, signal),
    staleTime: 10_000,
  });
export const useCompetitionAccount = (seasonId: string, enabled = true) => useQuery({ ...competitionAccountQueryOptions(seasonId), enabled });

export const writePlan = ({ seasonId, tradeId, plan }: { seasonId: string; tradeId: string; plan: PlanBody }) =>
  api.put<ResponseOf<Api['PUT /api/competitions/seasons/{seasonId}/trades/{tradeId}/plan']>>(
    `${season(seasonId)}/trades/${encodeURIComponent(tradeId)}/plan`,
    plan,
  );

/** A written plan changes the account's trades and its count of planned trades. */
export function useWritePlan(seasonId: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: writePlan, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.competitions.account(seasonId) }) });
}
