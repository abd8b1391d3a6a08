import { createHash, randomBytes } from 'node:crypto';
import { AGENT_TOKEN_PREFIX, AGENT_TOKEN_RANDOM_BYTES } from '@shared/agent/token';

/**
 * A new personal access token: `oa_pat_` and 32 bytes from the operating system's secure random source in base64url
 * without padding (43 characters, 256 bits). Shown to the learner once; only its hash is stored.
 */
export function newAgentTokenSecret(): string {
  return AGENT_TOKEN_PREFIX + randomBytes(AGENT_TOKEN_RANDOM_BYTES).toString('base64url');
}

/** The SHA-256 of the whole token in lowercase hex: how the token is stored and looked up. */
export function hashAgentToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
