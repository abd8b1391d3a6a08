import { dynamoTombstoneCheck } from '../adapters/dynamo/privacy-repository';

/**
 * Whether the caller's account has been deleted (or is being deleted): a deleted learner's ID token stays valid until
 * it expires (15 minutes; the JWT authorizer cannot know), so every signed-in request checks the tombstone the
 * deletion writes first (shared/users/privacy.ts). One GetItem of a tiny item; a deleted account is remembered by the
 * warm function, since it never comes back. Without a table (handler unit tests) there is nothing to check.
 */
export type DeletedCheck = (userId: string) => Promise<boolean>;

let fromEnv: DeletedCheck | null | undefined;

export function deletedCheckFromEnv(): DeletedCheck | null {
  if (fromEnv === undefined) fromEnv = process.env.TABLE_NAME ? rememberDeleted(dynamoTombstoneCheck()) : null;
  return fromEnv;
}

export function rememberDeleted(check: DeletedCheck): DeletedCheck {
  const deleted = new Set<string>();
  return async (userId) => {
    if (deleted.has(userId)) return true;
    const is = await check(userId);
    if (is) deleted.add(userId);
    return is;
  };
}

/** The one route a deleted account's token may still call: the deletion's progress. */
export const OPEN_TO_DELETED = new Set(['GET /api/me/deletion']);
