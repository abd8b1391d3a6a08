import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WITHDRAWN_KEPT_SECONDS, withdrawal, type PostRepository } from '@shared/community/posts';
import { batchWriteAll } from '../batch-write';
import { queryAll, queryPages } from '../query';
import { userPk } from '../profile-repository';
import { setVote } from './comments-votes';
import { countUpdates, feedDeletes } from './feed-entries';
import { reasonsOf, toPost } from './items';
import { conditionFailed, MAX_RETRIES, pause, POST, postPk, type Store, type Tx } from './keys';
import { rawModeration } from './moderation';
import { getPost, withPost } from './posts';

/**
 * Taking words back: an author's withdrawal of a post or comment (a tombstone for a day, then the clean-up), and a
 * learner's erasure with their account (their posts, comments, votes and reports, the counts kept true).
 */

/** The post or comment item as `withdrawal` judges it; a tombstone past its day is as gone as an unknown id. */
async function authored(
  { db, table }: Store,
  key: { PK: string; SK: string },
  at: string,
): Promise<{ authorId: string; withdrawn: boolean; item: Record<string, unknown> } | null> {
  const item = (await db.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
  if (!item) return null;
  const withdrawn = item.withdrawn === true;
  if (withdrawn && Number(item.expiresAt) <= Math.floor(new Date(at).getTime() / 1000)) return null;
  return { authorId: String(item.authorId), withdrawn, item };
}

const tombstone = (table: string, key: { PK: string; SK: string }, f: { id: string; postId: string; authorId: string; at: string }): Tx => ({
  Put: {
    TableName: table,
    Item: {
      ...key,
      type: 'community-withdrawn',
      id: f.id,
      postId: f.postId,
      authorId: f.authorId,
      withdrawn: true,
      hidden: true,
      withdrawnAt: f.at,
      expiresAt: Math.floor(new Date(f.at).getTime() / 1000) + WITHDRAWN_KEPT_SECONDS,
    },
    // Still the author's, and not withdrawn by a request that got there first.
    ConditionExpression: 'authorId = :me AND attribute_not_exists(withdrawn)',
    ExpressionAttributeValues: { ':me': f.authorId },
  },
});

/** The learner's own copy of a comment, vote or report in the post's partition (how the export and account deletion find it). */
const copyOf = (postId: string, i: Record<string, unknown>): { PK: string; SK: string } | null => {
  const sk = String(i.SK);
  if (sk.startsWith('COMMENT#') && typeof i.authorId === 'string') return { PK: userPk(i.authorId), SK: `CCOMMENT#${postId}#${sk.slice('COMMENT#'.length)}` };
  if (sk.startsWith('VOTE#')) return { PK: userPk(sk.slice('VOTE#'.length)), SK: `CVOTE#${postId}` };
  if (sk.startsWith('REPORT#') && typeof i.userId === 'string' && sk.endsWith(`#${i.userId}`))
    return { PK: userPk(i.userId), SK: `CREPORT#${postId}#${sk.slice('REPORT#'.length, sk.length - i.userId.length - 1)}` };
  return null;
};

/**
 * Deletes the items of a post's partition under `prefix` (all of them: '') but the post item itself, each learner's
 * own copy BEFORE the item it copies, so a clean-up cut short and run again still finds every copy through its item.
 */
async function removeWithCopies({ db, table }: Store, postId: string, prefix: string): Promise<void> {
  // Each page is deleted before the next is asked for (the pages are read one at a time).
  for await (const out of queryPages(db, table, {
    KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
    ExpressionAttributeValues: { ':pk': postPk(postId), ...(prefix ? { ':p': prefix } : {}) },
    ExpressionAttributeNames: { '#a': 'authorId', '#u': 'userId' },
    ProjectionExpression: 'PK, SK, #a, #u',
    ConsistentRead: true,
  })) {
    const items = (out.Items ?? []).filter((i) => i.SK !== POST);
    const copies = items.map((i) => copyOf(postId, i)).filter((k) => k !== null);
    await batchWriteAll(
      db,
      table,
      copies.map((Key) => ({ DeleteRequest: { Key } })),
    );
    await batchWriteAll(
      db,
      table,
      items.map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })),
    );
  }
}

async function deleteAll({ db, table }: Store, pk: string) {
  for await (const out of queryPages(db, table, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': pk },
    ProjectionExpression: 'PK, SK',
  })) {
    await batchWriteAll(
      db,
      table,
      (out.Items ?? []).map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })),
    );
  }
}

/** The keys (after `prefix`) of the learner's own copies under it. */
async function own({ db, table }: Store, userId: string, prefix: string): Promise<string[]> {
  const items = await queryAll(db, table, {
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
    ProjectionExpression: 'SK',
  });
  return items.map((i) => String(i.SK).slice(prefix.length));
}

