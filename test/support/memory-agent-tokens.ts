import type { AgentTokenRepository, StoredAgentToken } from '@shared/agent/agent-tokens.port';
import type { AgentTokenDeps } from '@shared/agent/use-cases/deps';
import { fixedClock, type Clock } from '@shared/ports/clock.port';

/** The token storage in memory, with the adapter's rules: the cap counted with the write, a token only its owner's. */
export function memoryAgentTokens(): AgentTokenRepository & {
  byUser: Map<string, StoredAgentToken[]>;
  byHash: Map<string, { userId: string; tokenId: string }>;
} {
  const byUser = new Map<string, StoredAgentToken[]>();
  const byHash = new Map<string, { userId: string; tokenId: string }>();
  return {
    byUser,
    byHash,
    async list(userId) {
      return [...(byUser.get(userId) ?? [])].reverse().map((t) => ({ ...t }));
    },
    async create(userId, token, max) {
      const mine = byUser.get(userId) ?? [];
      if (mine.length >= max) return false;
      byUser.set(userId, [...mine, { ...token }]);
      byHash.set(token.hash, { userId, tokenId: token.tokenId });
      return true;
    },
    async revoke(userId, tokenId) {
      const mine = byUser.get(userId) ?? [];
      const found = mine.find((t) => t.tokenId === tokenId);
      if (!found) return false;
      byUser.set(
        userId,
        mine.filter((t) => t !== found),
      );
      byHash.delete(found.hash);
      return true;
    },
  };
}

/**
 * Deps for the token use cases: tokens made from a counter (each a valid `oa_pat_` token), a visible stand-in for the
 * hash (the token reversed: not the token, and one per token), ids that sort by creation, and a clock the test moves.
 */
export function agentTokenTestDeps(clock: Clock = fixedClock('2026-11-29T12:00:00.000Z')) {
  const tokens = memoryAgentTokens();
  let n = 0;
  let id = 0;
  const deps: AgentTokenDeps = {
    tokens,
    secrets: {
      newSecret: () => `oa_pat_${String(++n).padStart(43, 'x')}`,
      hash: (secret) => `hash:${[...secret].reverse().join('')}`,
    },
    clock,
    ids: { newId: () => `01JTKN${String(++id).padStart(20, '0')}` },
  };
  return { deps, tokens };
}
