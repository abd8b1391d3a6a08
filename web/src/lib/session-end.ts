/**
 * The end of a session the learner did not end here: the account was deleted, the learner signed out on every
 * device (or changed the password, which does the same), or the session can no longer be refreshed. The API client
 * reports it from the server's 401 (its `code`) or from Amplify's refusal to refresh; the auth layer listens, signs
 * the tab out once and the sign-in page says why in one sentence. From the report until the tab has signed out, the
 * client sends nothing, so no poll keeps asking with a session the server refuses.
 */
export type SessionEnd = 'account_deleted' | 'signed_out' | 'expired';

export const SESSION_END_SENTENCES: Record<SessionEnd, string> = {
  account_deleted: 'This account has been deleted.',
  signed_out: 'You were signed out on every device.',
  expired: 'Your session has ended. Please sign in again.',
};

/** The server's 401 codes that end the session (functions/commons/http.ts answers them). */
const CODES: Record<string, SessionEnd> = { account_deleted: 'account_deleted', signed_out: 'signed_out' };

/** The one request a deleted account's token may still make: the deletion's progress (the server allows it too). */
export const OPEN_AFTER_DELETION = 'GET /api/me/deletion';

let ended: SessionEnd | null = null;
let deleting = false;
/** Counts the tab's sign-outs after an end: an answer to a request sent before the last one speaks of an old session. */
let generation = 0;
const listeners = new Set<(why: SessionEnd) => void>();

const announce = (why: SessionEnd) => {
  for (const listener of [...listeners]) listener(why);
};

/** Listens for the end of the session; answers the function that stops listening. */
export function onSessionEnd(listener: (why: SessionEnd) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Why the session ended, while the tab has not yet signed out; null otherwise. */
export const sessionEnded = (): SessionEnd | null => ended;

/** The session a request is sent in, to report its end with. */
export const currentSession = (): number => generation;

/**
 * What a 401 means for the session: the server's code when it names one; otherwise, a token that was sent and
 * refused is a session that has ended. A 401 to a request without a token says nothing about a session.
 */
export function sessionEndOf(status: number, body: unknown, sentToken: boolean): SessionEnd | null {
  if (status !== 401) return null;
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  if (typeof code === 'string' && CODES[code]) return CODES[code];
  return sentToken ? 'expired' : null;
}

/**
 * Reports the end of the session, once; a refusal of a request sent before the tab last signed out is old news. While
 * this tab deletes its own account, the deletion's page says so first.
 */
export function endSession(why: SessionEnd, session: number = generation): void {
  if (ended || session !== generation) return;
  ended = why;
  if (!(deleting && why === 'account_deleted')) announce(why);
}

/**
 * The learner is deleting the account in this tab: the refusals that follow are expected, so the tab stays on the
 * deletion's progress (every other request is held back) until the learner leaves. Answers the function that undoes
 * it if the request to delete failed.
 */
export function expectAccountDeletion(): () => void {
  deleting = true;
  return () => {
    deleting = false;
    if (ended) announce(ended);
  };
}

/** The learner leaves the deleted account: the tab signs out and the sign-in page says why. */
export function leaveDeletedAccount(): void {
  deleting = false;
  ended = 'account_deleted';
  announce(ended);
}

/** The tab has signed out (its tokens are gone): requests go out again, without a token. */
export function sessionCleared(): void {
  generation += 1;
  ended = null;
  deleting = false;
}
