import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  UpdateCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { ModerationItem, PostSummary } from '@shared/community/posts.api';
import {
  feedVariantsOf,
  summaryOf,
  WITHDRAWN_KEPT_SECONDS,
  withdrawal,
  type PostRepository,
  type StoredComment,
  type StoredPost,
} from '@shared/community/posts';
import { batchWriteAll } from './batch-write';
import { documentClient, tableName } from './client';
import { outboxPut } from './outbox';
import { userPk } from './profile-repository';
import { BoundedMap } from '@shared/bounded-map';

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
const postPk = (id: string) => `CPOST#${id}`;
const POST = 'POST';
const pad = (n: number) => String(Math.max(0, n)).padStart(8, '0');
const MAX_RETRIES = 8;

const conditionFailed = (err: unknown): string[] | null => {
  if (!(err instanceof TransactionCanceledException) && (err as Error).name !== 'TransactionCanceledException') return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
};

type Tx = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export function dynamoPostRepository(
  db: DynamoDBDocumentClient = documentClient(),
  table = tableName(),
): PostRepository & { feedQuery: (variant: string, sort: 'newest' | 'useful') => QueryCommandInput } {
  const feedEntries = (p: StoredPost): Record<string, unknown>[] =>
    feedVariantsOf(p).map((variant) => ({
      PK: postPk(p.id),
      SK: `FEED#${variant}`,
      type: 'community-feed',
      summary: summaryOf(p),
      GSI2PK: `CFEED#${variant}`,
      GSI2SK: `${p.createdAt}#${p.id}`,
      GSI1PK: `CFEEDU#${variant}`,
      GSI1SK: `${pad(p.useful)}#${p.createdAt}#${p.id}`,
    }));

  const rateUpdate = (userId: string, day: string, field: 'posts' | 'comments', max: number, at: string): Tx => ({
    Update: {
      TableName: table,
      Key: { PK: userPk(userId), SK: `CRATE#${day}` },
      UpdateExpression: 'SET #type = :type, expiresAt = if_not_exists(expiresAt, :exp) ADD #f :one',
      ConditionExpression: 'attribute_not_exists(#f) OR #f < :max',
      ExpressionAttributeNames: { '#f': field, '#type': 'type' },
      ExpressionAttributeValues: { ':one': 1, ':max': max, ':type': 'community-rate', ':exp': Math.floor(new Date(at).getTime() / 1000) + 2 * 86_400 },
    },
  });

  async function getPost(id: string): Promise<StoredPost | null> {
    const out = await db.send(new GetCommand({ TableName: table, Key: { PK: postPk(id), SK: POST }, ConsistentRead: true }));
    return out.Item && out.Item.withdrawn !== true ? toPost(out.Item) : null;
  }

  /** The post or comment item as `withdrawal` judges it; a tombstone past its day is as gone as an unknown id. */
  async function authored(
    key: { PK: string; SK: string },
    at: string,
  ): Promise<{ authorId: string; withdrawn: boolean; item: Record<string, unknown> } | null> {
    const item = (await db.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }))).Item;
    if (!item) return null;
    const withdrawn = item.withdrawn === true;
    if (withdrawn && Number(item.expiresAt) <= Math.floor(new Date(at).getTime() / 1000)) return null;
    return { authorId: String(item.authorId), withdrawn, item };
  }

  const tombstone = (key: { PK: string; SK: string }, f: { id: string; postId: string; authorId: string; at: string }): Tx => ({
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
  async function removeWithCopies(postId: string, prefix: string): Promise<void> {
    let cursor: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :p)' : 'PK = :pk',
          ExpressionAttributeValues: { ':pk': postPk(postId), ...(prefix ? { ':p': prefix } : {}) },
          ExpressionAttributeNames: { '#a': 'authorId', '#u': 'userId' },
          ProjectionExpression: 'PK, SK, #a, #u',
          ConsistentRead: true,
          ExclusiveStartKey: cursor,
        }),
      );
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
      cursor = out.LastEvaluatedKey;
    } while (cursor);
  }

  /** Fails a report or moderation when its post or comment was withdrawn meanwhile, so nothing lands in the queue after the clean-up. */
  const stillThere = (key: { PK: string; SK: string }): Tx => ({
    ConditionCheck: { TableName: table, Key: key, ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(withdrawn)' },
  });

  /** Changes a post's counts together with its feed entries' copies (when it is shown), conditional on the count read. */
  const countUpdates = (p: StoredPost, next: { useful: number; comments: number }): Tx[] => [
    {
      Update: {
        TableName: table,
        Key: { PK: postPk(p.id), SK: POST },
        UpdateExpression: 'SET #useful = :u, #comments = :c',
        ConditionExpression: '#useful = :seenU AND #comments = :seenC AND #hidden = :hidden',
        ExpressionAttributeNames: { '#useful': 'useful', '#comments': 'comments', '#hidden': 'hidden' },
        ExpressionAttributeValues: { ':u': next.useful, ':c': next.comments, ':seenU': p.useful, ':seenC': p.comments, ':hidden': p.hidden },
      },
    },
    ...(p.hidden
      ? []
      : feedVariantsOf(p).map((variant): Tx => ({
          Update: {
            TableName: table,
            Key: { PK: postPk(p.id), SK: `FEED#${variant}` },
            UpdateExpression: 'SET #summary.#useful = :u, #summary.#comments = :c, GSI1SK = :sk',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: { '#summary': 'summary', '#useful': 'useful', '#comments': 'comments' },
            ExpressionAttributeValues: { ':u': next.useful, ':c': next.comments, ':sk': `${pad(next.useful)}#${p.createdAt}#${p.id}` },
          },
        }))),
  ];

  /**
   * Runs `build(post)` as one transaction against the post as just read, reading again and retrying when another
   * write changed the counts first (two learners voting at once). `build` answers null when there is nothing to do.
   */
  type Plan<T> = { tx: Tx[]; done: T; onCancel?: (codes: string[]) => T | 'retry' } | { answer: T | 'missing' };
  async function withPost<T>(postId: string, build: (p: StoredPost) => Plan<T>): Promise<T | 'missing'> {
    for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
      const p = await getPost(postId);
      if (!p) return 'missing';
      const plan = build(p);
      if ('answer' in plan) return plan.answer;
      try {
        await db.send(new TransactWriteCommand({ TransactItems: plan.tx }));
        return plan.done;
      } catch (err) {
        const codes = conditionFailed(err);
        if (!codes) throw err;
        const decided = plan.onCancel?.(codes);
        if (decided !== undefined && decided !== 'retry') return decided;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
      }
    }
    throw new Error(`post ${postId}: too many concurrent changes`);
  }

  async function rawModeration(postId: string, target: string): Promise<Record<string, unknown> | undefined> {
    return (await db.send(new GetCommand({ TableName: table, Key: { PK: postPk(postId), SK: `MOD#${target}` }, ConsistentRead: true }))).Item;
  }
  async function moderationItem(postId: string, target: string): Promise<ModerationItem | null> {
    const item = await rawModeration(postId, target);
    return item ? toModeration(item) : null;
  }

  async function deleteAll(pk: string) {
    let cursor: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ProjectionExpression: 'PK, SK',
          ExclusiveStartKey: cursor,
        }),
      );
      await batchWriteAll(
        db,
        table,
        (out.Items ?? []).map((i) => ({ DeleteRequest: { Key: { PK: i.PK, SK: i.SK } } })),
      );
      cursor = out.LastEvaluatedKey;
    } while (cursor);
  }

  async function own(userId: string, prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
          ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
          ProjectionExpression: 'SK',
          ExclusiveStartKey: cursor,
        }),
      );
      for (const i of out.Items ?? []) keys.push(String(i.SK).slice(prefix.length));
      cursor = out.LastEvaluatedKey;
    } while (cursor);
    return keys;
  }

  const feedQuery = (variant: string, sort: 'newest' | 'useful'): QueryCommandInput =>
    sort === 'newest'
      ? {
          TableName: table,
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk',
          ExpressionAttributeValues: { ':pk': `CFEED#${variant}` },
          ScanIndexForward: false,
        }
      : {
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': `CFEEDU#${variant}` },
          ScanIndexForward: false,
        };

  const repo: PostRepository = {
    async create(post, limit, event) {
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
              rateUpdate(authorId, limit.day, 'posts', limit.max, post.createdAt),
            ],
          }),
        );
        return 'ok';
      } catch (err) {
        const codes = conditionFailed(err);
        if (codes?.[codes.length - 1] === 'ConditionalCheckFailed') return 'rate_limited';
        throw err;
      }
    },

    get: getPost,

    async comments(id) {
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
    },

    async hasVoted(id, userId) {
      const out = await db.send(
        new GetCommand({ TableName: table, Key: { PK: postPk(id), SK: `VOTE#${userId}` }, ProjectionExpression: 'PK', ConsistentRead: true }),
      );
      return !!out.Item;
    },

    async feed({ variant, sort, limit, cursor }) {
      let start: Record<string, unknown> | undefined;
      if (cursor) {
        try {
          const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
          const keys = ['PK', 'SK', sort === 'newest' ? 'GSI2PK' : 'GSI1PK', sort === 'newest' ? 'GSI2SK' : 'GSI1SK'];
          if (
            !parsed ||
            typeof parsed !== 'object' ||
            Object.keys(parsed).sort().join() !== [...keys].sort().join() ||
            !keys.every((k) => typeof parsed[k] === 'string')
          )
            return 'bad_cursor';
          if (parsed[keys[2]!] !== (sort === 'newest' ? `CFEED#${variant}` : `CFEEDU#${variant}`)) return 'bad_cursor';
          start = parsed;
        } catch {
          return 'bad_cursor';
        }
      }
      const out = await db.send(
        new QueryCommand({
          ...feedQuery(variant, sort),
          Limit: limit,
          ExclusiveStartKey: start,
          ProjectionExpression: '#summary',
          ExpressionAttributeNames: { '#summary': 'summary' },
        }),
      );
      return {
        // Posts shared before public profiles carry no author link.
        posts: (out.Items ?? []).map((i) => ({ authorPublicId: null, ...(i.summary as Omit<PostSummary, 'authorPublicId'>) })),
        cursor: out.LastEvaluatedKey ? Buffer.from(JSON.stringify(out.LastEvaluatedKey)).toString('base64url') : null,
      };
    },

    async addComment(c, limit) {
      const out = await withPost<'ok' | 'rate_limited'>(c.postId, (p) => {
        if (p.hidden) return { answer: 'missing' };
        const tx: Tx[] = [
          ...countUpdates(p, { useful: p.useful, comments: p.comments + 1 }),
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
          rateUpdate(c.authorId, limit.day, 'comments', limit.max, c.createdAt),
        ];
        return { tx, done: 'ok', onCancel: (codes) => (codes[codes.length - 1] === 'ConditionalCheckFailed' ? 'rate_limited' : 'retry') };
      });
      return out;
    },

    async setVote(postId, userId, useful) {
      return withPost(postId, (p) => {
        const voteKey = { PK: postPk(postId), SK: `VOTE#${userId}` };
        const mineKey = { PK: userPk(userId), SK: `CVOTE#${postId}` };
        const at = new Date().toISOString();
        const tx: Tx[] = [
          ...countUpdates(p, { useful: p.useful + (useful ? 1 : -1), comments: p.comments }),
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
    },

    async report(r) {
      const target = r.commentId ? `COMMENT#${r.commentId}` : POST;
      const raw = await rawModeration(r.postId, target);
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
              stillThere({ PK: postPk(r.postId), SK: target }),
            ],
          }),
        );
        return 'ok';
      } catch (err) {
        const codes = conditionFailed(err);
        if (!codes) throw err;
        if (codes[3] === 'ConditionalCheckFailed') return 'missing';
        if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
        return repo.report(r); // another report landed first: count again from the new total
      }
    },

    async queue(status, limit) {
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
    },

    async moderate({ postId, commentId, action, at, by }) {
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
        const post = await getPost(postId);
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
        const out = await withPost<true>(postId, (p) => {
          const base = { excerpt: p.title, authorName: p.authorName };
          if (p.hidden === hide) return { tx: [stillThere({ PK: postPk(postId), SK: POST }), modUpdate(base)], done: true };
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
            ...(hide
              ? feedVariantsOf(p).map((v): Tx => ({ Delete: { TableName: table, Key: { PK: postPk(postId), SK: `FEED#${v}` } } }))
              : feedEntries({ ...p, hidden: false }).map((Item): Tx => ({ Put: { TableName: table, Item } }))),
            modUpdate(base),
          ];
          return { tx, done: true };
        });
        if (out === 'missing') return 'missing';
      }
      return (await moderationItem(postId, target))!;
    },

    async withdrawPost({ postId, userId, at }) {
      const key = { PK: postPk(postId), SK: POST };
      for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
        const found = await authored(key, at);
        const may = withdrawal(found, userId);
        if (may === 'missing') return 'missing';
        if (may === 'withdraw') {
          // 1. One transaction hides it from everyone: the post becomes a tombstone (every read, vote, comment, report
          //    and moderation now finds it gone) and its feed entries go, so no feed, filter or sort lists it after.
          const p = toPost(found!.item);
          try {
            await db.send(
              new TransactWriteCommand({
                TransactItems: [
                  tombstone(key, { id: postId, postId, authorId: userId, at }),
                  ...feedVariantsOf(p).map((v): Tx => ({ Delete: { TableName: table, Key: { PK: postPk(postId), SK: `FEED#${v}` } } })),
                ],
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
        await removeWithCopies(postId, '');
        await db.send(new DeleteCommand({ TableName: table, Key: { PK: userPk(userId), SK: `CPOST#${postId}` } }));
        return 'ok';
      }
      throw new Error(`post ${postId}: too many concurrent changes`);
    },

    async withdrawComment({ postId, commentId, userId, at }) {
      const key = { PK: postPk(postId), SK: `COMMENT#${commentId}` };
      for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
        const found = await authored(key, at);
        const may = withdrawal(found, userId);
        if (may === 'missing') return 'missing';
        if (may === 'withdraw') {
          // The post's comment count (and its feed copies) goes down in the same transaction as the comment becomes a
          // tombstone, with the author's copy and the comment's queue entry: one step, nothing half-done to see.
          const p = await getPost(postId);
          if (!p) return 'missing'; // its post was withdrawn: the comment went with it
          try {
            await db.send(
              new TransactWriteCommand({
                TransactItems: [
                  ...countUpdates(p, { useful: p.useful, comments: Math.max(0, p.comments - 1) }),
                  tombstone(key, { id: commentId, postId, authorId: userId, at }),
                  { Delete: { TableName: table, Key: { PK: userPk(userId), SK: `CCOMMENT#${postId}#${commentId}` } } },
                  { Delete: { TableName: table, Key: { PK: postPk(postId), SK: `MOD#COMMENT#${commentId}` } } },
                ],
              }),
            );
          } catch (err) {
            if (!conditionFailed(err)) throw err;
            // A vote or comment changed the counts first, or another request withdrew it: read both again.
            await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
            continue;
          }
        }
        // Then the reports on it, with the reporters' own copies (the queue entry already went).
        await removeWithCopies(postId, `REPORT#COMMENT#${commentId}#`);
        return 'ok';
      }
      throw new Error(`comment ${commentId}: too many concurrent changes`);
    },

    async eraseLearner(userId) {
      // Their posts, with everything on them (other learners' comments, votes and reports on a post go with it).
      for (const id of await own(userId, 'CPOST#')) await deleteAll(postPk(id));
      // Their votes, taken back so the counts stay true.
      for (const postId of await own(userId, 'CVOTE#')) {
        const out = await repo.setVote(postId, userId, false);
        if (out === 'missing') await db.send(new DeleteCommand({ TableName: table, Key: { PK: postPk(postId), SK: `VOTE#${userId}` } }));
      }
      // Their comments, and the count on the post.
      for (const key of await own(userId, 'CCOMMENT#')) {
        const [postId, commentId] = key.split('#') as [string, string];
        const commentKey = { PK: postPk(postId), SK: `COMMENT#${commentId}` };
        const done = await withPost<boolean>(postId, (p) => ({
          tx: [
            ...countUpdates(p, { useful: p.useful, comments: Math.max(0, p.comments - 1) }),
            { Delete: { TableName: table, Key: commentKey, ConditionExpression: 'attribute_exists(PK)' } },
          ],
          done: true,
          onCancel: (codes) => (codes[codes.length - 1] === 'ConditionalCheckFailed' ? true : 'retry'),
        }));
        if (done === 'missing') await db.send(new DeleteCommand({ TableName: table, Key: commentKey }));
      }
      // Their reports, and their count and words in the moderation queue.
      for (const key of await own(userId, 'CREPORT#')) {
        const i = key.indexOf('#');
        const [postId, target] = [key.slice(0, i), key.slice(i + 1)];
        const gone = await db.send(
          new DeleteCommand({ TableName: table, Key: { PK: postPk(postId), SK: `REPORT#${target}#${userId}` }, ReturnValues: 'ALL_OLD' }),
        );
        if (!gone.Attributes) continue;
        for (let attempt = 0; attempt < MAX_RETRIES; attempt++) {
          const raw = await rawModeration(postId, target);
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
    },
  };
  return { ...repo, feedQuery };
}

function toPost(i: Record<string, unknown>): StoredPost {
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
    source: i.source === 'journal' ? 'journal' : 'builder',
    legs: (i.legs as StoredPost['legs']) ?? [],
    refPrice: Number(i.refPrice),
    refDate: String(i.refDate),
    outcome: (i.outcome as StoredPost['outcome']) ?? null,
    hasOutcome: !!i.outcome,
    useful: Number(i.useful ?? 0),
    comments: Number(i.comments ?? 0),
    hidden: i.hidden === true,
    createdAt: String(i.createdAt),
  };
}

function toComment(i: Record<string, unknown>): StoredComment {
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

function toModeration(i: Record<string, unknown>): ModerationItem {
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

/**
 * A warm function's memory of feed pages (as a warm Lambda keeps read-mostly data, DESIGN.md §5): readers arriving
 * together share one Query; a page older than `ttlMs` is still answered while one read brings the next (stale while
 * revalidating), so no reader waits on the table once a page is warm. Any write through this function forgets every
 * page at once, so a learner sees their own post, vote or comment at once; another instance's feed may lag by about
 * `ttlMs` plus one read. The post page, votes and counts themselves are always read from the table.
 */
export function withFeedCache<R extends PostRepository>(repo: R, ttlMs = 2_000, now: () => number = Date.now): R {
  type Page = Awaited<ReturnType<PostRepository['feed']>>;
  const pages = new BoundedMap<string, { at: number; pending: Promise<Page> | null; value: Page | null }>(500);
  let generation = 0;
  const forget =
    <A extends unknown[], T>(fn: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await fn(...args);
      } finally {
        generation++;
        pages.clear();
      }
    };
  const read = (key: string, q: Parameters<PostRepository['feed']>[0]): Promise<Page> => {
    const started = generation;
    const entry = pages.get(key) ?? { at: 0, pending: null, value: null };
    const pending = repo.feed(q).then(
      (value) => {
        // A write since the read began: the answer may predate it; keep nothing.
        if (started === generation) pages.set(key, { at: now(), pending: null, value });
        return value;
      },
      (err: unknown) => {
        if (pages.get(key)?.pending === pending) pages.delete(key);
        throw err;
      },
    );
    pages.set(key, { ...entry, pending });
    return pending;
  };
  return {
    ...repo,
    feed(q) {
      const key = `${q.variant}|${q.sort}|${q.limit}|${q.cursor ?? ''}`;
      const hit = pages.get(key);
      if (hit?.value && now() - hit.at < ttlMs) return Promise.resolve(hit.value);
      if (hit?.value) {
        if (!hit.pending) read(key, q).catch(() => undefined);
        return Promise.resolve(hit.value);
      }
      return hit?.pending ?? read(key, q);
    },
    create: forget(repo.create),
    addComment: forget(repo.addComment),
    setVote: forget(repo.setVote),
    moderate: forget(repo.moderate),
    withdrawPost: forget(repo.withdrawPost),
    withdrawComment: forget(repo.withdrawComment),
    eraseLearner: forget(repo.eraseLearner),
  };
}

const reasonsOf = (i: Record<string, unknown> | undefined): { by: string; text: string }[] =>
  Array.isArray(i?.reasonsBy) ? (i.reasonsBy as { by: string; text: string }[]) : [];
