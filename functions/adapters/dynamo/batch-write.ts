import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { backoffDelayMs } from '@shared/backoff';

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

export const BATCH_SIZE = 25;
const MAX_ATTEMPTS = 8;

/**
 * Writes any number of items with BatchWriteItem in chunks of 25 (the API's limit), retrying
 * unprocessed items with exponential backoff, as DynamoDB asks. Throws if items are still
 * unprocessed after the last attempt, so a caller never believes a partial write succeeded.
 */
export async function batchWriteAll(
  db: DynamoDBDocumentClient,
  table: string,
  requests: readonly WriteRequest[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<{ written: number; batches: number; retries: number }> {
  let batches = 0;
  let retries = 0;
  for (let i = 0; i < requests.length; i += BATCH_SIZE) {
    let pending: WriteRequest[] = requests.slice(i, i + BATCH_SIZE) as WriteRequest[];
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} items unprocessed after ${MAX_ATTEMPTS} attempts`);
      if (attempt > 0) {
        retries++;
        await sleep(backoffDelayMs(attempt, 50, 2000));
      }
      batches++;
      const out = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = (out.UnprocessedItems?.[table] as WriteRequest[] | undefined) ?? [];
    }
  }
  return { written: requests.length, batches, retries };
}
