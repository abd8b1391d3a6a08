import { dynamoTombstoneCheck } from '../adapters/dynamo/privacy-repository';
import { BoundedMap } from '@shared/bounded-map';
import { SETTLE_MS } from '@shared/users/privacy';
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
