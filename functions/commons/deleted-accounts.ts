import { dynamoTombstoneCheck } from '../adapters/dynamo/privacy-repository';
import { dynamoSignOutStore } from '../adapters/dynamo/sessions-repository';
import { BoundedMap } from '@shared/bounded-map';
import { SETTLE_MS } from '@shared/users/privacy';
import { issuedBeforeSignOut } from '@shared/users/sessions';
import { shortenedFromEnv } from './shortened';

/**
 * Whether the caller's account has been deleted (or is being deleted): a deleted learner's ID token stays valid until
 * it expires (15 minutes; the JWT authorizer cannot know), so signed-in requests check the tombstone the deletion
 * writes first (shared/users/privacy.ts). One GetItem of a tiny item; a deleted account is remembered by the warm
 * function, since it never comes back, and a live one for ALIVE_FOR_MS, so a learner's burst of requests costs one
 * read, not one each. That is safe because the deletion empties the partition until a pass at least SETTLE_MS (30 s)
 * after the tombstone finds it empty: whatever a request let through in the first ALIVE_FOR_MS is deleted with the rest.
 * Without a table (handler unit tests) there is nothing to check.
 */
export type DeletedCheck = (userId: string) => Promise<boolean>;

/** How long a warm function trusts that a learner's account is not deleted (well under SETTLE_MS). */
export const ALIVE_FOR_MS = 10_000;

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
const MAX_REMEMBERED = 10_000;

let fromEnv: DeletedCheck | null | undefined;

export function deletedCheckFromEnv(): DeletedCheck | null {
  if (fromEnv === undefined)
    fromEnv = process.env.TABLE_NAME ? rememberDeleted(dynamoTombstoneCheck(), Date.now, KNOWN_DELETED, aliveForMs(deletionSettleMs())) : null;
  return fromEnv;
}

/** Accounts this process knows are deleted: found by a check, or deleted by a request it served. */
const KNOWN_DELETED = new Set<string>();

/**
 * The deletion request's own function knows at once (locally every handler runs in one process, so the old token is
 * refused on the next request; in AWS another warm function trusts it for at most ALIVE_FOR_MS more).
 */
export function noteDeleted(userId: string): void {
  KNOWN_DELETED.add(userId);
}

export function rememberDeleted(
  check: DeletedCheck,
  now: () => number = Date.now,
  deleted: Set<string> = KNOWN_DELETED,
  aliveFor: number = ALIVE_FOR_MS,
): DeletedCheck {
  const aliveUntil = new BoundedMap<string, number>(MAX_REMEMBERED);
  return async (userId) => {
    if (deleted.has(userId)) return true;
    const until = aliveUntil.get(userId);
    if (until !== undefined && until > now()) return false;
    const is = await check(userId);
    if (is) {
      deleted.add(userId);
      aliveUntil.delete(userId);
    } else {
      aliveUntil.set(userId, now() + aliveFor);
    }
    return is;
  };
}

/** The one route a deleted account's token may still call: the deletion's progress. */
export const OPEN_TO_DELETED = new Set(['GET /api/me/deletion']);

/**
 * Signed out everywhere (issue 32): a token issued before the learner's latest sign-out everywhere or password change
 * is refused (shared/users/sessions.ts), by the same per-learner check as a deleted account's. The time is read from
 * the learner's SESSIONS item once per SIGNED_OUT_TRUSTED_MS per warm function, so a token issued before a sign-out is
 * refused within that time plus a request (well within 15 s) everywhere, and at once by the function that served the
 * sign-out (locally, every handler runs in that one process). Not shortened by a test stack: the tests run with it.
 */
export type SignedOutCheck = (userId: string, issuedAt: number | undefined) => Promise<boolean>;

/** How long a warm function trusts the "signed out at" time it read: at most 15 s must pass until old tokens are refused. */
export const SIGNED_OUT_TRUSTED_MS = 10_000;

/** Sign-outs this process recorded itself (the route that served them). */
const KNOWN_SIGN_OUTS = new BoundedMap<string, number>(MAX_REMEMBERED);

export function noteSignedOut(userId: string, atMs: number): void {
  KNOWN_SIGN_OUTS.set(userId, Math.max(atMs, KNOWN_SIGN_OUTS.get(userId) ?? 0));
}

export function rememberSignedOut(
  read: (userId: string) => Promise<number | null>,
  now: () => number = Date.now,
  trustMs: number = SIGNED_OUT_TRUSTED_MS,
  known: BoundedMap<string, number> = KNOWN_SIGN_OUTS,
): SignedOutCheck {
  const cache = new BoundedMap<string, { at: number | null; until: number }>(MAX_REMEMBERED);
  return async (userId, issuedAt) => {
    let kept = cache.get(userId);
    if (!kept || kept.until <= now()) {
      kept = { at: await read(userId), until: now() + trustMs };
      cache.set(userId, kept);
    }
    const here = known.get(userId);
    const at = here === undefined ? kept.at : Math.max(here, kept.at ?? 0);
    return issuedBeforeSignOut(issuedAt, at);
  };
}

let signedOutFromEnv: SignedOutCheck | null | undefined;

export function signedOutCheckFromEnv(): SignedOutCheck | null {
  if (signedOutFromEnv === undefined) {
    const store = process.env.TABLE_NAME ? dynamoSignOutStore() : null;
    signedOutFromEnv = store ? rememberSignedOut((userId) => store.signedOutAt(userId)) : null;
  }
  return signedOutFromEnv;
}
