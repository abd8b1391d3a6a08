import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, ResponseOf } from '@shared/api/contract';
import type { agentApi } from '@shared/agent/agent.api';
import { queryKeys } from '@web/api/query-keys';
import { api } from '@web/lib/api-client';

/**
 * The learner's personal access tokens (issue 34), created, listed and revoked from /app/agent. The list never holds a
 * token itself: the secret comes once, in the answer to its creation, and the page shows it from there only.
 */
type Api = typeof agentApi;
export type AgentTokensView = ResponseOf<Api['GET /api/agent/tokens']>;
export type AgentToken = AgentTokensView['tokens'][number];
export type CreatedAgentToken = ResponseOf<Api['POST /api/agent/tokens']>;
export type CreateAgentTokenRequest = BodyOf<Api['POST /api/agent/tokens']>;

export const getAgentTokens = () => api.get<AgentTokensView>('/api/agent/tokens');
export const agentTokensQueryOptions = () => queryOptions({ queryKey: queryKeys.agentTokens(), queryFn: getAgentTokens });
export const useAgentTokens = () => useQuery(agentTokensQueryOptions());

export const createAgentToken = (body: CreateAgentTokenRequest) => api.post<CreatedAgentToken>('/api/agent/tokens', body);
export const revokeAgentToken = (id: string) => api.del<null>(`/api/agent/tokens/${encodeURIComponent(id)}`);

function useTokensMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: queryKeys.agentTokens() }) });
}

export const useCreateAgentToken = () => useTokensMutation(createAgentToken);
export const useRevokeAgentToken = () => useTokensMutation(revokeAgentToken);
