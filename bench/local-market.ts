import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { dynamoMarketStore } from '../functions/adapters/dynamo/market-repository';
import { dynamoEventOutbox } from '../functions/adapters/dynamo/outbox';
import { dynamoSummaryStore } from '../functions/adapters/dynamo/summary-repository';
import { runIngestion, type IngestResult } from '@shared/market/ingest';
import { simulatedProvider } from '@shared/market/simulated-market';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack, type StackInfo } from '../test/support/local-stack';

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

/**
 * A local stack for an order bench, once its start-up ingestion is done (a couple of minutes on a busy machine), with
 * the contract the bench trades: the SPY call of the nearest monthly expiry closest to the money that has a bid.
 * Stopped again when the wait fails; the bench stops it otherwise.
 */
export async function benchStack(label: string, opts: { inMemory: boolean }): Promise<{ stack: SpawnedStack; contract: string }> {
  const stack = await spawnLocalStack({ dataDir: newDataDir(label), env: { LOG_REQUESTS: '0', DYNAMODB_IN_MEMORY: opts.inMemory ? '1' : '0' } });
  try {
    await startupIngestionDone(stack, 300_000);
    const { expiries } = (await (await fetch(`${stack.url}/api/market/SPY/expiries?type=Monthly`)).json()) as { expiries: { expiration_date: string }[] };
    const chain = (await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiries[0]!.expiration_date}`)).json()) as {
      underlying: { price: number };
      contracts: { contract_ticker: string; contract_type: string; strike_price: number; bid: number }[];
    };
    const contract = chain.contracts
      .filter((c) => c.contract_type === 'call' && c.bid > 0)
      .reduce((b, c) => (Math.abs(c.strike_price - chain.underlying.price) < Math.abs(b.strike_price - chain.underlying.price) ? c : b)).contract_ticker;
    return { stack, contract };
  } catch (err) {
    await stack.stop();
    throw err;
  }
}
