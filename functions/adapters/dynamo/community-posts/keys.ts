import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * Strategy posts in the single table (docs/architecture.md, "Community"):
 *   CPOST#<id>/POST                    the post (legs as relative templates, counts, hidden flag, author id)
 *   CPOST#<id>/FEED#<variant>          one feed entry per variant (ALL, U#<und>, S#<type>, US#<und>#<type>), a copy of
 *                                      the summary; GSI2 = CFEED#<variant> / <createdAt>#<id> (newest), GSI1 =
 *                                      CFEEDU#<variant> / <useful, 8 digits>#<createdAt>#<id> (most useful). A feed page
 *                                      is one Query on one of them; a hidden post has no feed entries.
 *   CPOST#<id>/COMMENT#<ulid>          a comment
 *   CPOST#<id>/VOTE#<sub>              a useful vote: its existence is the one-per-learner rule
 *   CPOST#<id>/REPORT#<target>#<sub>   a report (target POST or COMMENT#<ulid>): one per learner and item
 *   CPOST#<id>/MOD#<target>            the moderation queue entry; GSI1 = CMOD#<status> / <updatedAt>
 *   USER#<sub>/CPOST#<id>              the author's copy (the data export; the deletion finds the posts through it)
 *   USER#<sub>/CCOMMENT#<postId>#<id>, CVOTE#<postId>, CREPORT#<postId>#<target>   the learner's own, for the same
 *   USER#<sub>/CRATE#<New York day>    posts and comments counted against the daily limits; expires after two days
 * A post or comment its author withdrew stays for a day as a tombstone in its own place (`withdrawn`, the author's id,
 * no words, `expiresAt`): reads treat it as gone, a late vote, comment or report fails on it, a retried DELETE finds it.
 */
export const postPk = (id: string) => `CPOST#${id}`;
export const POST = 'POST';
/** A count as 8 digits, so the most-useful index sorts by it. */
export const pad = (n: number) => String(Math.max(0, n)).padStart(8, '0');
export const MAX_RETRIES = 8;

/** The table and its client, passed to every part of the repository. */
export interface Store {
  db: DynamoDBDocumentClient;
  table: string;
}

export type Tx = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** The cancellation reasons of a transaction cancelled by a failed condition (one code per item), else null. */
export const conditionFailed = (err: unknown): string[] | null => {
  if (!(err instanceof TransactionCanceledException) && (err as Error).name !== 'TransactionCanceledException') return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
};

/** A short jittered pause before reading again after a lost race. */
export const pause = (attempt: number) => new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
