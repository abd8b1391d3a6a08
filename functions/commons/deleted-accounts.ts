import { type AccountStanding, dynamoAccountStanding, type StandingRead } from '../adapters/dynamo/account-standing';
import { LAST_USED_EVERY_MS, touchAgentTokenLastUsed } from '../adapters/dynamo/agent-tokens';
import { BoundedMap } from '@shared/bounded-map';
import { SETTLE_MS } from '@shared/users/privacy';
import { shortenedFromEnv } from './shortened';

/**
 * The learner's standing, checked by every signed-in request, in one read: whether the account has been deleted (or
 * is being deleted), and when the learner last signed out everywhere or changed the password.
 *
 * Deleted: a deleted learner's ID token stays valid until it expires (15 minutes; the JWT authorizer cannot know), so
 * signed-in requests check the tombstone the deletion writes first (shared/users/privacy.ts). A deleted account is
 * remembered by the warm function, since it never comes back.
 *
 * Signed out everywhere (issue 32): a token issued before the learner's latest sign-out everywhere or password change
 * is refused (shared/users/sessions.ts). The function that served the sign-out refuses at once (locally, every handler
 * runs in that one process); the others within TRUSTED_FOR_MS plus a request, well within 15 s.
 *
 * Revoked or expired personal access token (issue 34): a request made with a token reads that token's item in the same
 * read; a token whose item is gone (revoked, or its account deleted) or past its expiry is refused. The function that
 * served the revocation refuses at once (locally, every handler runs in that one process); the others within
 * TRUSTED_FOR_MS plus a request, so a revoked token is refused everywhere within AGENT_REVOCATION_SECONDS, whatever
 * API Gateway's authorizer cache still remembers of it.
 *
 * All of it comes from one BatchGetItem (functions/adapters/dynamo/account-standing.ts), kept per learner for
 * TRUSTED_FOR_MS, with every token of the learner's this function has been asked about lately (a learner's browser and
 * agents share the one read), so a learner's burst of requests costs one read, not one each. Trusting a live account
 * that long is safe because the deletion empties the partition until a pass at least SETTLE_MS (30 s) after the
 * tombstone finds it empty: whatever a request let through meanwhile is deleted with the rest. Without a table (handler unit tests) there is nothing to check.
 */
export type StandingCheck = (userId: string, agentTokenId?: string) => Promise<AccountStanding>;
/** One read of a learner's standing with the tokens named (functions/adapters/dynamo/account-standing.ts). */
export type StandingReader = (userId: string, agentTokenIds?: readonly string[]) => Promise<StandingRead>;
/** Whether a learner's account is deleted (the event consumers skip such a learner's events). */
export type DeletedCheck = (userId: string) => Promise<boolean>;

/** How long a warm function trusts that a learner's account is not deleted (well under SETTLE_MS). */
export const ALIVE_FOR_MS = 10_000;
/** How long a warm function trusts the "signed out at" time it read: at most 15 s must pass until old tokens are refused. */
export const SIGNED_OUT_TRUSTED_MS = 10_000;

/** Within how long a revoked personal access token is refused by every function: the trusted time, and a request. */
export const AGENT_REVOCATION_SECONDS = Math.ceil(SIGNED_OUT_TRUSTED_MS / 1000);

/**
 * The deletion's settle time: SETTLE_MS, or a shorter one a local stack was started with (`DELETION_SETTLE_SECONDS`;
 * the integration and end-to-end stacks use 8 s, still many times the local event delivery's p99 of under 0.5 s).
 */
export function deletionSettleMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  return shortenedFromEnv('DELETION_SETTLE_SECONDS', SETTLE_MS / 1000, env) * 1000;
}

/** How long a live account is trusted with a given settle time: ALIVE_FOR_MS, and never more than a third of it. */
export function aliveForMs(settleMs: number): number {
  return Math.min(ALIVE_FOR_MS, Math.floor(settleMs / 3));
}

/** How long one read of a learner's standing is trusted: the shorter of the two trusts (a live account's, a sign-out's). */
export function trustedForMs(settleMs: number): number {
  return Math.min(aliveForMs(settleMs), SIGNED_OUT_TRUSTED_MS);
}

const MAX_REMEMBERED = 10_000;

/** What this process knows without a read: accounts it knows are deleted, sign-outs and token revocations it recorded itself. */
export interface KnownStanding {
  deleted: Set<string>;
  signOuts: BoundedMap<string, number>;
  /** Ids of personal access tokens revoked here (a token's id is a ULID: never reused). */
  revokedTokens?: BoundedMap<string, true>;
}

const KNOWN: KnownStanding = { deleted: new Set(), signOuts: new BoundedMap(MAX_REMEMBERED), revokedTokens: new BoundedMap(MAX_REMEMBERED) };

/**
 * The deletion request's own function knows at once (locally every handler runs in one process, so the old token is
 * refused on the next request; in AWS another warm function trusts it for at most the trusted time more).
 */
export function noteDeleted(userId: string): void {
  KNOWN.deleted.add(userId);
}

/** A sign-out this process recorded (the route that served it): refused here at once. */
export function noteSignedOut(userId: string, atMs: number): void {
  KNOWN.signOuts.set(userId, Math.max(atMs, KNOWN.signOuts.get(userId) ?? 0));
}

