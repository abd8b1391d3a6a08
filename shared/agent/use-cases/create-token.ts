import { ok, type Result } from '../../result';
import { tooManyAgentTokens } from '../agent.errors';
import type { StoredAgentToken } from '../agent-tokens.port';
import { agentTokenExpiresAt, agentTokenSummary, lastFourOf, orderedScopes } from '../stored-token';
import { isAgentToken, MAX_AGENT_TOKENS, type AgentScope, type AgentTokenExpiryDays, type AgentTokenSummary } from '../token';
import type { AgentTokenDeps } from './deps';

export interface CreateAgentTokenInput {
  name: string;
  scopes: AgentScope[];
  expiresInDays: AgentTokenExpiryDays;
}

export interface CreatedAgentToken {
  token: AgentTokenSummary;
  /** The token itself: answered this once, never stored. */
  secret: string;
}

/**
 * Makes a personal access token and keeps only its hash and last four characters. At most MAX_AGENT_TOKENS a learner,
 * counted in the same write that stores the token, so a burst of creates cannot pass the cap.
 */
export async function createAgentToken(deps: AgentTokenDeps, userId: string, input: CreateAgentTokenInput): Promise<Result<CreatedAgentToken>> {
  const now = deps.clock.now();
  const secret = deps.secrets.newSecret();
  if (!isAgentToken(secret)) throw new Error('The token source made a token of the wrong form.');
  const stored: StoredAgentToken = {
    tokenId: deps.ids.newId(),
    name: input.name,
    scopes: orderedScopes(input.scopes),
    lastFour: lastFourOf(secret),
    hash: deps.secrets.hash(secret),
    createdAt: now.toISOString(),
    expiresAt: agentTokenExpiresAt(now, input.expiresInDays),
  };
  if (!(await deps.tokens.create(userId, stored, MAX_AGENT_TOKENS))) return tooManyAgentTokens();
  return ok({ token: agentTokenSummary(stored), secret });
}
