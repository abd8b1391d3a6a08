import type { StoredAgentToken } from './agent-tokens.port';
import { AGENT_SCOPES, type AgentScope, type AgentTokenExpiryDays, type AgentTokenSummary } from './token';

const DAY_MS = 86_400_000;

/** When a token made at `createdAt` stops working: exactly `days` × 24 hours later, as an ISO time. */
export const agentTokenExpiresAt = (createdAt: Date, days: AgentTokenExpiryDays): string => new Date(createdAt.getTime() + days * DAY_MS).toISOString();

/** Whether a token has expired at `now` (the expiry itself is past). */
export const isAgentTokenExpired = (token: Pick<StoredAgentToken, 'expiresAt'>, now: Date): boolean => Date.parse(token.expiresAt) <= now.getTime();

/** The token's last four characters, kept to tell tokens apart. */
export const lastFourOf = (secret: string): string => secret.slice(-4);

/** Scopes once each, in the order the product lists them (read, trade). */
export const orderedScopes = (scopes: readonly AgentScope[]): AgentScope[] => AGENT_SCOPES.filter((s) => scopes.includes(s));

/** A stored token as its owner sees it: never the hash. */
export const agentTokenSummary = (t: StoredAgentToken): AgentTokenSummary => ({
  id: t.tokenId,
  name: t.name,
  scopes: orderedScopes(t.scopes),
  lastFour: t.lastFour,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt ?? null,
});

/** Newest first; token ids are ulids, so the later id breaks a tie of creation times. */
export const newestFirst = (a: StoredAgentToken, b: StoredAgentToken): number => b.createdAt.localeCompare(a.createdAt) || b.tokenId.localeCompare(a.tokenId);
