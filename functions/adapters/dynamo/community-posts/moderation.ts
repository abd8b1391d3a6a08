import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PostRepository } from '@shared/community/posts';
import type { ModerationItem } from '@shared/community/posts.api';
import { userPk } from '../profile-repository';
import { feedDeletes, feedEntries } from './feed-entries';
import { reasonsOf, toModeration } from './items';
import { conditionFailed, POST, postPk, type Store, type Tx } from './keys';
import { getPost, withPost } from './posts';

/** The moderation queue entry of a post or comment (`POST` or `COMMENT#<id>`), as stored. */
export async function rawModeration({ db, table }: Store, postId: string, target: string): Promise<Record<string, unknown> | undefined> {
  return (await db.send(new GetCommand({ TableName: table, Key: { PK: postPk(postId), SK: `MOD#${target}` }, ConsistentRead: true }))).Item;
}

async function moderationItem(store: Store, postId: string, target: string): Promise<ModerationItem | null> {
  const item = await rawModeration(store, postId, target);
  return item ? toModeration(item) : null;
}

/** Fails a report or moderation when its post or comment was withdrawn meanwhile, so nothing lands in the queue after the clean-up. */
const stillThere = (table: string, key: { PK: string; SK: string }): Tx => ({
  ConditionCheck: { TableName: table, Key: key, ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(withdrawn)' },
});

/** A learner's report: once per learner and item, counted on the queue entry (conditional on the count read). */
export async function report(store: Store, r: Parameters<PostRepository['report']>[0]): ReturnType<PostRepository['report']> {
  const { db, table } = store;
  const target = r.commentId ? `COMMENT#${r.commentId}` : POST;
  const raw = await rawModeration(store, r.postId, target);
  const existing = raw ? toModeration(raw) : null;
  const status = existing?.status === 'hidden' ? 'hidden' : 'open';
  // Who gave each reason, so an account's deletion takes its words out of the queue too.
  const reasonsBy = [...reasonsOf(raw), ...(r.reason ? [{ by: r.userId, text: r.reason }] : [])].slice(-10);
  try {
    await db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: { PK: postPk(r.postId), SK: `REPORT#${target}#${r.userId}`, type: 'community-report', userId: r.userId, reason: r.reason, at: r.at },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: table,
              Item: {
                PK: userPk(r.userId),
                SK: `CREPORT#${r.postId}#${target}`,
                type: 'community-report',
                postId: r.postId,
                commentId: r.commentId,
                reason: r.reason,
                at: r.at,
              },
            },
          },
          {
            Put: {
              TableName: table,
              Item: {
                PK: postPk(r.postId),
                SK: `MOD#${target}`,
                type: 'community-moderation',
                postId: r.postId,
                commentId: r.commentId,
                kind: r.commentId ? 'comment' : 'post',
                excerpt: r.excerpt,
                authorName: r.authorName,
                reports: (existing?.reports ?? 0) + 1,
                reasonsBy,
                status,
                updatedAt: r.at,
                GSI1PK: `CMOD#${status}`,
                GSI1SK: r.at,
              },
              ...(existing
                ? {
                    ConditionExpression: '#reports = :seen',
                    ExpressionAttributeNames: { '#reports': 'reports' },
                    ExpressionAttributeValues: { ':seen': existing.reports },
                  }
                : { ConditionExpression: 'attribute_not_exists(PK)' }),
            },
          },
          stillThere(table, { PK: postPk(r.postId), SK: target }),
        ],
      }),
    );
    return 'ok';
  } catch (err) {
    const codes = conditionFailed(err);
    if (!codes) throw err;
    if (codes[3] === 'ConditionalCheckFailed') return 'missing';
    if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
    return report(store, r); // another report landed first: count again from the new total
  }
}

