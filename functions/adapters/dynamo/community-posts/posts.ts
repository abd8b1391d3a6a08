import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PostRepository, StoredPost } from '@shared/community/posts';
import { outboxPut } from '../outbox';
import { userPk } from '../profile-repository';
import { feedEntries } from './feed-entries';
import { toPost } from './items';
import { conditionFailed, MAX_RETRIES, pause, POST, postPk, type Store, type Tx } from './keys';

/** Counts a post or comment against the learner's daily limit; fails its condition when the day's limit is reached. */
export const rateUpdate = (table: string, userId: string, day: string, field: 'posts' | 'comments', max: number, at: string): Tx => ({
  Update: {
    TableName: table,
    Key: { PK: userPk(userId), SK: `CRATE#${day}` },
    UpdateExpression: 'SET #type = :type, expiresAt = if_not_exists(expiresAt, :exp) ADD #f :one',
    ConditionExpression: 'attribute_not_exists(#f) OR #f < :max',
    ExpressionAttributeNames: { '#f': field, '#type': 'type' },
    ExpressionAttributeValues: { ':one': 1, ':max': max, ':type': 'community-rate', ':exp': Math.floor(new Date(at).getTime() / 1000) + 2 * 86_400 },
  },
});

/** The post, or null when there is none or its author withdrew it. */
export async function getPost({ db, table }: Store, id: string): Promise<StoredPost | null> {
  const out = await db.send(new GetCommand({ TableName: table, Key: { PK: postPk(id), SK: POST }, ConsistentRead: true }));
  return out.Item && out.Item.withdrawn !== true ? toPost(out.Item) : null;
}

/** What to write against the post as read, or an answer without writing (`missing` when there is no post to write on). */
export type Plan<T> = { tx: Tx[]; done: T; onCancel?: (codes: string[]) => T | 'retry' } | { answer: T | 'missing' };

/**
 * Runs `build(post)` as one transaction against the post as just read, reading again and retrying when another
 * write changed the counts first (two learners voting at once).
 */
export async function withPost<T>(store: Store, postId: string, build: (p: StoredPost) => Plan<T>): Promise<T | 'missing'> {
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const p = await getPost(store, postId);
    if (!p) return 'missing';
    const plan = build(p);
    if ('answer' in plan) return plan.answer;
    try {
      await store.db.send(new TransactWriteCommand({ TransactItems: plan.tx }));
      return plan.done;
    } catch (err) {
      const codes = conditionFailed(err);
      if (!codes) throw err;
      const decided = plan.onCancel?.(codes);
      if (decided !== undefined && decided !== 'retry') return decided;
      await pause(attempt);
    }
  }
  throw new Error(`post ${postId}: too many concurrent changes`);
}

/** The post, its feed entries, the author's copy and the event in one transaction, counted against the day's limit. */
export async function createPost({ db, table }: Store, ...[post, limit, event]: Parameters<PostRepository['create']>): ReturnType<PostRepository['create']> {
  const { authorId } = post;
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: { PK: postPk(post.id), SK: POST, type: 'community-post', ...post },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          ...feedEntries(post).map((Item): Tx => ({ Put: { TableName: table, Item } })),
          { Put: { TableName: table, Item: { PK: userPk(authorId), SK: `CPOST#${post.id}`, type: 'community-post', ...post } } },
          outboxPut(table, event),
          // Last: a failed condition here is the day's limit (below).
          rateUpdate(table, authorId, limit.day, 'posts', limit.max, post.createdAt),
        ],
      }),
    );
    return 'ok';
  } catch (err) {
    const codes = conditionFailed(err);
    if (codes?.[codes.length - 1] === 'ConditionalCheckFailed') return 'rate_limited';
    throw err;
  }
}
