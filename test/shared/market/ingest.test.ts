import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@shared/events/domain-events';
import { runIngestion } from '@shared/market/ingest';
import { parseOcc } from '@shared/market/occ';
import { simulatedProvider } from '@shared/market/simulated-market';
import { fixedClock } from '@shared/ports/clock.port';
import type { MarketDataProvider } from '@shared/market/market-data.port';
import { ProviderError } from '@shared/market/market-data.port';
import { memoryMarketStore } from '../../support/memory-market-store';

const clock = fixedClock('2026-11-23T23:00:00Z'); // Monday 18:00 New York
function harness(provider: MarketDataProvider) {
  const store = memoryMarketStore();
  const events: DomainEvent[] = [];
  const sleeps: number[] = [];
  const warnings: string[] = [];
  let id = 0;
  const deps = {
    provider,
    store,
    outbox: {
      enqueue: async (e: readonly DomainEvent[]) => {
        events.push(...e);
      },
    },
    clock,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
    newId: () => `01JD0000000000000000000${String(++id).padStart(3, '0')}`,
    warn: (m: string) => warnings.push(m),
  };
  return { deps, store, events, sleeps, warnings };
}

describe('an ingestion run', () => {
  it('stores one chain per expiry, the summaries, the ticker, history and the status, and announces it with the status', async () => {
    const h = harness(simulatedProvider(clock));
    const result = await runIngestion(h.deps, { underlyings: ['SPY', 'AAPL'] });
    expect(result.failures).toEqual([]);
    expect(result.session).toBe('2026-11-23');
    const spy = result.underlyings.find((u) => u.ticker === 'SPY')!;
    expect(spy.expiries).toBeGreaterThan(30);
    expect([...h.store.chains.keys()].filter((k) => k.startsWith('SPY|'))).toHaveLength(spy.expiries);
    expect(h.store.chains.get('SPY|2028-01-21')?.contracts.length).toBeGreaterThan(0); // LEAPS kept from the simulated market
    expect((await h.store.listExpiries('SPY')).length).toBe(spy.expiries);
    expect((await h.store.listTickers()).map((t) => t.ticker).sort()).toEqual(['AAPL', 'SPY']);
    expect(await h.store.getStatus()).toMatchObject({ source: 'demo', provider: 'simulated', session: '2026-11-23', contractsStored: result.contractsStored });
    // Written with the status it reports (one transaction in DynamoDB), not on its own.
    expect(h.store.outbox).toEqual([
      { type: 'ChainIngested', detail: expect.objectContaining({ source: 'demo', underlyings: ['SPY', 'AAPL'], contractsStored: result.contractsStored }) },
    ]);
    expect(h.events).toEqual([]);
  });

  it('announces a run that stored nothing on its own, and keeps the last good status', async () => {
    const sim = simulatedProvider(clock);
    const h = harness({
      ...sim,
      chainSnapshot: async (u) => {
        throw new ProviderError(u, 503);
      },
    });
    await h.store.putStatus({ lastSync: 'before', session: '2026-11-20', source: 'demo', provider: 'simulated', contractsStored: 9, failures: [] });
    const result = await runIngestion(h.deps, { underlyings: ['SPY'] });
    expect(result.failures).toHaveLength(1);
    expect(await h.store.getStatus()).toMatchObject({ lastSync: 'before', contractsStored: 9 });
    expect(h.store.outbox).toEqual([]);
    expect(h.events).toEqual([
      { type: 'ChainIngested', detail: expect.objectContaining({ contractsStored: 0, failures: [{ underlying: 'SPY', error: expect.any(String) }] }) },
    ]);
  });

  it('keeps 14 days of history for the underlying and up to 20 active contracts expiring within 60 days', async () => {
    const h = harness(simulatedProvider(clock));
    const result = await runIngestion(h.deps, { underlyings: ['SPY'] });
    expect(result.underlyings[0]!.historyContracts).toBe(20);
    const optionKeys = [...h.store.bars.keys()].filter((k) => k.startsWith('option|'));
    expect(optionKeys).toHaveLength(20);
    for (const key of optionKeys) expect(parseOcc(key.slice('option|'.length))!.expiration <= '2027-01-22').toBe(true);
    const stock = await h.store.getBars('stock', 'SPY', '2026-11-09');
    expect(stock.length).toBeGreaterThanOrEqual(9);
  });

  it('isolates a failing underlying and goes on with the others', async () => {
    const sim = simulatedProvider(clock);
    const flaky: MarketDataProvider = {
      ...sim,
      chainSnapshot: async (u, o) => {
        if (u === 'TSLA') throw new ProviderError('TSLA', 503);
        return sim.chainSnapshot(u, o);
      },
    };
    const h = harness(flaky);
    const result = await runIngestion(h.deps, { underlyings: ['TSLA', 'MSFT'] });
    expect(result.failures).toEqual([{ underlying: 'TSLA', error: 'Market-data provider failed for TSLA: HTTP 503' }]);
    expect(result.underlyings.find((u) => u.ticker === 'MSFT')!.contracts).toBeGreaterThan(0);
    expect((await h.store.getStatus())!.failures).toHaveLength(1);
  });

  it('warns and skips a failed contract history instead of failing the underlying', async () => {
    const sim = simulatedProvider(clock);
    const h = harness({
      ...sim,
      dailyBars: async (t, f, to) => {
        if (t.length > 6) throw new Error('quota');
        return sim.dailyBars(t, f, to);
      },
    });
    const result = await runIngestion(h.deps, { underlyings: ['QQQ'] });
    expect(result.failures).toEqual([]);
    expect(result.underlyings[0]!.historyContracts).toBe(0);
    expect(h.warnings).toHaveLength(20);
  });

  it("applies the real provider's 3-month horizon and pacing (1 s between underlyings, 0.5 s between contracts)", async () => {
    const sim = simulatedProvider(clock);
    const asked: (string | undefined)[] = [];
    const live: MarketDataProvider = {
      ...sim,
      name: 'polygon',
      source: 'live',
      pacing: { betweenUnderlyingsMs: 1000, betweenContractsMs: 500 },
      listContracts: async (u, o) => {
        asked.push(o?.expirationLte);
        return sim.listContracts(u, o);
      },
    };
    const h = harness(live);
    await runIngestion(h.deps, { underlyings: ['SPY', 'QQQ'], horizonMonths: 3 });
    expect(asked).toEqual(['2027-02-23', '2027-02-23']);
    expect([...h.store.chains.values()].every((c) => c.expiration <= '2027-02-23' && c.source === 'live')).toBe(true);
    expect(h.sleeps.filter((ms) => ms === 1000)).toHaveLength(1);
    expect(h.sleeps.filter((ms) => ms === 500)).toHaveLength(40);
  });

  it('never paces below the 100 ms minimum', async () => {
    const sim = simulatedProvider(clock);
    const h = harness({ ...sim, pacing: { betweenUnderlyingsMs: 20, betweenContractsMs: 10 } });
    await runIngestion(h.deps, { underlyings: ['AMZN', 'GOOGL'], historyContracts: 2 });
    expect(h.sleeps.every((ms) => ms >= 100)).toBe(true);
  });
});
