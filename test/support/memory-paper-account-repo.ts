import type { DomainEvent } from '@shared/events/domain-events';
import type { Activity, PaperAccount, Position } from '@shared/paper/types';
import type { Order } from '@shared/trading/order';
import type { CommitResult, ComplianceLogEntry, DisclosureAck, PaperAccountRepository } from '@shared/paper/paper.port';

/**
 * An in-memory PaperAccountRepository with the same conditional semantics as the DynamoDB one (version checks, the
 * client-order-id guard, expected order status, events written only with their change), for unit tests of the use cases.
 */
export function memoryPaperAccountRepo() {
  const accounts = new Map<string, PaperAccount>();
  const positions = new Map<string, Map<string, Position>>();
  const orders = new Map<string, Map<string, Order>>();
  const clientIds = new Map<string, string>();
  const activity = new Map<string, Activity[]>();
  const compliance = new Map<string, ComplianceLogEntry[]>();
  const counters: Record<string, number> = {};
  /** Agent tokens' orders a minute, by `<tokenId>|<minute>`, counted with the order as the table's transaction does. */
  const agentCounts = new Map<string, number>();
  /** The outbox: every event committed, in order. */
  const events: DomainEvent[] = [];
  const clone = <T>(x: T): T => structuredClone(x);
  const bucket = <T>(m: Map<string, Map<string, T>>, u: string) => m.get(u) ?? m.set(u, new Map()).get(u)!;

  const repo: PaperAccountRepository & { counters: typeof counters; agentCounts: typeof agentCounts; commits: number; events: DomainEvent[] } = {
    counters,
    agentCounts,
    events,
    commits: 0,
    async getAccount(u) {
      const a = accounts.get(u);
      return a ? clone(a) : null;
    },
    async createAccount(a, act, evs) {
      if (accounts.has(a.userId)) return false;
      accounts.set(a.userId, clone(a));
      events.push(...clone(evs));
      activity.set(a.userId, [...(activity.get(a.userId) ?? []), act]);
      return true;
    },
    async getPositions(u) {
      return [...bucket(positions, u).values()].map(clone);
    },
    async getAccountAndPositions(u) {
      return { account: await repo.getAccount(u), positions: await repo.getPositions(u) };
    },
    async getOrder(u, id) {
      const o = bucket(orders, u).get(id);
      return o ? clone(o) : null;
    },
    async getOrderByClientId(u, cid) {
      const id = clientIds.get(`${u}|${cid}`);
      return id ? repo.getOrder(u, id) : null;
    },
    async listOrders(u, opts) {
      return [...bucket(orders, u).values()]
        .filter((o) => !opts?.status || o.status === opts.status)
        .sort((a, b) => b.orderId.localeCompare(a.orderId))
        .slice(0, opts?.limit)
        .map(clone);
    },
    async listActivity(u, limit) {
      return [...(activity.get(u) ?? [])].reverse().slice(0, limit);
    },
    async commit(u, change): Promise<CommitResult> {
      const account = accounts.get(u);
      if (!account || account.version !== change.account.expectedVersion) return 'conflict';
      const userOrders = bucket(orders, u);
      if (change.order) {
        const o = change.order.next;
        if (change.order.expected === 'new') {
          if (clientIds.has(`${u}|${o.clientOrderId}`)) return 'duplicate';
        } else if (userOrders.get(o.orderId)?.status !== change.order.expected) return 'duplicate';
      }
      const userPositions = bucket(positions, u);
      for (const p of change.positions ?? []) {
        const current = userPositions.get(p.symbol);
        if (p.before ? current?.version !== p.before.version : current) return 'conflict';
      }
      const minute = change.agentCount ? `${change.agentCount.tokenId}|${change.agentCount.minute}` : null;
      if (minute && (agentCounts.get(minute) ?? 0) >= change.agentCount!.limit) return 'limited';
      if (minute) agentCounts.set(minute, (agentCounts.get(minute) ?? 0) + 1);
      accounts.set(u, clone(change.account.next));
      if (change.order) {
        userOrders.set(change.order.next.orderId, clone(change.order.next));
        if (change.order.expected === 'new') clientIds.set(`${u}|${change.order.next.clientOrderId}`, change.order.next.orderId);
      }
      for (const p of change.positions ?? []) {
        if (p.after) userPositions.set(p.symbol, { ...clone(p.after), version: (p.before?.version ?? 0) + 1 });
        else userPositions.delete(p.symbol);
      }
      activity.set(u, [...(activity.get(u) ?? []), ...(change.activity ?? [])]);
      for (const [k, v] of Object.entries(change.counters ?? {})) counters[k] = (counters[k] ?? 0) + (v ?? 0);
      if (change.compliance?.length) compliance.set(u, [...(compliance.get(u) ?? []), ...change.compliance]);
      events.push(...clone(change.events ?? []));
      repo.commits++;
      return 'ok';
    },
    async reset(u, change) {
      const account = accounts.get(u);
      if (!account || account.version !== change.expectedVersion) return 'conflict';
      accounts.set(u, clone(change.next));
      for (const p of change.clear) bucket(positions, u).delete(p.symbol);
      activity.set(u, [...(activity.get(u) ?? []), change.activity]);
      events.push(...clone(change.events));
      return 'ok';
    },
    async logCompliance(u, entries) {
      compliance.set(u, [...(compliance.get(u) ?? []), ...entries]);
    },
    async complianceLog(u, from) {
      return (compliance.get(u) ?? []).filter((e) => e.trade_date >= from);
    },
    async acknowledge(_u: string, _a: DisclosureAck) {
      /* not needed by the service tests */
    },
    async disclosures() {
      return [];
    },
    async usersWithOpenOrders() {
      return [...orders.entries()].filter(([, m]) => [...m.values()].some((o) => o.status === 'open')).map(([u]) => u);
    },
    async usersWithExpiringPositions(date) {
      return [...positions.entries()].filter(([, m]) => [...m.values()].some((p) => p.expiration === date)).map(([u]) => u);
    },
  };
  return repo;
}
