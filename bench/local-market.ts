import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamoMarketStore } from '../functions/adapters/dynamo/market-repository';
import { dynamoEventOutbox } from '../functions/adapters/dynamo/outbox';
import { dynamoSummaryStore } from '../functions/adapters/dynamo/summary-repository';
import { runIngestion, type IngestResult } from '@shared/market/ingest';
import { simulatedProvider } from '@shared/market/simulated-market';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { waitFor, type StackInfo } from '../test/support/local-stack';

/**
 * What several benches share about the local stack's market: waiting for its start-up ingestion (chains and a year of
 * daily summaries, run in the stack's own process on the same cores; in AWS a function of its own), a document client
 * on its DynamoDB Local, and one timed ingestion of the tracked underlyings from the simulated market, in this process.
 */
export async function startupIngestionDone(stack: StackInfo, timeoutMs = 180_000): Promise<void> {
  await waitFor(
    async () => (await fetch(`${stack.url}/api/market/status`)).json() as Promise<{ lastSync: string | null }>,
    (s) => s.lastSync !== null,
    timeoutMs,
    'the start-up ingestion',
  );
}

export function localDocumentClient(stack: StackInfo): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } }),
  );
}

export async function timedIngestion(stack: StackInfo, db: DynamoDBDocumentClient): Promise<{ result: IngestResult; seconds: number }> {
  const clock = { now: () => new Date() };
  const started = performance.now();
  const result = await runIngestion(
    {
      provider: simulatedProvider(clock),
      store: dynamoMarketStore(db, stack.tableName),
      summaries: dynamoSummaryStore(db, stack.tableName),
      outbox: dynamoEventOutbox(db, stack.tableName),
      clock,
      sleep: async () => undefined,
      newId: () => ulid(),
    },
    { underlyings: TRACKED_UNDERLYINGS },
  );
  return { result, seconds: (performance.now() - started) / 1000 };
}
