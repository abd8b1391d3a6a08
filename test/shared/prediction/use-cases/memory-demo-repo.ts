import type { DemoAccount, DemoOrder, DemoPosition, DemoSettlement } from '@shared/prediction/demo-account';
import type { CommitResult, DemoAccountChange, DemoAccountRepository, DemoAccountReset, Holding, RestingRef } from '@shared/prediction/demo-account.port';
import type { ExpirySnapshot, MarketSnapshotStore } from '@shared/prediction/market-snapshots.port';

const clone = <T>(x: T): T => structuredClone(x);

/** The demo accounts in memory, with the conditions of the DynamoDB adapter: versions, client ids, statuses, records once. */
export function memoryDemoRepo() {
  const accounts = new Map<string, DemoAccount>();
  const positions = new Map<string, Map<string, DemoPosition>>();
  const orders = new Map<string, Map<string, DemoOrder>>();
  const clientIds = new Map<string, string>();
  const settlements = new Map<string, Map<string, DemoSettlement>>();
  const volume = new Map<string, number>();
  let writes = 0;
  const of = <V>(m: Map<string, Map<string, V>>, userId: string) => {
    if (!m.has(userId)) m.set(userId, new Map());
    return m.get(userId)!;
  };
  const posKey = (p: Pick<DemoPosition, 'marketId' | 'side'>) => `${p.marketId}#${p.side}`;

  const repo: DemoAccountRepository = {
    async load(userId) {
      return { account: clone(accounts.get(userId) ?? null), positions: [...of(positions, userId).values()].map(clone) };
    },
    async getOrder(userId, orderId) {
      return clone(of(orders, userId).get(orderId) ?? null);
    },
    async getOrderByClientId(userId, cid) {
      const id = clientIds.get(`${userId}#${cid}`);
      return id ? clone(of(orders, userId).get(id) ?? null) : null;
    },
    async listOrders(userId, limit) {
      return [...of(orders, userId).values()]
        .sort((a, b) => b.id.localeCompare(a.id))
        .slice(0, limit)
        .map(clone);
    },
    async restingOrders(userId) {
      return [...of(orders, userId).values()].filter((o) => o.status === 'resting').map(clone);
    },
    async listSettlements(userId, limit) {
      return [...of(settlements, userId).values()]
        .sort((a, b) => b.settledAt.localeCompare(a.settledAt))
        .slice(0, limit)
        .map(clone);
    },
    async commit(userId, change: DemoAccountChange): Promise<CommitResult> {
      const current = accounts.get(userId);
      if ((current?.version ?? 0) !== change.account.expectedVersion) return 'conflict';
      if (change.order) {
        const o = change.order.next;
        if (change.order.expected === 'new' && clientIds.has(`${userId}#${o.clientOrderId}`)) return 'duplicate';
        if (change.order.expected === 'resting' && of(orders, userId).get(o.id)?.status !== 'resting') return 'duplicate';
      }
      const mine = of(positions, userId);
      for (const p of change.positions ?? []) {
        const key = posKey((p.before ?? p.after)!);
        const stored = mine.get(key);
        if (p.before ? stored?.version !== p.before.version : stored) return 'conflict';
      }
      for (const s of change.settlements ?? []) if (of(settlements, userId).has(`${s.marketId}#${s.side}`)) return 'duplicate';
      writes++;
      accounts.set(userId, clone(change.account.next));
      if (change.order) {
        of(orders, userId).set(change.order.next.id, clone(change.order.next));
        clientIds.set(`${userId}#${change.order.next.clientOrderId}`, change.order.next.id);
      }
      for (const p of change.positions ?? []) {
        if (p.after) mine.set(posKey(p.after), { ...clone(p.after), version: (p.before?.version ?? 0) + 1 });
        else mine.delete(posKey(p.before!));
      }
      for (const s of change.settlements ?? []) of(settlements, userId).set(`${s.marketId}#${s.side}`, clone(s));
      if (change.volume) volume.set(change.volume.marketId, (volume.get(change.volume.marketId) ?? 0) + change.volume.count);
      return 'ok';
    },
    async reset(userId, change: DemoAccountReset) {
      if ((accounts.get(userId)?.version ?? 0) !== change.expectedVersion) return 'conflict';
      if (change.cancel.some((o) => of(orders, userId).get(o.id)?.status !== 'resting')) return 'conflict';
      writes++;
      accounts.set(userId, clone(change.next));
      for (const o of change.cancel) of(orders, userId).set(o.id, clone(o));
      for (const p of change.clear) of(positions, userId).delete(posKey(p));
      return 'ok';
    },
    async holders(underlying, expiration): Promise<Holding[]> {
      return [...positions].flatMap(([userId, ps]) =>
        [...ps.values()].filter((p) => p.underlying === underlying && p.expiration === expiration).map((p) => ({ userId, marketId: p.marketId, side: p.side })),
      );
    },
    async allResting(): Promise<RestingRef[]> {
      return [...orders]
        .flatMap(([userId, os]) =>
          [...os.values()]
            .filter((o) => o.status === 'resting')
            .map((o) => ({ userId, orderId: o.id, closesAt: o.closesAt, underlying: o.underlying, expiration: o.expiration })),
        )
        .sort((a, b) => a.closesAt.localeCompare(b.closesAt));
    },
  };
  return { repo, volume, writes: () => writes, accounts };
}

/** The markets store in memory (get and resolved are what trading reads). */
export function memoryMarkets(...snapshots: ExpirySnapshot[]) {
  const byKey = new Map(snapshots.map((s) => [`${s.underlying}#${s.expiration}`, s]));
  const store: Pick<MarketSnapshotStore, 'get' | 'resolved'> = {
    async get(u, e) {
      return clone(byKey.get(`${u}#${e}`) ?? null);
    },
    async resolved(limit) {
      return [...byKey.values()]
        .filter((s) => s.resolution)
        .slice(0, limit)
        .map(clone);
    },
  };
  return {
    store,
    put: (s: ExpirySnapshot) => byKey.set(`${s.underlying}#${s.expiration}`, clone(s)),
  };
}
