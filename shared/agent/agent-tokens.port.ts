import type { AgentScope } from './token';

/** A personal access token as it is stored: its SHA-256 and last four characters, never the token itself. */
export interface StoredAgentToken {
  tokenId: string;
  name: string;
  scopes: AgentScope[];
  lastFour: string;
  /** SHA-256 of the whole token, lowercase hex: the authorizer looks the token up by it. */
  hash: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt?: string;
}

/** The learner's tokens: the token, its lookup by hash and the learner's count change together or not at all. */
export interface AgentTokenRepository {
  /** The learner's tokens, newest first. */
  list(userId: string): Promise<StoredAgentToken[]>;
  /** Stores the token and its lookup by hash and counts it, in one write; false when the learner already holds `max`. */
  create(userId: string, token: StoredAgentToken, max: number): Promise<boolean>;
  /** Deletes the token and its lookup by hash and counts it off, in one write; false when the learner has no such token. */
  revoke(userId: string, tokenId: string): Promise<boolean>;
}

/** Where a token's randomness and its hash come from (node:crypto in the adapters; fixed values in tests). */
export interface AgentTokenSecrets {
  /** A new token: the `oa_pat_` prefix and 256 random bits. */
  newSecret(): string;
  /** The hash stored and looked up for a token. */
  hash(secret: string): string;
}
