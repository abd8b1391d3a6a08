import { type DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll } from '../functions/adapters/dynamo/batch-write';
import { TABLE_KEYS, TTL_ATTRIBUTE } from '../functions/adapters/dynamo/table-definition';

/**
 * DynamoDB Local accepts a TTL setting but never deletes anything; in AWS, DynamoDB removes items
 * some time after `expiresAt` passes. This sweeper does that locally. A Scan is fine here: it runs
 * in the background, never on a request path.
 */
export async function sweepExpired(
  db: DynamoDBDocumentClient,
  table: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  pace: { pageSize: number; rest: boolean } = { pageSize: 200, rest: false },
): Promise<number> {
  let deleted = 0;
  let startKey: Record<string, unknown> | undefined;
  let lastPageMs = 0;
  do {
    // Pages with a rest between them as long as the page took: a whole-table scan in one go would
    // hold DynamoDB Local (one process, chain items of tens of kilobytes) long enough to stall the
    // learners' requests, while a fixed pause made one pass over ~4,000 items take 9 s (measured),
    // longer than the sweep interval the integration stack runs with.
    if (startKey && pace.rest) await new Promise((r) => setTimeout(r, lastPageMs));
    const began = Date.now();
    const page = await db.send(
      new ScanCommand({
        TableName: table,
        FilterExpression: '#ttl <= :now',
        ProjectionExpression: '#pk, #sk',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE, '#pk': TABLE_KEYS.partitionKey, '#sk': TABLE_KEYS.sortKey },
        ExpressionAttributeValues: { ':now': nowSeconds },
        ExclusiveStartKey: startKey,
        Limit: pace.pageSize,
      }),
    );
    const keys = page.Items ?? [];
    await batchWriteAll(
      db,
      table,
      keys.map((Key) => ({ DeleteRequest: { Key } })),
    );
    deleted += keys.length;
    lastPageMs = Date.now() - began;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return deleted;
}

export function startTtlSweeper(opts: { db: DynamoDBDocumentClient; table: string; intervalMs: number; log: (line: string) => void }) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const n = await sweepExpired(opts.db, opts.table, undefined, { pageSize: 200, rest: true });
      if (n) opts.log(`ttl sweeper: deleted ${n} expired item${n === 1 ? '' : 's'}`);
    } catch (err) {
      opts.log(`ttl sweeper: ${(err as Error).message}`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.intervalMs);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer), sweepNow: tick };
}