/** The moderation queue of one status, most recently changed first. */
export async function queue({ db, table }: Store, status: ModerationItem['status'], limit: number): Promise<ModerationItem[]> {
  const out = await db.send(
    new QueryCommand({
      TableName: table,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': `CMOD#${status}` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(toModeration);
}

/** A moderator hides or restores a post (its feed entries go or come back) or a comment, with its queue entry. */
export async function moderate(
  store: Store,
  { postId, commentId, action, at, by }: Parameters<PostRepository['moderate']>[0],
): ReturnType<PostRepository['moderate']> {
  const { db, table } = store;
  const target = commentId ? `COMMENT#${commentId}` : POST;
  const status: ModerationItem['status'] = action === 'hide' ? 'hidden' : 'restored';
  const hide = action === 'hide';
  const modUpdate = (base: { excerpt: string; authorName: string }): Tx => ({
    Update: {
      TableName: table,
      Key: { PK: postPk(postId), SK: `MOD#${target}` },
      UpdateExpression:
        'SET #type = :type, postId = :post, commentId = :comment, #kind = :kind, #excerpt = if_not_exists(#excerpt, :excerpt), authorName = if_not_exists(authorName, :author), #reports = if_not_exists(#reports, :zero), #reasons = if_not_exists(#reasons, :none), #status = :status, updatedAt = :at, moderatedBy = :by, GSI1PK = :gsi, GSI1SK = :at',
      ExpressionAttributeNames: {
        '#type': 'type',
        '#status': 'status',
        '#kind': 'kind',
        '#excerpt': 'excerpt',
        '#reports': 'reports',
        '#reasons': 'reasonsBy',
      },
      ExpressionAttributeValues: {
        ':type': 'community-moderation',
        ':post': postId,
        ':comment': commentId,
        ':kind': commentId ? 'comment' : 'post',
        ':excerpt': base.excerpt.slice(0, 280),
        ':author': base.authorName,
        ':zero': 0,
        ':none': [],
        ':status': status,
        ':at': at,
        ':by': by,
        ':gsi': `CMOD#${status}`,
      },
    },
  });

  if (commentId) {
    const post = await getPost(store, postId);
    const c = post && (await db.send(new GetCommand({ TableName: table, Key: { PK: postPk(postId), SK: target }, ConsistentRead: true }))).Item;
    if (!c || c.withdrawn === true) return 'missing';
    const hideComment: Tx = {
      Update: {
        TableName: table,
        Key: { PK: postPk(postId), SK: target },
        UpdateExpression: 'SET #hidden = :h',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(withdrawn)',
        ExpressionAttributeNames: { '#hidden': 'hidden' },
        ExpressionAttributeValues: { ':h': hide },
      },
    };
    try {
      await db.send(new TransactWriteCommand({ TransactItems: [hideComment, modUpdate({ excerpt: String(c.body), authorName: String(c.authorName) })] }));
    } catch (err) {
      if (conditionFailed(err)) return 'missing';
      throw err;
    }
  } else {
    const out = await withPost<true>(store, postId, (p) => {
      const base = { excerpt: p.title, authorName: p.authorName };
      if (p.hidden === hide) return { tx: [stillThere(table, { PK: postPk(postId), SK: POST }), modUpdate(base)], done: true };
      const tx: Tx[] = [
        {
          Update: {
            TableName: table,
            Key: { PK: postPk(postId), SK: POST },
            UpdateExpression: 'SET #hidden = :h',
            // The feed entries are rebuilt from the counts read: no vote or comment may land in between.
            ConditionExpression: '#hidden = :was AND #useful = :u AND #comments = :c',
            ExpressionAttributeNames: { '#hidden': 'hidden', '#useful': 'useful', '#comments': 'comments' },
            ExpressionAttributeValues: { ':h': hide, ':was': p.hidden, ':u': p.useful, ':c': p.comments },
          },
        },
        ...(hide ? feedDeletes(table, p) : feedEntries({ ...p, hidden: false }).map((Item): Tx => ({ Put: { TableName: table, Item } }))),
        modUpdate(base),
      ];
      return { tx, done: true };
    });
    if (out === 'missing') return 'missing';
  }
  return (await moderationItem(store, postId, target))!;
}
