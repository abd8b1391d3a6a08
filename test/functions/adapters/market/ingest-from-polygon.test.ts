import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolygonProvider } from '../../../../functions/adapters/market/polygon-provider';
import { runIngestion } from '@shared/market/ingest';
import { fixedClock } from '@shared/ports/clock.port';
import { FAKE_POLYGON_API_KEY, startFakePolygonServer, type FakePolygonServer } from '../../../support/fake-polygon-server';
import { memoryMarketStore } from '../../../support/memory-market-store';
import { memorySummaryStore } from '../../../support/memory-summary-store';
import { analysisReader } from '@shared/analysis/analysis-reader';

/** An ingestion run against a local server that answers like Polygon's documented API. */
describe('ingesting from a Polygon-compatible provider', () => {
  let server: FakePolygonServer;
  const clock = fixedClock('2026-01-02T23:00:00Z');
  beforeAll(async () => {
    server = await startFakePolygonServer({ contracts: { SPY: 1200, QQQ: 400 }, prices: { SPY: 600, QQQ: 520 } });
  });
  afterAll(async () => {
    await server.close();
  });

  const run = async (underlyings: string[]) => {
    const store = memoryMarketStore();
    const provider = createPolygonProvider({ apiKey: FAKE_POLYGON_API_KEY, baseUrl: server.baseUrl, clock });
    const result = await runIngestion(
      { provider, store, outbox: { enqueue: async () => undefined }, clock, sleep: async () => undefined, newId: () => '01JD0000000000000000000001' },
      { underlyings, horizonMonths: 3, historyContracts: 3 },
    );
    return { store, result };
  };

  it("stores live chains with the provider's IV and Greeks, only within the 3-month horizon", async () => {
    server.reset();
    const { store, result } = await run(['SPY']);
    expect(result.failures).toEqual([]);
    expect(result.source).toBe('live');
    const listing = server.requests.find((r) => r.path === '/v3/reference/options/contracts');
    expect(listing?.query['expiration_date.lte']).toBe('2026-04-02');
    const chains = [...store.chains.values()];
    expect(chains.length).toBeGreaterThan(0);
    expect(chains.every((c) => c.source === 'live' && c.provider === 'polygon' && c.expiration <= '2026-04-02')).toBe(true);
    const c = chains[0]!.contracts.find((x) => x.implied_volatility !== null)!;
    expect(c.contract_ticker).not.toMatch(/^O:/);
    expect(c.delta).not.toBeNull();
    expect(await store.getStatus()).toMatchObject({ source: 'live', provider: 'polygon' });
  });

  it('records a failing underlying by name and status and stores the rest', async () => {
    server.reset();
    server.failWith({ status: 429, underlying: 'QQQ' });
    const { store, result } = await run(['QQQ', 'SPY']);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]!.underlying).toBe('QQQ');
    expect(result.failures[0]!.error).toContain('QQQ');
    expect(result.failures[0]!.error).toContain('429');
    expect(result.failures[0]!.error).not.toContain(FAKE_POLYGON_API_KEY);
    expect([...store.chains.keys()].some((k) => k.startsWith('SPY|'))).toBe(true);
  });

  it('accumulates the IV history one session a run on top of the year of closes backfilled from the bars', async () => {
    const store = memoryMarketStore();
    const summaries = memorySummaryStore();
    for (const instant of ['2026-11-23T23:00:00Z', '2026-11-24T23:00:00Z']) {
      const at = fixedClock(instant);
      const market = await startFakePolygonServer({ market: { now: at.now() } });
      try {
        const provider = createPolygonProvider({ apiKey: FAKE_POLYGON_API_KEY, baseUrl: market.baseUrl, clock: at });
        const result = await runIngestion(
          {
            provider,
            store,
            summaries,
            outbox: { enqueue: async () => undefined },
            clock: at,
            sleep: async () => undefined,
            newId: () => '01JD0000000000000000000002',
          },
          { underlyings: ['AAPL'], horizonMonths: 3, historyContracts: 0 },
        );
        expect(result.failures).toEqual([]);
      } finally {
        await market.close();
      }
    }
    const rows = await summaries.listSummaries('AAPL', '2000-01-01');
    // The first run wrote the year before 2026-11-23 from the bars and that session from its chain; the second adds one more.
    expect(rows).toHaveLength(254);
    expect(rows.filter((r) => r.iv30 !== null).map((r) => r.date)).toEqual(['2026-11-23', '2026-11-24']);
    expect(rows.slice(0, -2).every((r) => r.basis === 'bars')).toBe(true);
    const reader = analysisReader({ summaries, market: store, clock: fixedClock('2026-11-24T23:00:00Z') });
    const summary = await reader.summary('AAPL');
    expect(summary).toMatchObject({ ok: true, value: { metrics: { ivSamples: 1, ivRank: null } } });
    const regime = await reader.regime('AAPL');
    expect(regime).toMatchObject({ ok: true, value: { today: null, unavailable: expect.stringMatching(/building history: 2 \/ 252/) } });
  });
});
