import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll } from '../functions/adapters/dynamo/batch-write';
import { TRACKED_UNDERLYINGS } from '@shared/market/underlyings';
import { newDataDir, spawnLocalStack } from '../test/support/local-stack';
import type { BenchSuite } from './suites';
import { localDocumentClient, startupIngestionDone, timedIngestion } from './local-market';
import { closedLoop, ms } from './latency';

/**
 * Issue 22's targets, through the local gateway and DynamoDB Local:
 * - each analysis page's API (summary, sentiment, events, regime, heatmap) p99 ≤ 50 ms at 20 concurrent connections;
 * - the ingestion with the daily summaries ≤ 60 s, measured here in its worst case: every underlying's year of
 *   summaries deleted first, so the run backfills 8 × 252 rows besides storing the chains.
 */
export const analysisSuite: BenchSuite = {
  name: 'analysis',
  title: 'market-analysis API latency and ingestion with the daily-summary backfill (local stack)',
  async run() {
    const stack = await spawnLocalStack({ dataDir: newDataDir('bench-analysis'), env: { LOG_REQUESTS: '0' } });
    try {
      await startupIngestionDone(stack);
      const paths = [
        '/api/analysis/SPY/summary',
        '/api/analysis/AAPL/sentiment',
        '/api/analysis/AAPL/events',
        '/api/analysis/QQQ/regime',
        '/api/analysis/heatmap',
      ];
      for (const path of paths) {
        const url = `${stack.url}${path}`;
        const first = await fetch(url);
        const size = (await first.arrayBuffer()).byteLength;
        const get = async () => {
          const res = await fetch(url);
          await res.arrayBuffer();
          return res.status === 200;
        };
        // 5 × 1,060 requests stay within the gateway's 6,000 per address per 5 minutes (functions/rate-limits.ts).
        await closedLoop(20, 60, get); // warm-up: cold handler, JIT
        const load = await closedLoop(20, 1000, get);
        console.log(`${path}: ${(size / 1024).toFixed(0)} KB, ${load.requests} requests at 20 concurrent, ${load.failures} failed`);
        console.log(
          `  p50 ${ms(load.p50)}   p99 ${ms(load.p99)} (target ≤ 50 ms: ${load.p99 <= 50 ? 'met' : 'NOT met'})   max ${ms(load.max)}   ${load.perSecond.toFixed(0)} req/s`,
        );
      }

      // The ingestion's worst case: no summaries stored, so each underlying's year is backfilled in the run.
      const db = localDocumentClient(stack);
      for (const u of TRACKED_UNDERLYINGS) {
        const keys = await db.send(
          new QueryCommand({
            TableName: stack.tableName,
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': `SUM#${u}` },
            ProjectionExpression: 'PK, SK',
          }),
        );
        await batchWriteAll(
          db,
          stack.tableName,
          (keys.Items ?? []).map((k) => ({ DeleteRequest: { Key: { PK: k.PK, SK: k.SK } } })),
        );
      }
      const { result, seconds } = await timedIngestion(stack, db);
      const rows = result.underlyings.reduce((s, u) => s + (u.summaryDays ?? 0), 0);
      console.log(
        `ingestion of ${TRACKED_UNDERLYINGS.length} underlyings with the summaries backfilled: ${result.contractsStored} contracts, ${rows} daily-summary rows, ${seconds.toFixed(1)} s (target ≤ 60 s: ${seconds <= 60 ? 'met' : 'NOT met'}), ${result.failures.length} failures`,
      );
    } finally {
      await stack.stop();
    }
  },
};
