import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { AGENT_SCOPES, AGENT_TOKEN_PATTERN, AGENT_TOKEN_PREFIX, type AgentScope } from '@shared/agent/token';
import { hashAgentToken } from '../adapters/agent-token-crypto';
import type { AgentTokenByHash } from '../adapters/dynamo/agent-tokens';

/**
 * The one bearer check of the routes a personal access token may use (those with a `scope` in functions/routes.ts).
 * The Lambda REQUEST authorizer in AWS (functions/authorizers/bearer.ts) and the local gateway (local/gateway.ts) both
 * call it, so a token is accepted or refused the same way in both places:
 * - a Cognito token (the browser's session) is verified as API Gateway's JWT authorizer does: issuer, app client,
 *   expiry and signature against the user pool's keys;
 * - a personal access token (`oa_pat_…`) is hashed (SHA-256) and looked up by its hash; a token that is not stored
 *   (never made, revoked, its account deleted) or has expired is refused.
 *
 * What it answers becomes the request's `requestContext.authorizer.lambda`, which functions/commons/http.ts reads.
 * A refused bearer is answered, too, marked `refused`: HTTP APIs' simple authorizer responses can only make API Gateway
 * answer 403 "Forbidden", while a caller must learn that its sign-in or its token is no longer good (401, with words).
 * functions/commons/http.ts answers such a request with 401 before anything else; nothing else is read or done.
 */
export type BearerAnswer =
  | { kind: 'cognito'; claims: JwtPayload }
  | { kind: 'agent'; sub: string; tokenId: string; name: string; scopes: AgentScope[]; expiresAt: string }
  | { kind: 'refused'; reason: RefusedReason };

/** `token`: a personal access token that is not (or no longer) good; `sign-in`: anything else that does not verify. */
export type RefusedReason = 'token' | 'sign-in';

/** The values of an HTTP API simple authorizer response's context: strings, numbers and booleans only. */
export type AuthorizerContext = Record<string, string | number | boolean>;

export interface BearerCheckDeps {
  /** The Cognito token's claims when it verifies, null when it does not; throws only when it cannot tell (no JWKS). */
  verifyJwt: (token: string) => Promise<JwtPayload | null>;
  /** The stored token with this hash, or null (functions/adapters/dynamo/agent-tokens.ts). */
  findToken: (hash: string) => Promise<AgentTokenByHash | null>;
  now?: () => number;
}

export type BearerCheck = (authorization: string | undefined) => Promise<BearerAnswer>;

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

/** Whether a header carries a personal access token (what WAF's per-token limit keys on, too). */
export const carriesAgentToken = (authorization: string | undefined): boolean => /^bearer\s+oa_pat_/i.test(authorization ?? '');

export function bearerCheck(deps: BearerCheckDeps): BearerCheck {
  const now = deps.now ?? Date.now;
  return async (authorization) => {
    const token = bearerTokenOf(authorization);
    if (!token) return { kind: 'refused', reason: 'sign-in' };
    if (token.startsWith(AGENT_TOKEN_PREFIX)) {
      // A token that cannot be one of ours is not looked up.
      if (!AGENT_TOKEN_PATTERN.test(token)) return { kind: 'refused', reason: 'token' };
      const stored = await deps.findToken(hashAgentToken(token));
      if (!stored || !(Date.parse(stored.expiresAt) > now())) return { kind: 'refused', reason: 'token' };
      const scopes = AGENT_SCOPES.filter((s) => stored.scopes.includes(s));
      return { kind: 'agent', sub: stored.userId, tokenId: stored.tokenId, name: stored.name, scopes, expiresAt: stored.expiresAt };
    }
    const claims = await deps.verifyJwt(token);
    return claims && typeof claims.sub === 'string' && claims.sub ? { kind: 'cognito', claims } : { kind: 'refused', reason: 'sign-in' };
  };
}

/** Context keys of a token's answer (functions/commons/http.ts reads them back). */
export const AGENT_CONTEXT = {
  tokenId: 'agentTokenId',
  name: 'agentTokenName',
  scopes: 'agentScopes',
  refused: 'refused',
} as const;

/**
 * The answer as API Gateway hands it to the function in `requestContext.authorizer.lambda`: a token's owner and
 * token (`{ sub, agentTokenId, agentTokenName, agentScopes: 'read trade' }`), a Cognito token's claims in the form
 * API Gateway's JWT authorizer gives them, or `{ refused }`.
 */
export function authorizerContext(answer: BearerAnswer): AuthorizerContext {
  switch (answer.kind) {
    case 'agent':
      return {
        sub: answer.sub,
        [AGENT_CONTEXT.tokenId]: answer.tokenId,
        [AGENT_CONTEXT.name]: answer.name,
        [AGENT_CONTEXT.scopes]: answer.scopes.join(' '),
      };
    case 'cognito':
      return claimsAsApiGatewayDoes(answer.claims);
    case 'refused':
      return { [AGENT_CONTEXT.refused]: answer.reason };
  }
}

/** API Gateway hands JWT claims to the Lambda as strings; list claims become "[a b]". */
export function claimsAsApiGatewayDoes(payload: JwtPayload): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    out[key] = Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return out;
}
