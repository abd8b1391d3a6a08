import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoJournalRepository } from '../functions/adapters/dynamo/journal-repository';
import { emptyBook } from '../shared/journal/book';
import { LEDGER_CHUNK_ROWS, type LedgerChunk } from '../shared/journal/journal.port';
import type { ClosedTradeRow } from '../shared/journal/stats';
import { addDays } from '../shared/market/dates';
import { signUpAndSignIn } from '../test/support/cognito';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import { closedLoop, ms } from './latency';
import type { BenchSuite } from './suites';

const TRADES = 2_000;
const LEARNERS = 10;
const STRATEGIES = ['Bull Put Spread', 'Iron Condor', 'Long Call', 'Bear Call Spread', 'Long Put', 'Cash-Secured Put'];
const MISTAKES = ['sized too big', 'no exit plan', 'chased fill'];

/**
 * Issue 18's target: GET /api/journal/stats over 2,000 closed trades, p99 ≤ 100 ms through the local gateway and
 * DynamoDB Local. The learner's ledger (the compact closed-trade rows the statistics read) is written with the journal's
 * own repository, as the consumer would have written it after 2,000 closes: placing 4,000 orders first would only
 * time the order path.
 */
export const journalSuite: BenchSuite = {
  name: 'journal',
  title: 'journal statistics over 2,000 closed trades (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-journal'), env: { LOG_REQUESTS: '0', SEED_MARKET: '0' } });
    try {
      const db = DynamoDBDocumentClient.from(
        new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
      );
      const repo = dynamoJournalRepository(db, stack.tableName);
      const rows: ClosedTradeRow[] = Array.from({ length: TRADES }, (_, i) => {
        const date = addDays('2025-06-02', Math.floor(i / 5));
        const pnl = Math.round(((i * 7919) % 600) - 260 + (i % 3 === 0 ? 0.4 : 0)) + 0.15;
        return {
          id: `01JTRADE${String(i).padStart(18, '0')}`,
          account: 'paper',
          strategy: STRATEGIES[i % STRATEGIES.length]!,
          underlying: i % 4 === 0 ? 'QQQ' : 'SPY',
          openedAt: `${addDays(date, -7)}T15:00:00.000Z`,
          closedAt: `${date}T19:00:00.000Z`,
          date,
          pnl,
          risk: i % 5 === 2 ? null : 400,
          maxProfit: i % 5 === 2 ? null : 150,
          exitReason: i % 7 === 0 ? 'expired_worthless' : 'closed',
          setupTags: i % 2 ? ['breakout'] : [],
          mistakeTags: i % 9 === 0 ? [MISTAKES[i % MISTAKES.length]!] : [],
          reflected: i % 2 === 1,
          legs: i % 3 === 0 ? 4 : 2,
        };
      });
      const chunks: LedgerChunk[] = [];
      for (let i = 0; i < rows.length; i += LEDGER_CHUNK_ROWS) chunks.push({ index: chunks.length, rows: rows.slice(i, i + LEDGER_CHUNK_ROWS) });
      const book = { ...emptyBook(), ledgerChunks: chunks.length, lastChunkRows: chunks.at(-1)!.rows.length };
      // Ten learners with 2,000 closed trades each: one learner alone would meet the gateway's per-learner rate limit.
      const learners = await Promise.all(
        Array.from({ length: LEARNERS }, async () => {
          const learner = await signUpAndSignIn(stack);
          const headers = { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' };
          await fetch(`${stack.url}/api/account`, { method: 'POST', headers, body: JSON.stringify({ startingCapital: 100_000 }) });
          if ((await repo.commit(learner.sub, { expectedVersion: 0, book, chunks })) !== 'ok') throw new Error('could not write the ledger');
          return headers;
        }),
      );

      const url = `${stack.url}/api/journal/stats`;
      const sample = await fetch(url, { headers: learners[0] });
      const body = await sample.text();
      if ((JSON.parse(body) as { trades: number }).trades !== TRADES) throw new Error(`the stats saw another number of trades than ${TRADES}`);
      console.log(`answer: ${(body.length / 1024).toFixed(0)} KiB (the equity curve thinned to at most 400 points; the figures use every trade)`);
      const get = async (i: number) => {
        const res = await fetch(url, { headers: learners[i % LEARNERS] });
        await res.arrayBuffer();
        return res.status === 200;
      };
      await closedLoop(LEARNERS, 50, get); // warm-up: cold handler, JIT
      for (const concurrency of [1, 10]) {
        const load = await closedLoop(concurrency, concurrency === 1 ? 500 : 2000, get);
        console.log(`stats over ${TRADES} closed trades, ${concurrency} at once: ${load.requests} requests, ${load.failures} failed`);
        console.log(
          `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 100 ms: ${load.p99 <= 100 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
        );
      }
    } finally {
      await stack.stop();
    }
  },
};
