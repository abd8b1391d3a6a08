import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { newDataDir, spawnLocalStack, type SpawnedStack } from '../support/local-stack';
import { optionBarsCsv, signInOperator, uploadFile, waitForUpload } from '../support/uploads';

// A stack of its own, its table in memory: 200,000 uploaded rows would slow every other test's stack (the TTL sweeper
// scans the whole table), and DynamoDB Local on disk stores them several times slower.
let stack: SpawnedStack;
let db: DynamoDBDocumentClient;
let token: string;

beforeAll(async () => {
  stack = await spawnLocalStack({ dataDir: newDataDir('bulk-upload'), env: { DYNAMODB_IN_MEMORY: '1', SEED_MARKET: '0', LOG_REQUESTS: '0' } });
  db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  token = await signInOperator(stack);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function storedBars(keys: { contract: string; date: string }[]) {
  const out = await db.send(
    new BatchGetCommand({ RequestItems: { [stack.tableName]: { Keys: keys.map((k) => ({ PK: `OHIST#${k.contract}`, SK: k.date })), ConsistentRead: true } } }),
  );
  return out.Responses?.[stack.tableName] ?? [];
}

describe('bulk upload on the local stack', () => {
  it('is for operators only', async () => {
    const learner = await signUpAndSignIn(stack);
    const res = await fetch(`${stack.url}/api/admin/uploads`, { headers: { authorization: `Bearer ${learner.idToken}` } });
    expect(res.status).toBe(403);
  });

  it('refuses a file over 50 MB before any upload, and a file that is not .csv', async () => {
    const post = (body: unknown) =>
      fetch(`${stack.url}/api/admin/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const big = await post({ kind: 'option', fileName: 'bars.csv', size: 50 * 1024 * 1024 + 1 });
    expect(big.status).toBe(400);
    expect(JSON.stringify(await big.json())).toContain('The file is larger than 50 MB.');
    expect((await post({ kind: 'option', fileName: 'bars.xlsx', size: 10 })).status).toBe(400);
  });

  it("lets the site's origin send the presigned POST to the local S3 (CORS)", async () => {
    const preflight = await fetch(`${stack.endpoints.s3}/options-academy-uploads-local`, {
      method: 'OPTIONS',
      headers: { origin: stack.url, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).not.toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const foreign = await fetch(`${stack.endpoints.s3}/options-academy-uploads-local`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.status).toBe(403);
  });

  it('stores a 100,000-row option-bar file, and the same file again changes nothing', async () => {
    const { csv, contracts, dates } = optionBarsCsv(100_000);
    // DynamoDB Local on a shared machine stores about a thousand rows a second: the waits are generous on purpose.
    const first = await waitForUpload(stack, token, await uploadFile(stack, token, 'option', 'spy-options.csv', csv), 600_000);
    expect(first).toMatchObject({ state: 'succeeded', message: null, rowsRead: 100_000, stored: 100_000, unchanged: 0, rejected: 0, rejections: [] });

    const sample = contracts.slice(0, 50).map((contract, i) => ({ contract, date: dates[(i * 37) % dates.length]! }));
    const before = await storedBars(sample);
    expect(before).toHaveLength(50);
    for (const item of before) {
      expect(item).toMatchObject({ origin: 'upload', uploadId: first.uploadId, underlying: 'SPY', impliedVolatility: 0.2, gamma: 0.01 });
      expect(item.expiresAt).toBeUndefined();
    }

    const again = await waitForUpload(stack, token, await uploadFile(stack, token, 'option', 'spy-options.csv', csv), 600_000);
    expect(again).toMatchObject({ state: 'succeeded', rowsRead: 100_000, stored: 0, unchanged: 100_000, rejected: 0 });
    const after = await storedBars(sample);
    const byKey = (items: Record<string, unknown>[]) => Object.fromEntries(items.map((i) => [`${String(i.PK)}|${String(i.SK)}`, i]));
    expect(byKey(after)).toEqual(byKey(before));

    const list = (await (await fetch(`${stack.url}/api/admin/uploads`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      uploads: { uploadId: string }[];
    };
    expect(list.uploads.slice(0, 2).map((u) => u.uploadId)).toEqual([again.uploadId, first.uploadId]);
  }, 1_300_000);

  it('reports rejected rows and refuses a wrong header or a binary file whole', async () => {
    const { csv } = optionBarsCsv(3);
    const lines = csv.trimEnd().split('\n');
    const withBad = [...lines, lines[1]!.replace('SPY270115', '=SPY270115'), lines[2]!.replace(',0.2,', ',-0.2,')].join('\n');
    const mixed = await waitForUpload(stack, token, await uploadFile(stack, token, 'option', 'mixed.csv', withBad));
    expect(mixed).toMatchObject({ state: 'succeeded', rowsRead: 5, unchanged: 3, rejected: 2 });
    expect(mixed.rejections.map((r) => `row ${r.row}: ${r.column}`)).toEqual(['row 4: contract_ticker', 'row 5: implied_volatility']);

    const wrong = await waitForUpload(stack, token, await uploadFile(stack, token, 'stock', 'wrong.csv', csv));
    expect(wrong.state).toBe('failed');
    expect(wrong.message).toMatch(/^The header does not match stock bars/);

    const binary = await waitForUpload(
      stack,
      token,
      await uploadFile(stack, token, 'option', 'image.csv', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13])),
    );
    expect(binary).toMatchObject({
      state: 'failed',
      rowsRead: 0,
      message: 'The file is not text (it holds binary data). Upload a CSV file saved as plain text (UTF-8).',
    });
  }, 120_000);
});
