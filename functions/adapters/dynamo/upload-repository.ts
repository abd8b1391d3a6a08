import { type DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { UploadProgressSchema } from '@shared/uploads/uploads.api';
import type { UploadProgress } from '@shared/uploads/report';
import type { UploadedBarStore, UploadProgressStore } from '@shared/uploads/uploads.port';
import { batchGetAll, BATCH_GET_KEYS } from './batched-get';
import { batchWriteAll, BATCH_SIZE } from './batch-write';
import { documentClient, tableName } from './client';
import { BAR_PK, KIND } from './market-repository';

/**
 * Uploads in the single table (docs/architecture.md, "Data model"):
 *   UPLOAD#<id>/JOB   the progress and report of one upload; GSI1 (KIND#upload, <createdAt>#<id>) lists them by time;
 *                     expiresAt 30 days after it ended.
 * Uploaded bars are the market's history items (HIST#, OHIST#) with `origin: 'upload'`, `uploadId` and no expiresAt.
 */
const UPLOAD_KIND = 'KIND#upload';
/** Batch requests in flight at once: DynamoDB takes them in parallel; one upload should not take the whole table. */
const IN_FLIGHT = 8;

export function dynamoUploadProgressStore(db: DynamoDBDocumentClient = documentClient(), table = tableName()): UploadProgressStore {
  const item = (p: UploadProgress, expiresAt?: number) => ({
    PK: `UPLOAD#${p.uploadId}`,
    SK: 'JOB',
    GSI1PK: UPLOAD_KIND,
    GSI1SK: `${p.createdAt}#${p.uploadId}`,
    ...p,
    ...(expiresAt ? { expiresAt } : {}),
  });
  const parse = (i: Record<string, unknown> | undefined): UploadProgress | null => {
    if (!i) return null;
    const parsed = UploadProgressSchema.safeParse(i);
    return parsed.success ? parsed.data : null;
  };
  return {
    async create(p) {
      await db.send(new PutCommand({ TableName: table, Item: item(p), ConditionExpression: 'attribute_not_exists(PK)' }));
    },
    async get(uploadId) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: `UPLOAD#${uploadId}`, SK: 'JOB' }, ConsistentRead: true }));
      return parse(out.Item);
    },
    async save(p, expiresAt) {
      await db.send(new PutCommand({ TableName: table, Item: item(p, expiresAt) }));
    },
    async recent(limit) {
      const out = await db.send(
        new QueryCommand({
          TableName: table,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': UPLOAD_KIND },
          ScanIndexForward: false,
          Limit: limit,
        }),
      );
      return (out.Items ?? []).flatMap((i) => parse(i) ?? []);
    },
  };
}

async function inParallel<T>(chunks: readonly T[], run: (chunk: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, chunks.length) }, async () => {
      while (next < chunks.length) await run(chunks[next++]!);
    }),
  );
}

const chunked = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

export function dynamoUploadedBarStore(db: DynamoDBDocumentClient = documentClient(), table = tableName()): UploadedBarStore {
  return {
    async existing(kind, keys) {
      const found = new Map<string, Record<string, unknown>>();
      await inParallel(chunked(keys, BATCH_GET_KEYS), async (chunk) => {
        const items = await batchGetAll(
          db,
          table,
          chunk.map((k) => ({ PK: `${BAR_PK[kind]}${k.ticker}`, SK: k.date })),
        );
        for (const i of items) found.set(`${String(i.PK).slice(BAR_PK[kind].length)}#${String(i.SK)}`, i);
      });
      return found;
    },

    async put(kind, uploadId, bars) {
      const requests = bars.map((b) => ({
        PutRequest: {
          Item: {
            PK: `${BAR_PK[kind]}${b.ticker}`,
            SK: b.date,
            GSI1PK: KIND[kind],
            GSI1SK: `${b.date}#${b.ticker}`,
            ticker: b.ticker,
            ...b.fields,
            origin: 'upload',
            uploadId,
          },
        },
      }));
      await inParallel(chunked(requests, BATCH_SIZE), async (chunk) => void (await batchWriteAll(db, table, chunk)));
    },
  };
}