/** A personal access token this process revoked (the route that served the revocation): refused here at once. */
export function noteAgentTokenRevoked(tokenId: string): void {
  KNOWN.revokedTokens?.set(tokenId, true);
}

/** A token not asked about for this long is left out of its learner's next read (it is read again when asked). */
const TOKEN_FORGOTTEN_AFTER_MS = 60_000;

interface KeptStanding {
  signedOutAt: number | null;
  until: number;
  /** Tokens of the learner's asked about here: their expiry as last read (null: gone), trusted until `until`. */
  tokens: Map<string, { expiresAt: number | null; until: number; askedAt: number }>;
}

/**
 * `read` behind one cache per learner: a read is trusted for `trustMs`; an account found deleted (or noted deleted) is
 * never read again; a sign-out or a token revocation noted by this process counts at once. A request made with a token
 * the last read did not cover (or covered more than `trustMs` ago) reads again, and that read covers the learner's
 * other tokens asked about in the last minute too, so a learner's browser and agents cost one read per trusted time.
 */
export function rememberStanding(
  read: StandingReader,
  now: () => number = Date.now,
  trustMs: number = ALIVE_FOR_MS,
  known: KnownStanding = KNOWN,
): StandingCheck {
  const kept = new BoundedMap<string, KeptStanding>(MAX_REMEMBERED);
  return async (userId, agentTokenId) => {
    let entry = kept.get(userId);
    const at = now();
    const token = agentTokenId === undefined ? undefined : entry?.tokens.get(agentTokenId);
    const stale = !entry || entry.until <= at || (agentTokenId !== undefined && (!token || token.until <= at));
    if (!known.deleted.has(userId) && stale) {
      const asked = new Map(entry?.tokens ?? []);
      if (agentTokenId !== undefined) asked.set(agentTokenId, { expiresAt: null, until: 0, askedAt: at });
      const ids = [...asked].filter(([, t]) => at - t.askedAt < TOKEN_FORGOTTEN_AFTER_MS).map(([id]) => id);
      const standing = ids.length ? await read(userId, ids) : await read(userId);
      if (standing.deleted) known.deleted.add(userId);
      const until = now() + trustMs;
      entry = { signedOutAt: standing.signedOutAt, until, tokens: new Map() };
      for (const id of ids) entry.tokens.set(id, { expiresAt: standing.agentTokens?.[id] ?? null, until, askedAt: asked.get(id)!.askedAt });
      kept.set(userId, entry);
    }
    const here = known.signOuts.get(userId);
    const signedOutAt = here === undefined ? (entry?.signedOutAt ?? null) : Math.max(here, entry?.signedOutAt ?? 0);
    const standing: AccountStanding = { deleted: known.deleted.has(userId), signedOutAt };
    if (agentTokenId !== undefined) {
      const read = entry?.tokens.get(agentTokenId);
      if (read) read.askedAt = at;
      standing.agentTokenExpiresAt = known.revokedTokens?.has(agentTokenId) ? null : (read?.expiresAt ?? null);
    }
    return standing;
  };
}

let fromEnv: StandingCheck | null | undefined;

/** The process's one standing check (and its one cache), or null without a table. */
export function standingCheckFromEnv(): StandingCheck | null {
  if (fromEnv === undefined) fromEnv = process.env.TABLE_NAME ? rememberStanding(dynamoAccountStanding(), Date.now, trustedForMs(deletionSettleMs())) : null;
  return fromEnv;
}

/** The deleted half of the process's standing check (its cache too), for the event consumers; null without a table. */
export function deletedCheckFromEnv(): DeletedCheck | null {
  const standing = standingCheckFromEnv();
  return standing ? async (userId) => (await standing(userId)).deleted : null;
}

/** Records that a learner's personal access token was used (its "last used" on /app/agent). */
export type TokenUseRecorder = (userId: string, tokenId: string) => Promise<void>;

/**
 * `touch` at most once per LAST_USED_EVERY_MS per token from this process (the write's own condition holds the same
 * minute across functions), so a busy agent costs one write a minute, not one a request.
 */
export function rememberTokenUse(touch: (userId: string, tokenId: string, at: Date) => Promise<unknown>, now: () => number = Date.now): TokenUseRecorder {
  const last = new BoundedMap<string, number>(MAX_REMEMBERED);
  return async (userId, tokenId) => {
    const at = now();
    const before = last.get(tokenId);
    if (before !== undefined && at - before < LAST_USED_EVERY_MS) return;
    last.set(tokenId, at);
    await touch(userId, tokenId, new Date(at));
  };
}

let tokenUseFromEnv: TokenUseRecorder | null | undefined;

/** The process's one recorder of token use, or null without a table. */
export function tokenUseRecorderFromEnv(): TokenUseRecorder | null {
  if (tokenUseFromEnv === undefined)
    tokenUseFromEnv = process.env.TABLE_NAME ? rememberTokenUse((userId, tokenId, at) => touchAgentTokenLastUsed(userId, tokenId, at)) : null;
  return tokenUseFromEnv;
}

/** The one route a deleted account's token may still call: the deletion's progress. */
export const OPEN_TO_DELETED = new Set(['GET /api/me/deletion']);
