/**
 * Personal access tokens (the Agent API): what a token is, what it may do, and its limits. Pure: the random bytes and
 * the hash are made by the adapters (functions/adapters/agent-token-crypto.ts) and passed in.
 *
 * A token reads `oa_pat_` followed by 43 base64url characters (32 random bytes, 256 bits). The prefix says what it is,
 * so a secret scanner (and a learner who finds one in a file) can tell it apart; only its SHA-256 and its last four
 * characters are kept. A fast hash is enough for a random 256-bit secret: no dictionary can guess it (NIST SP 800-63B
 * §5.1.1.2 asks for a slow, salted hash only for secrets a person chose).
 */

/** What a token may be granted. Never admin, the broker's live routes, credentials, settings, export or deletion. */
export const AGENT_SCOPES = ['read', 'trade'] as const;
export type AgentScope = (typeof AGENT_SCOPES)[number];

export const AGENT_SCOPE_WORDS: Record<AgentScope, string> = {
  read: 'Read: market, chains, analysis, portfolio, orders and journal',
  trade: 'Trade: place and cancel paper orders, close positions, add journal reflections',
};

export const AGENT_TOKEN_PREFIX = 'oa_pat_';
/** 32 random bytes in base64url, without padding. */
export const AGENT_TOKEN_RANDOM_BYTES = 32;
export const AGENT_TOKEN_PATTERN = /^oa_pat_[A-Za-z0-9_-]{43}$/;

/** The lifetimes a learner may choose, in days. */
export const AGENT_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type AgentTokenExpiryDays = (typeof AGENT_TOKEN_EXPIRY_DAYS)[number];

export const AGENT_TOKEN_NAME_MAX = 40;
/** Names are what the order, the activity log and the journal show ("placed by agent 'my-bot'"). */
export const AGENT_TOKEN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;
export const MAX_AGENT_TOKENS = 10;

/** Counted per token, apart from the learner's browser limits. */
export const AGENT_LIMITS = { requestsPerMinute: 60, ordersPerMinute: 10 } as const;

/**
 * How long the gateway keeps an authorizer's answer for one token (API Gateway's authorizer cache). A revoked token is
 * refused within 10 seconds all the same: every request's standing read (functions/commons/deleted-accounts.ts) reads
 * the token, trusted for 10 s by a warm function (at once by the one that served the revocation).
 */
export const AGENT_AUTHORIZER_CACHE_SECONDS = 300;

export const isAgentToken = (bearer: string): boolean => AGENT_TOKEN_PATTERN.test(bearer);

/** The token a request came with, as the handlers see it (from the authorizer's context; never from the body). */
export interface AgentPrincipal {
  tokenId: string;
  name: string;
  scopes: AgentScope[];
}

/** The stored token, as its owner lists it: never the hash, never the token. */
export interface AgentTokenSummary {
  id: string;
  name: string;
  scopes: AgentScope[];
  /** The token's last four characters, to tell tokens apart. */
  lastFour: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

/** A token on a signed-in route without a scope (functions/routes.ts): such a route is for the learner's browser only. */
export const AGENT_NOT_ALLOWED = 'Agent tokens cannot use this route.';
/** A token on a route that needs a scope it was not granted. */
export const lacksScope = (scope: AgentScope): string => `This token lacks the '${scope}' scope.`;

export const agentNameInWords = (name: string): string => `placed by agent '${name}'`;
/** Whether an event (its detail) reports what the learner's agent token did: the Agent API marks such events with `agent`. */
export const markedByAgent = (detail: unknown): boolean => {
  const agent = (detail as { agent?: unknown } | null)?.agent;
  return typeof agent === 'string' && agent.length > 0;
};

/** How a position an agent token's order opened is marked, beside its order's "placed by agent 'NAME'". */
export const agentOpenedInWords = (name: string): string => `opened by agent '${name}'`;
