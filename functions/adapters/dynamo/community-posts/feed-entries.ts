import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { feedVariantsOf, summaryOf, type PostRepository, type StoredPost } from '@shared/community/posts';
import type { PostSummary } from '@shared/community/posts.api';
import { pad, POST, postPk, type Store, type Tx } from './keys';

/** One feed entry per variant of a shown post: a copy of its summary on the newest and the most-useful indexes. */
export const feedEntries = (p: StoredPost): Record<string, unknown>[] =>
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

/** Deletes of a post's feed entries (hidden or withdrawn: no feed, filter or sort lists it after). */
export const feedDeletes = (table: string, p: StoredPost): Tx[] =>
  feedVariantsOf(p).map((v): Tx => ({ Delete: { TableName: table, Key: { PK: postPk(p.id), SK: `FEED#${v}` } } }));

/** Changes a post's counts together with its feed entries' copies (when it is shown), conditional on the count read. */
export const countUpdates = (table: string, p: StoredPost, next: { useful: number; comments: number }): Tx[] => [
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

/** The Query of a feed variant, newest first (GSI2) or most useful first (GSI1). */
export const feedQuery = (table: string, variant: string, sort: 'newest' | 'useful'): QueryCommandInput =>
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

/** A feed page: one Query on the variant's index, from a cursor that must be one of this variant and sort. */
export async function readFeed(
  { db, table }: Store,
  { variant, sort, limit, cursor }: Parameters<PostRepository['feed']>[0],
): ReturnType<PostRepository['feed']> {
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
      ...feedQuery(table, variant, sort),
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
}
