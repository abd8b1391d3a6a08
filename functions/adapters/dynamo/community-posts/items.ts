import type { StoredComment, StoredPost } from '@shared/community/posts';
import type { ModerationItem } from '@shared/community/posts.api';

/** The stored items read back as the domain's shapes. */
export function toPost(i: Record<string, unknown>): StoredPost {
  return {
    id: String(i.id),
    authorId: String(i.authorId),
    authorName: String(i.authorName),
    authorPublicId: typeof i.authorPublicId === 'string' ? i.authorPublicId : null,
    title: String(i.title),
    thesis: String(i.thesis),
    tags: (i.tags as string[]) ?? [],
    underlying: String(i.underlying),
    strategyName: String(i.strategyName),
    strategyType: String(i.strategyType),
    source: i.source === 'journal' || i.source === 'backtest' ? i.source : 'builder',
    legs: (i.legs as StoredPost['legs']) ?? [],
    refPrice: Number(i.refPrice),
    refDate: String(i.refDate),
    outcome: (i.outcome as StoredPost['outcome']) ?? null,
    hasOutcome: !!i.outcome,
    ...(i.backtest ? { backtest: i.backtest as NonNullable<StoredPost['backtest']> } : {}),
    useful: Number(i.useful ?? 0),
    comments: Number(i.comments ?? 0),
    hidden: i.hidden === true,
    createdAt: String(i.createdAt),
  };
}

export function toComment(i: Record<string, unknown>): StoredComment {
  return {
    id: String(i.id),
    postId: String(i.postId),
    authorId: String(i.authorId),
    authorName: String(i.authorName),
    authorPublicId: typeof i.authorPublicId === 'string' ? i.authorPublicId : null,
    body: String(i.body),
    createdAt: String(i.createdAt),
    hidden: i.hidden === true,
  };
}

export function toModeration(i: Record<string, unknown>): ModerationItem {
  const status = i.status === 'hidden' || i.status === 'restored' ? i.status : 'open';
  return {
    postId: String(i.postId),
    commentId: typeof i.commentId === 'string' ? i.commentId : null,
    kind: i.kind === 'comment' ? 'comment' : 'post',
    excerpt: String(i.excerpt ?? ''),
    authorName: String(i.authorName ?? ''),
    reports: Number(i.reports ?? 0),
    reasons: reasonsOf(i).map((x) => x.text),
    status,
    updatedAt: String(i.updatedAt),
  };
}

/** Who gave each reason of a moderation entry (so an account's deletion takes its words out of the queue too). */
export const reasonsOf = (i: Record<string, unknown> | undefined): { by: string; text: string }[] =>
  Array.isArray(i?.reasonsBy) ? (i.reasonsBy as { by: string; text: string }[]) : [];
