/**
 * `npm run bench india`: issue 38's speed targets for the Indian markets, one part each (INDIA_PARTS); `npm run bench
 * india` runs every part, `INDIA_PART=ticker npm run bench india` one of them. Timings are printed, never asserted.
 * - chain: the Indian chain read p99 ≤ 50 ms at 20 readers, through the local gateway, from the simulated NSE market and
 *   then from Kite after the morning login (bench/india-chain-read.ts).
 * - ticker: "the ticker service keeps up with 500 instruments in full mode from the stand-in". The Kite stand-in
 *   (local/kite-standin.ts) streams NIFTY, BANKNIFTY and FINNIFTY's nearest expiries (83 strikes each, a call and a
 *   put) and the three indices, 501 instruments in full mode, to the service (functions/services/india-ticker-service.ts)
 *   in this process, which writes to DynamoDB Local (in memory, started here) through the real adapter. Each pace runs
 *   for a few seconds: Kite's (a packet per instrument a second at most) and ten times faster. Printed: ticks per second
 *   sent and taken, table writes per second, and whether it kept up (every tick sent was taken).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { dynamoIndianLiveQuotes } from '../functions/adapters/dynamo/india-live-quotes';
import { kiteClient } from '../functions/adapters/kite/kite-client';
import { KiteTicker } from '../functions/adapters/kite/kite-ticker';
import { indiaTickerService } from '../functions/services/india-ticker-service';
import { ensureTable, startDynamoLocal } from '../local/dynamodb';
import { startKiteStandin, type KiteStandinUnderlying } from '../local/kite-standin';
import { freePort } from '../local/ports';
import type { IndianLiveQuotes } from '@shared/market/india/live/live-quotes.port';
import { nseContract } from '@shared/market/india/nse-contracts';
import { benchIndianChain } from './india-chain-read';
import { percentile } from './latency';
import type { BenchSuite } from './suites';

export interface IndiaBenchPart {
  name: string;
  title: string;
  run: () => Promise<void>;
}

/** Monday 30 November 2026, 10:30 in Mumbai: NSE is open. The bench's clock starts here and runs with real time. */
const OPEN = new Date('2026-11-30T05:00:00Z');
const STRIKES_EACH_SIDE = 41;
const SECONDS_PER_PACE = 8;

