import { describe, expect, it } from 'vitest';
import type { AlpacaApi, BrokerLink, BrokerRepository } from '@shared/broker/broker.port';
import type { AlpacaOrder } from '@shared/broker/alpaca.wire';
import type { BrokerDeps } from '@shared/broker/use-cases/deps';
import { readAccount } from '@shared/broker/use-cases/read-account';
import { readOrders } from '@shared/broker/use-cases/read-orders';
import { readPositions } from '@shared/broker/use-cases/read-positions';
import { syncBroker } from '@shared/broker/use-cases/sync';
import { inMarketHours, syncOpenOrders } from '@shared/broker/use-cases/sync-open-orders';
import type { DomainEvent } from '@shared/events/domain-events';
import { ok } from '@shared/result';

/** The broker's items in memory, counting every write, with the open-orders key as the table's sparse GSI keeps it. */
function memoryRepo() {
  const links = new Map<string, BrokerLink>();
  const synced = new Map<string, { orders?: unknown[]; positions?: unknown[]; ordersAt?: string; positionsAt?: string }>();
  const fills = new Set<string>();
  const published: DomainEvent[] = [];
  let writes = 0;
  const key = (u: string, e: string) => `${u}#${e}`;
  const repo: BrokerRepository = {
    links: async (u) => [...links.entries()].filter(([k]) => k.startsWith(`${u}#`)).map(([, l]) => l),
    link: async (u, e) => links.get(key(u, e)) ?? null,
    putLink: async (u, l) => {
      writes++;
      links.set(key(u, l.environment), l);
    },
    removeLink: async (u, e) => {
      writes++;
      links.delete(key(u, e));
    },
    saveSync: async (u, e, s) => {
      writes++;
      const k = key(u, e);
      const link = links.get(k);
      if (s.account && link) links.set(k, { ...link, account: s.account });
      const cur = synced.get(k) ?? {};
      if (s.orders) Object.assign(cur, { orders: s.orders, ordersAt: s.at });
      if (s.positions) Object.assign(cur, { positions: s.positions, positionsAt: s.at });
      synced.set(k, cur);
    },
    syncedOrders: async (u, e) => ({ orders: (synced.get(key(u, e))?.orders ?? []) as never, syncedAt: synced.get(key(u, e))?.ordersAt ?? null }),
    syncedPositions: async (u, e) => ({
      positions: (synced.get(key(u, e))?.positions ?? []) as never,
      syncedAt: synced.get(key(u, e))?.positionsAt ?? null,
    }),
    learnersWithOpenOrders: async () =>
      [...synced.entries()]
        .filter(([, s]) => (s.orders as { status: string }[] | undefined)?.some((o) => !['filled', 'canceled', 'expired', 'rejected'].includes(o.status)))
        .map(([k]) => ({ userId: k.split('#')[0]!, environment: k.split('#')[1] as 'paper' | 'live' })),
    claimOrderKey: async () => ({ first: true }),
    releaseOrderKey: async () => undefined,
    recordFill: async (u, e, id, events) => {
      writes++;
      if (fills.has(`${u}#${e}#${id}`)) return false;
      fills.add(`${u}#${e}#${id}`);
      published.push(...events);
      return true;
    },
    logActivity: async () => undefined,
    activity: async () => [],
  };
  return { repo, links, published, writes: () => writes };
}

const wireOrder = (id: string, status: string): AlpacaOrder =>
  ({
    id,
    client_order_id: `oa-${id}`,
    created_at: '2026-11-24T15:00:00Z',
    submitted_at: '2026-11-24T15:00:00Z',
    filled_at: status === 'filled' ? '2026-11-24T15:01:00Z' : null,
    symbol: 'SPY261218C00600000',
    asset_class: 'us_option',
    qty: '1',
    filled_qty: status === 'filled' ? '1' : '0',
    filled_avg_price: status === 'filled' ? '1.20' : null,
    order_class: 'simple',
    type: 'limit',
    limit_price: '1.20',
    side: 'buy',
    time_in_force: 'day',
    status,
    legs: null,
  }) as unknown as AlpacaOrder;

function harness(now = new Date('2026-11-24T16:00:00Z')) {
  const mem = memoryRepo();
  const orders: AlpacaOrder[] = [wireOrder('o1', 'new')];
  let calls = 0;
  const api = {
    account: async () => {
      calls++;
      return ok({ id: 'a', account_number: 'PA1', status: 'ACTIVE', currency: 'USD', cash: '1000', buying_power: '1000', equity: '1000', multiplier: '1' });
    },
    listOrders: async () => {
      calls++;
      return ok([...orders]);
    },
    listPositions: async () => {
      calls++;
      return ok([]);
    },
  } as unknown as AlpacaApi;
  let tick = 0;
  const deps: BrokerDeps = {
    repo: mem.repo,
    keys: { save: async () => undefined, load: async () => ({ apiKey: 'PK1234', apiSecret: 'secret1234' }), remove: async () => undefined },
    connect: () => api,
    quotes: { quotes: async () => new Map() },
    clock: { now: () => new Date(now.getTime() + 1000 * tick++) },
    target: () => ({ host: 'standin', standIn: true }),
    acknowledge: async () => undefined,
    logCompliance: async () => undefined,
    ids: { newId: () => `id${tick++}` },
  };
  const link: BrokerLink = {
    environment: 'paper',
    key_id_masked: 'PK…1234',
    options_trading_level: 3,
    compliance_acknowledged: true,
    compliance_acknowledged_at: null,
    last_validated_at: '2026-11-24T14:00:00Z',
    is_active: true,
    created_at: '2026-11-24T14:00:00Z',
    updated_at: '2026-11-24T14:00:00Z',
    account: null,
  };
  mem.links.set('u1#paper', link);
  return { deps, mem, orders, alpacaCalls: () => calls };
}

