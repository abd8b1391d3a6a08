import { ok, type Result } from '../../result';
import { noSuchAgentToken } from '../agent.errors';
import type { AgentTokenDeps } from './deps';

/** Revokes a token at once: the token and its lookup by hash go in one write. Another learner's token is "no such token". */
export async function revokeAgentToken(deps: Pick<AgentTokenDeps, 'tokens'>, userId: string, tokenId: string): Promise<Result<null>> {
  return (await deps.tokens.revoke(userId, tokenId)) ? ok(null) : noSuchAgentToken();
}