const underlying = (name: string, indexSymbol: string, indexToken: number, spot: number, expiry: string): KiteStandinUnderlying => {
  const spec = nseContract(name)!;
  return {
    name,
    indexSymbol,
    indexToken,
    spot,
    lotSize: spec.lotSize,
    strikeInterval: spec.strikeInterval,
    strikesEachSide: STRIKES_EACH_SIDE,
    expiries: [expiry],
  };
};
const UNDERLYINGS = [
  underlying('NIFTY', 'NIFTY 50', 256265, 26_000, '2026-12-01'),
  underlying('BANKNIFTY', 'NIFTY BANK', 260105, 59_000, '2026-12-29'),
  underlying('FINNIFTY', 'NIFTY FIN SERVICE', 257801, 27_500, '2026-12-29'),
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentileOf = (xs: readonly number[], p: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    p,
  );

const tickerPart: IndiaBenchPart = {
  name: 'ticker',
  title: 'the ticker service keeps up with 500 instruments in full mode',
  async run() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-india-'));
    const dynamo = await startDynamoLocal({ port: await freePort(), dataDir, logFile: path.join(dataDir, 'dynamodb.log'), inMemory: true });
    const raw = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'l', secretAccessKey: 'l' } });
    const table = 'bench-india';
    try {
      await ensureTable(raw, table);
      const db = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
      const t0 = Date.now();
      const clock = { now: () => new Date(OPEN.getTime() + (Date.now() - t0)) };
      const rows: string[][] = [];
      for (const tickIntervalMs of [1000, 100]) {
        const standin = await startKiteStandin({
          port: 0,
          apiKey: 'bench',
          apiSecret: 'bench-secret',
          underlyings: UNDERLYINGS,
          seed: 'bench',
          now: () => clock.now(),
          tickIntervalMs,
          quoteWindowMs: 0,
        });
        const login = await kiteClient({ apiKey: 'bench', baseUrl: standin.url }).generateSession(standin.issueRequestToken(), 'bench-secret');
        if (!login.ok) throw new Error(login.error.message);
        const dynamoStore = dynamoIndianLiveQuotes(db, table);
        const putMs: number[] = [];
        const store: IndianLiveQuotes = {
          get: dynamoStore.get,
          put: async (g) => {
            const started = performance.now();
            const r = await dynamoStore.put(g);
            putMs.push(performance.now() - started);
            return r;
          },
        };
        const session = { accessToken: login.value.access_token, expiresAt: '2026-12-01T00:30:00.000Z', createdAt: OPEN.toISOString(), kiteUserId: 'XX0000' };
        const service = indiaTickerService({
          clock,
          sessions: {
            credentials: async () => ({ apiKey: 'bench', apiSecret: 'bench-secret' }),
            session: async () => session,
            saveSession: async () => undefined,
          },
          api: (c, token) => kiteClient({ apiKey: c.apiKey, accessToken: token, baseUrl: standin.url, quoteIntervalMs: 0 }),
          ticker: (c, token) => new KiteTicker({ apiKey: c.apiKey, accessToken: token, url: standin.wsUrl }),
          store,
          log: () => undefined,
          underlyings: UNDERLYINGS.map((u) => u.name),
        });
        service.start();
        // Until the stream is up and every group written once; then the measured window.
        for (let i = 0; i < 200 && !(service.state === 'streaming' && service.stats().writes >= UNDERLYINGS.length); i++) await sleep(50);
        const tokens = standin.tickerConnections()[0] ? Object.keys(standin.tickerConnections()[0]!).length : 0;
        const full = standin.tickerConnections()[0] ? Object.values(standin.tickerConnections()[0]!).every((m) => m === 'full') : false;
        const before = service.stats();
        const started = performance.now();
        await sleep(SECONDS_PER_PACE * 1000);
        const seconds = (performance.now() - started) / 1000;
        const after = service.stats();
        await service.stop();
        await standin.close();
        const sent = (tokens * 1000) / tickIntervalMs;
        const taken = (after.ticks - before.ticks) / seconds;
        const writes = (after.writes - before.writes) / seconds;
        rows.push([
          `${tickIntervalMs} ms${tickIntervalMs === 1000 ? " (Kite's pace)" : ' (10× faster)'}`,
          `${tokens}${full ? ' full' : ' NOT all full'}`,
          sent.toFixed(0),
          taken.toFixed(0),
          writes.toFixed(2),
          String(after.failedWrites),
          `${percentileOf(putMs, 50).toFixed(1)} / ${percentileOf(putMs, 99).toFixed(1)}`,
          taken >= sent * 0.95 && after.failedWrites === 0 ? 'met' : 'NOT met',
        ]);
      }
      const head = ['tick pace', 'instruments', 'ticks/s sent', 'ticks/s taken', 'table writes/s', 'failed writes', 'put p50 / p99 ms', 'keeps up'];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
      const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
      console.log(
        `load average before: ${loadavg()[0]!.toFixed(2)}; ${SECONDS_PER_PACE} s per pace; store: DynamoDB Local (in memory) through the real adapter`,
      );
      console.log(line(head));
      for (const r of rows) console.log(line(r));
      console.log(
        `target: the ticker service keeps up with 500 instruments in full mode (every tick taken; writes at most one per group per 2 s, ${UNDERLYINGS.length} groups)`,
      );
    } finally {
      raw.destroy();
      await dynamo.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

const chainPart: IndiaBenchPart = {
  name: 'chain',
  title: 'the Indian chain read p99 ≤ 50 ms at 20 readers (local stack)',
  run: benchIndianChain,
};

/** The suite's parts, in order. */
export const INDIA_PARTS: IndiaBenchPart[] = [chainPart, tickerPart];

export const indiaSuite: BenchSuite = {
  name: 'india',
  title: 'Indian markets: the chain read and the ticker service',
  explicit: true,
  async run() {
    const only = process.env.INDIA_PART;
    for (const part of INDIA_PARTS) {
      if (only && part.name !== only) continue;
      console.log(`\n--- ${part.name}: ${part.title} ---`);
      await part.run();
    }
  },
};
