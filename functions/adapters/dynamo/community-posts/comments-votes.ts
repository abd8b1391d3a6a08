import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { PostRepository, StoredComment } from '@shared/community/posts';
import { userPk } from '../profile-repository';
import { countUpdates } from './feed-entries';
import { toComment } from './items';
import { postPk, type Store, type Tx } from './keys';
import { rateUpdate, withPost } from './posts';

/** A post's comments (up to 500), without the withdrawn ones. */
export async function listComments({ db, table }: Store, id: string): Promise<StoredComment[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :c)',
      ExpressionAttributeValues: { ':pk': postPk(id), ':c': 'COMMENT#' },
      ConsistentRead: true,
      Limit: 500,
    }),
  );
  return (out.Items ?? []).filter((i) => i.withdrawn !== true).map(toComment);
}

export async function hasVoted({ db, table }: Store, id: string, userId: string): Promise<boolean> {
  const out = await db.send(
    new GetCommand({ TableName: table, Key: { PK: postPk(id), SK: `VOTE#${userId}` }, ProjectionExpression: 'PK', ConsistentRead: true }),
  );
  return !!out.Item;
}

/** The comment, the author's copy and the post's count in one transaction, counted against the day's limit. */
export function addComment(store: Store, c: StoredComment, limit: { day: string; max: number }): ReturnType<PostRepository['addComment']> {
  const { table } = store;
  return withPost<'ok' | 'rate_limited'>(store, c.postId, (p) => {
    if (p.hidden) return { answer: 'missing' };
    const tx: Tx[] = [
      ...countUpdates(table, p, { useful: p.useful, comments: p.comments + 1 }),
      {
        Put: {
          TableName: table,
          Item: { PK: postPk(c.postId), SK: `COMMENT#${c.id}`, type: 'community-comment', ...c },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: table,
          Item: { PK: userPk(c.authorId), SK: `CCOMMENT#${c.postId}#${c.id}`, type: 'community-comment', ...c, postTitle: p.title },
        },
      },
      rateUpdate(table, c.authorId, limit.day, 'comments', limit.max, c.createdAt),
    ];
    return { tx, done: 'ok', onCancel: (codes) => (codes[codes.length - 1] === 'ConditionalCheckFailed' ? 'rate_limited' : 'retry') };
  });
}

/** Sets the learner's vote; the vote, their copy and the post's count change in one transaction. */
export function setVote(store: Store, postId: string, userId: string, useful: boolean): ReturnType<PostRepository['setVote']> {
  const { table } = store;
  return withPost(store, postId, (p) => {
    const voteKey = { PK: postPk(postId), SK: `VOTE#${userId}` };
    const mineKey = { PK: userPk(userId), SK: `CVOTE#${postId}` };
    const at = new Date().toISOString();
    const tx: Tx[] = [
      ...countUpdates(table, p, { useful: p.useful + (useful ? 1 : -1), comments: p.comments }),
      useful
        ? { Put: { TableName: table, Item: { ...voteKey, type: 'community-vote', userId, at }, ConditionExpression: 'attribute_not_exists(PK)' } }
        : { Delete: { TableName: table, Key: voteKey, ConditionExpression: 'attribute_exists(PK)' } },
      useful
        ? { Put: { TableName: table, Item: { ...mineKey, type: 'community-vote', postId, postTitle: p.title, at } } }
        : { Delete: { TableName: table, Key: mineKey } },
    ];
    const voteIndex = tx.length - 2;
    return {
      tx,
      done: { useful: p.useful + (useful ? 1 : -1), votedUseful: useful },
      // The vote is already as asked (a repeated request, or the other tab won): nothing changes.
      onCancel: (codes) =>
        codes[voteIndex] === 'ConditionalCheckFailed' && codes.slice(0, voteIndex).every((c) => c === 'None')
          ? { useful: p.useful, votedUseful: useful }
          : 'retry',
    };
  });
}
