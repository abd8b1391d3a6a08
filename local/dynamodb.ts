import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { GLOBAL_SECONDARY_INDEXES, KEY_ATTRIBUTE_TYPE, STREAM_VIEW_TYPE, TABLE_KEYS, TTL_ATTRIBUTE } from '../functions/adapters/dynamo/table-definition';
import { superviseChild } from './children';
import { LOOPBACK, waitForPort } from './ports';

const require = createRequire(import.meta.url);

/** The DynamoDB Local jar ships inside amplify-dynamodb-simulator; it runs on the machine's Java. */
function emulatorDir(): string {
  return path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

export interface RunningDynamo {
  endpoint: string;
  /** Settles when DynamoDB Local has exited, stopped or not, with how it ended. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export async function startDynamoLocal(opts: { port: number; dataDir: string; logFile: string; inMemory?: boolean }): Promise<RunningDynamo> {
  mkdirSync(opts.dataDir, { recursive: true });
  const dir = emulatorDir();
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  let child: ChildProcess;
  try {
    child = spawn(
      'java',
      [
        `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
        '-Xmx512m',
        // A small heap on a small machine: the serial collector pauses less than G1 here (measured: transaction p99 29 ms against 39 ms).
        '-XX:+UseSerialGC',
        '-jar',
        path.join(dir, 'DynamoDBLocal.jar'),
        '-sharedDb',
        ...(opts.inMemory ? ['-inMemory'] : ['-dbPath', opts.dataDir]),
        '-port',
        String(opts.port),
        '-disableTelemetry',
        // CORS for no real origin (`.invalid` is reserved, RFC 2606): no web page may call DynamoDB Local from a browser
        // (the jar's default is '*'). It still listens on every interface; the jar has no option to bind one.
        '-cors',
        'https://dynamodb-local.invalid',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    throw new Error(`Could not start DynamoDB Local: ${(err as Error).message}. It needs Java 17 or newer on the PATH.`, { cause: err });
  }
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const supervised = superviseChild(child);
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (err) =>
      reject(
        new Error(`Could not start DynamoDB Local (${err.message}). It needs Java 17 or newer on the PATH (Debian: apt-get install default-jre-headless).`),
      ),
    ),
  );
  await Promise.race([
    // 30 s unless DYNAMODB_START_SECONDS says more (a second test stack on a loaded machine needs longer to start its JVM).
    waitForPort(opts.port, Math.max(30, Number(process.env.DYNAMODB_START_SECONDS) || 0) * 1000, 'DynamoDB Local'),
    spawnError,
    supervised.exited.then((how) => {
      throw new Error(`DynamoDB Local exited (${how}); see ${opts.logFile}.`);
    }),
  ]);
  return {
    endpoint: `http://${LOOPBACK}:${opts.port}`,
    exited: supervised.exited,
    async stop() {
      await supervised.stop();
      log.end();
    },
  };
}

/** The same key schema, GSIs, stream and TTL attribute the CDK table has (functions/adapters/dynamo/table-definition.ts). */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttrs = new Set<string>([TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  for (const g of GLOBAL_SECONDARY_INDEXES) {
    keyAttrs.add(g.partitionKey);
    keyAttrs.add(g.sortKey);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [...keyAttrs].map((AttributeName) => ({ AttributeName, AttributeType: KEY_ATTRIBUTE_TYPE })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: GLOBAL_SECONDARY_INDEXES.map((g) => ({
      IndexName: g.indexName,
      KeySchema: [
        { AttributeName: g.partitionKey, KeyType: 'HASH' },
        { AttributeName: g.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW_TYPE },
  };
}

/**
 * Creates the table on first start; later starts find it in .data/ and leave it alone, except that a table made before
 * the outbox (issue 15) gets its stream switched on, so the outbox relay has something to read.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing' | 'stream-enabled'> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.StreamSpecification?.StreamEnabled) return 'existing';
    await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW_TYPE } }));
    return 'stream-enabled';
  } catch (err) {
    if (!(err instanceof ResourceNotFoundException)) throw err;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: tableName });
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true } }));
  return 'created';
}
