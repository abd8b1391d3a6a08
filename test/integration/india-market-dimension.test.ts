import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POPULAR_NSE_UNDERLYINGS } from '@shared/market/india/nse-contracts';
import { closingRunInstant, setStackClockOffset, signedInOperator, tickSchedule } from '../support/india';
import { waitFor } from '../support/local-stack';

/**
 * Issue 38's market dimension on the local stack: Indian data lives only under `IN#` partition keys, so every US list
 * reads the same before and after the Indian end-of-day job (and the ticker service's latest quotes) wrote theirs, and
 * none of them names an Indian underlying.
 */
const stack = inject('stack');
const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } }),
);
const NSE = new Set(POPULAR_NSE_UNDERLYINGS);

interface JobRun {
  jobId: string;
  startedAt: string;
  outcome: string;
  trigger: string;
  note?: string;
  failures: unknown[];
}

let operator: { authorization: string };
const read = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${stack.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as unknown };
};
const asOperator = (path: string) => read(path, { headers: operator });

/** Every US list a learner or an operator reads that names underlyings (functions/routes.ts), as answered now. */
async function usLists() {
  const weekly = (await read('/api/market/SPY/expiries?type=Weekly')).body as { expiries: { expiration_date: string }[] };
  const expiry = weekly.expiries[0]!.expiration_date;
  const operations = (await asOperator('/api/admin/operations/status')).body as { underlyings: unknown };
  const stats = (await asOperator('/api/admin/market/stats')).body as Record<string, unknown>;
  return {
    status: await read('/api/market/status'),
    tickers: await read('/api/market/tickers'),
    quotes: await read(`/api/market/quotes?tickers=SPY,QQQ,NIFTY,RELIANCE`),
    expiries: await read('/api/market/SPY/expiries'),
    chain: await read(`/api/market/SPY/chain?expiry=${expiry}`),
    niftyAsUs: await read('/api/market/NIFTY/expiries'),
    screener: await read('/api/analysis/screener', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contract: { types: ['call', 'put'], side: 'buy' }, sort: { field: 'volume', dir: 'desc' }, pageSize: 100 }),
    }),
    heatmap: await read('/api/analysis/heatmap'),
    // The operators' lists: what is stored per underlying (its `asOf` is the time of asking), the stored data's counts.
    operations: operations.underlyings,
    stats,
    dataBrowser: await asOperator('/api/admin/data/NIFTY/chains'),
  };
}

/** The string values anywhere in an answer. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

beforeAll(async () => {
  operator = await signedInOperator(stack);
  // The stack fills the US market at start; wait for that first run to be stored.
  await waitFor(
    async () => (await read('/api/market/status')).body as { lastSync: string | null },
    (s) => s.lastSync !== null,
    110_000,
    'the first market ingestion',
  );
});

afterAll(async () => {
  await setStackClockOffset(stack, 0);
});

describe('the market dimension', () => {
  it('keeps every US list the same, and free of Indian symbols, after the Indian end-of-day job and live quotes are stored', async () => {
    const before = await usLists();
    expect(before.tickers.status).toBe(200);
    expect(before.chain.status).toBe(200);
    expect(before.screener.status).toBe(200);
    expect(before.heatmap.status).toBe(200);
    expect(before.niftyAsUs.status).toBe(404);

    // The job stores only on an NSE trading day outside the session: the stack's clock is moved there when this test
    // runs at another hour or on a weekend (shared/market/india/use-cases/store-closing-chains.ts), then put back.
    const at = closingRunInstant(new Date());
    await setStackClockOffset(stack, at.getTime() - Date.now());
    const since = new Date(Date.now() - 1000).toISOString();
    try {
      expect(await tickSchedule(stack, 'indiaEod')).toEqual({ ran: true });
      const run = await waitFor(
        async () => {
          const jobs = ((await asOperator('/api/admin/operations/status')).body as { jobs: { jobId: string; runs: JobRun[] }[] }).jobs;
          return jobs.find((j) => j.jobId === 'indiaEod')?.runs.find((r) => r.trigger === 'schedule' && r.startedAt >= since) ?? null;
        },
        (r) => r !== null,
        90_000,
        'the Indian end-of-day run',
      );
      expect(run).toMatchObject({ outcome: 'succeeded', failures: [] });
    } finally {
      await setStackClockOffset(stack, 0);
    }

    // The Indian items are there, under IN# keys only.
    const nifty = await db.send(
      new QueryCommand({ TableName: stack.tableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'IN#CHAIN#NIFTY' } }),
    );
    expect(nifty.Items!.length).toBeGreaterThanOrEqual(3);
    const first = nifty.Items![0]!;
    expect(first).toMatchObject({ underlying: 'NIFTY', market: 'IN', lotSize: 65 });
    expect(['kite', 'simulated']).toContain(first.source);
    expect(JSON.parse(gunzipSync(first.data as Uint8Array).toString('utf8')).quotes.length).toBeGreaterThan(10);
    // The ticker service's latest quote of an instrument (its own shape; the key is what matters here).
    await db.send(
      new PutCommand({
        TableName: stack.tableName,
        Item: { PK: 'IN#LIVE#NIFTY', SK: 'NIFTY25DEC26000CE', market: 'IN', underlying: 'NIFTY', lastPrice: 120.5, at: new Date().toISOString() },
      }),
    );

    const after = await usLists();
    expect(after).toEqual(before);
    // NIFTY asked of the US routes is still unknown there: the US market's own answer, naming only US underlyings.
    expect(after.niftyAsUs.status).toBe(404);
    expect(after.dataBrowser.body).toEqual(before.dataBrowser.body);
    const { niftyAsUs: _asked, dataBrowser: _browsed, ...lists } = after;
    for (const [name, answer] of Object.entries(lists)) {
      const indian = strings(answer).filter((s) => NSE.has(s) || s.startsWith('IN#') || /NIFTY/.test(s));
      expect(indian, name).toEqual([]);
    }
  }, 150_000);
});
