import type { DynamoDBDocumentClient, QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { PostRepository } from '@shared/community/posts';
import { documentClient, tableName } from '../client';
import { addComment, hasVoted, listComments, setVote } from './comments-votes';
import { eraseLearner, withdrawComment, withdrawPost } from './erasure';
import { feedQuery, readFeed } from './feed-entries';
import type { Store } from './keys';
import { moderate, queue, report } from './moderation';
import { createPost, getPost } from './posts';

export { withFeedCache } from './feed-cache';

/**
 * Strategy posts in the single table, by concern: the keys (keys.ts), the feed entries (feed-entries.ts), posts
 * (posts.ts), comments and votes (comments-votes.ts), moderation (moderation.ts), and withdrawal and erasure
 * (erasure.ts).
 */
export function dynamoPostRepository(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
): PostRepository & { feedQuery: (variant: string, sort: 'newest' | 'useful') => QueryCommandInput } {
  const store: Store = { db, table };
  return {
    create: (post, limit, event) => createPost(store, post, limit, event),
    get: (id) => getPost(store, id),
    comments: (id) => listComments(store, id),
    hasVoted: (id, userId) => hasVoted(store, id, userId),
    feed: (q) => readFeed(store, q),
    addComment: (c, limit) => addComment(store, c, limit),
    setVote: (postId, userId, useful) => setVote(store, postId, userId, useful),
    report: (r) => report(store, r),
    queue: (status, limit) => queue(store, status, limit),
    moderate: (m) => moderate(store, m),
    withdrawPost: (w) => withdrawPost(store, w),
    withdrawComment: (w) => withdrawComment(store, w),
    eraseLearner: (userId) => eraseLearner(store, userId),
    feedQuery: (variant, sort) => feedQuery(table, variant, sort),
  };
}
