import { describe, expect, it } from 'vitest';
import { makeMarketHandler } from '../../../functions/http/market';
import { runIngestion } from '@shared/market/ingest';
import { marketReader } from '@shared/market/market-reader';
import { simulatedProvider } from '@shared/market/simulated-market';
import type { Clock } from '@shared/ports/clock.port';
import type { DomainEvent } from '@shared/events/domain-events';
import { memoryMarketStore } from '../../support/memory-market-store';
import { httpEvent as ev } from '../../support/http-event';

async function setup(configured = false) {
  let now = new Date('2026-11-23T15:00:00Z');
  const clock: Clock = { now: () => now };
  const store = memoryMarketStore();
  await runIngestion(
    {
      provider: simulatedProvider({ now: () => new Date('2026-11-20T23:00:00Z') }),
      store,
      outbox: { enqueue: async () => undefined },
      clock: { now: () => new Date('2026-11-20T23:00:00Z') },
      sleep: async () => undefined,
      newId: () => '01JD0000000000000000000001',
    },
    { underlyings: ['SPY'], historyContracts: 0 },
  );
  let chainReads = 0;
  const getChain = store.getChain.bind(store);
  store.getChain = async (u, e) => {
    chainReads++;
    return getChain(u, e);
  };
  const published: DomainEvent[] = [];
  const handler = makeMarketHandler({
    reader: marketReader({ store, simulated: simulatedProvider(clock), clock, warn: () => undefined }),
    store,
    outbox: {
      enqueue: async (e) => {
        published.push(...e);
      },
    },
    ids: { newId: () => '01JD0000000000000000000002' },
    clock,
    providerStatus: async () =>
      configured ? { configured: true, provider: 'polygon' } : { configured: false, provider: 'simulated', reason: 'No POLYGON_API_KEY is set.' },
  });
  return {
    handler,
    store,
    published,
    reads: () => chainReads,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('the chain route', () => {
  it('reads DynamoDB at most once per request, and not at all while its copy is fresh', async () => {
    const t = await setup();
    const req = ev('GET /api/market/{underlying}/chain', { params: { underlying: 'SPY' }, query: { expiry: '2026-11-27' } });
    const first = await t.handler(req);
    expect(first.statusCode).toBe(200);
    expect(t.reads()).toBe(1);
    await t.handler(req);
    await t.handler(req);
    expect(t.reads()).toBe(1);
    t.advance(11_000);
    const later = await t.handler(req);
    expect(t.reads()).toBe(2);
    // Same stored version: the same body and ETag, with no re-serialisation needed.
    expect(later.body).toBe(first.body);
    expect(later.headers?.etag).toBe(first.headers?.etag);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const t = await setup();
    const first = await t.handler(ev('GET /api/market/{underlying}/chain', { params: { underlying: 'SPY' }, query: { expiry: '2026-11-27' } }));
    const again = await t.handler(
      ev('GET /api/market/{underlying}/chain', {
        params: { underlying: 'spy' },
        query: { expiry: '2026-11-27' },
        headers: { 'if-none-match': String(first.headers!.etag) },
      }),
    );
    expect(again.statusCode).toBe(304);
  });
});

describe('Sync Data', () => {
  it('queues one ingestion per underlying through the outbox when a provider is configured', async () => {
    const t = await setup(true);
    const sync = ev('POST /api/market/sync', { body: '{"underlying":"spy"}', claims: { sub: 'learner-1' } });
    const first = await t.handler(sync);
    expect(first.statusCode).toBe(202);
    expect(t.published).toEqual([
      {
        type: 'IngestRequested',
        detail: expect.objectContaining({ eventId: '01JD0000000000000000000002', requestedBy: 'learner-1', reason: 'sync', underlyings: ['SPY'] }),
      },
    ]);
    const again = await t.handler(sync);
    expect(again.statusCode).toBe(200);
    expect(t.published).toHaveLength(1);
  });

  it('says there is nothing to sync without a provider', async () => {
    const t = await setup(false);
    const res = await t.handler(ev('POST /api/market/sync', { body: '{"underlying":"SPY"}', claims: { sub: 'u' } }));
    expect(res.statusCode).toBe(409);
  });
});
