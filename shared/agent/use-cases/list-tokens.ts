import { agentTokenSummary, newestFirst } from '../stored-token';
import { MAX_AGENT_TOKENS, type AgentTokenSummary } from '../token';
import type { AgentTokenDeps } from './deps';

/** The learner's tokens, newest first, as /app/agent lists them: never a token or its hash. Changes nothing. */
export async function listAgentTokens(deps: Pick<AgentTokenDeps, 'tokens'>, userId: string): Promise<{ tokens: AgentTokenSummary[]; max: number }> {
  const stored = await deps.tokens.list(userId);
  return { tokens: [...stored].sort(newestFirst).map(agentTokenSummary), max: MAX_AGENT_TOKENS };
}