export async function withdrawPost(
  store: Store,
  { postId, userId, at }: Parameters<PostRepository['withdrawPost']>[0],
): ReturnType<PostRepository['withdrawPost']> {
  const { db, table } = store;
  const key = { PK: postPk(postId), SK: POST };
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const found = await authored(store, key, at);
    const may = withdrawal(found, userId);
    if (may === 'missing') return 'missing';
    if (may === 'withdraw') {
      // 1. One transaction hides it from everyone: the post becomes a tombstone (every read, vote, comment, report
      //    and moderation now finds it gone) and its feed entries go, so no feed, filter or sort lists it after.
      const p = toPost(found!.item);
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [tombstone(table, key, { id: postId, postId, authorId: userId, at }), ...feedDeletes(table, p)],
          }),
        );
      } catch (err) {
        if (!conditionFailed(err)) throw err;
        continue; // another request withdrew it first: read it again
      }
    }
    // 2. Then the rest, which no one can see any more: comments, votes, reports and queue entries with the learners'
    //    own copies of them. 3. Last, the author's own copy, through which an account deletion still finds a post
    //    whose clean-up was cut short. A retry (the tombstone is found: 'already') runs 2 and 3 again.
    await removeWithCopies(store, postId, '');
    await db.send(new DeleteCommand({ TableName: table, Key: { PK: userPk(userId), SK: `CPOST#${postId}` } }));
    return 'ok';
  }
  throw new Error(`post ${postId}: too many concurrent changes`);
}

export async function withdrawComment(
  store: Store,
  { postId, commentId, userId, at }: Parameters<PostRepository['withdrawComment']>[0],
): ReturnType<PostRepository['withdrawComment']> {
  const { db, table } = store;
  const key = { PK: postPk(postId), SK: `COMMENT#${commentId}` };
  for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
    const found = await authored(store, key, at);
    const may = withdrawal(found, userId);
    if (may === 'missing') return 'missing';
    if (may === 'withdraw') {
      // The post's comment count (and its feed copies) goes down in the same transaction as the comment becomes a
      // tombstone, with the author's copy and the comment's queue entry: one step, nothing half-done to see.
      const p = await getPost(store, postId);
      if (!p) return 'missing'; // its post was withdrawn: the comment went with it
      try {
        await db.send(
          new TransactWriteCommand({
            TransactItems: [
              ...countUpdates(table, p, { useful: p.useful, comments: Math.max(0, p.comments - 1) }),
              tombstone(table, key, { id: commentId, postId, authorId: userId, at }),
              { Delete: { TableName: table, Key: { PK: userPk(userId), SK: `CCOMMENT#${postId}#${commentId}` } } },
              { Delete: { TableName: table, Key: { PK: postPk(postId), SK: `MOD#COMMENT#${commentId}` } } },
            ],
          }),
        );
      } catch (err) {
        if (!conditionFailed(err)) throw err;
        // A vote or comment changed the counts first, or another request withdrew it: read both again.
        await pause(attempt);
        continue;
      }
    }
    // Then the reports on it, with the reporters' own copies (the queue entry already went).
    await removeWithCopies(store, postId, `REPORT#COMMENT#${commentId}#`);
    return 'ok';
  }
  throw new Error(`comment ${commentId}: too many concurrent changes`);
}

/** Removes the learner's posts (with everything on them), comments, votes and reports; safe to run again. */
export async function eraseLearner(store: Store, userId: string): Promise<void> {
  const { db, table } = store;
  // Their posts, with everything on them (other learners' comments, votes and reports on a post go with it).
  for (const id of await own(store, userId, 'CPOST#')) await deleteAll(store, postPk(id));
  // Their votes, taken back so the counts stay true.
  for (const postId of await own(store, userId, 'CVOTE#')) {
    const out = await setVote(store, postId, userId, false);
    if (out === 'missing') await db.send(new DeleteCommand({ TableName: table, Key: { PK: postPk(postId), SK: `VOTE#${userId}` } }));
  }
  // Their comments, and the count on the post.
  for (const key of await own(store, userId, 'CCOMMENT#')) {
    const [postId, commentId] = key.split('#') as [string, string];
    const commentKey = { PK: postPk(postId), SK: `COMMENT#${commentId}` };
    const done = await withPost<boolean>(store, postId, (p) => ({
      tx: [
        ...countUpdates(table, p, { useful: p.useful, comments: Math.max(0, p.comments - 1) }),
        { Delete: { TableName: table, Key: commentKey, ConditionExpression: 'attribute_exists(PK)' } },
      ],
      done: true,
      onCancel: (codes) => (codes[codes.length - 1] === 'ConditionalCheckFailed' ? true : 'retry'),
    }));
    if (done === 'missing') await db.send(new DeleteCommand({ TableName: table, Key: commentKey }));
  }
  // Their reports, and their count and words in the moderation queue.
  for (const key of await own(store, userId, 'CREPORT#')) {
    const i = key.indexOf('#');
    const [postId, target] = [key.slice(0, i), key.slice(i + 1)];
    const gone = await db.send(new DeleteCommand({ TableName: table, Key: { PK: postPk(postId), SK: `REPORT#${target}#${userId}` }, ReturnValues: 'ALL_OLD' }));
    if (!gone.Attributes) continue;
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const raw = await rawModeration(store, postId, target);
      if (!raw) break;
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: { PK: postPk(postId), SK: `MOD#${target}` },
            UpdateExpression: 'SET #reports = :n, #reasons = :kept',
            ConditionExpression: '#reports = :seen',
            ExpressionAttributeNames: { '#reports': 'reports', '#reasons': 'reasonsBy' },
            ExpressionAttributeValues: {
              ':n': Math.max(0, Number(raw.reports ?? 0) - 1),
              ':kept': reasonsOf(raw).filter((x) => x.by !== userId),
              ':seen': raw.reports ?? 0,
            },
          }),
        );
        break;
      } catch (err) {
        if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
      }
    }
  }
}