describe('syncing the Alpaca account', () => {
  it('stores account, orders and positions with the time of the sync; the reads answer them without calling Alpaca or writing', async () => {
    const h = harness();
    expect(await readOrders(h.deps, 'u1', 'paper')).toEqual({ ok: true, value: { orders: [], syncedAt: null } });
    const synced = await syncBroker(h.deps, 'u1', 'paper');
    expect(synced.ok).toBe(true);
    const { syncedAt } = (synced as { value: { syncedAt: string } }).value;
    const [calls, writes] = [h.alpacaCalls(), h.mem.writes()];
    const account = await readAccount(h.deps, 'u1', 'paper');
    const orders = await readOrders(h.deps, 'u1', 'paper');
    const positions = await readPositions(h.deps, 'u1', 'paper');
    expect(account).toMatchObject({ ok: true, value: { account: { account_number: 'PA1' }, syncedAt: expect.any(String) } });
    expect(orders).toMatchObject({ ok: true, value: { orders: [{ alpaca_order_id: 'o1', status: 'new' }], syncedAt } });
    expect(positions).toEqual({ ok: true, value: { positions: [], syncedAt } });
    expect([h.alpacaCalls(), h.mem.writes()]).toEqual([calls, writes]);
  });

  it('publishes a fill it finds once, however often it syncs (OrderPlaced and OrderFilled marked live)', async () => {
    const h = harness();
    await syncBroker(h.deps, 'u1', 'paper');
    expect(h.mem.published).toEqual([]);
    h.orders[0] = wireOrder('o1', 'filled');
    await syncBroker(h.deps, 'u1', 'paper');
    await syncBroker(h.deps, 'u1', 'paper');
    expect(h.mem.published.map((e) => [e.type, (e.detail as { live?: unknown }).live])).toEqual([
      ['OrderPlaced', { broker: 'alpaca', environment: 'paper' }],
      ['OrderFilled', { broker: 'alpaca', environment: 'paper' }],
    ]);
  });

  it("answers 404 'Alpaca credentials not found' for a learner without keys, and reads nothing from Alpaca", async () => {
    const h = harness();
    expect(await syncBroker(h.deps, 'u2', 'paper')).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Alpaca credentials not found' } });
    expect(await readAccount(h.deps, 'u2', 'paper')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(h.alpacaCalls()).toBe(0);
  });
});

describe('the scheduled sync of learners with open live orders', () => {
  it('runs only in the regular session of a trading day', () => {
    expect(inMarketHours(new Date('2026-11-24T15:00:00Z'))).toBe(true); // Tuesday 10:00 New York
    expect(inMarketHours(new Date('2026-11-24T14:00:00Z'))).toBe(false); // 9:00, before the open
    expect(inMarketHours(new Date('2026-11-24T21:30:00Z'))).toBe(false); // 16:30, after the close
    expect(inMarketHours(new Date('2026-11-26T16:00:00Z'))).toBe(false); // Thanksgiving
    expect(inMarketHours(new Date('2026-11-28T16:00:00Z'))).toBe(false); // Saturday
  });

  it('syncs each learner whose last sync stored an open order, until the order is done', async () => {
    const h = harness();
    await syncBroker(h.deps, 'u1', 'paper');
    expect(await syncOpenOrders(h.deps)).toEqual({ learners: 1, synced: 1, failures: 0, skipped: false });
    h.orders[0] = wireOrder('o1', 'filled');
    expect(await syncOpenOrders(h.deps)).toEqual({ learners: 1, synced: 1, failures: 0, skipped: false });
    expect(h.mem.published.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderFilled']);
    expect(await syncOpenOrders(h.deps)).toEqual({ learners: 0, synced: 0, failures: 0, skipped: false });
  });

  it('does nothing outside market hours', async () => {
    const h = harness(new Date('2026-11-28T16:00:00Z'));
    await syncBroker(h.deps, 'u1', 'paper');
    const calls = h.alpacaCalls();
    expect(await syncOpenOrders(h.deps)).toEqual({ learners: 0, synced: 0, failures: 0, skipped: true });
    expect(h.alpacaCalls()).toBe(calls);
  });
});
