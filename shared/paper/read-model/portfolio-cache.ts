import type { Activity, Position } from '../types';
import type { Order, OrderStatus } from '../../trading/order';
import { BoundedMap } from '../../bounded-map';

/**
 * A learner's positions and recent activity as of one version of their paper account, kept by a warm function. Every
 * write of a position or an activity item commits the account item with its version + 1 in the same transaction
 * (paper-account-repository.ts: commit, reset, createAccount), so positions and activity read at version v are the
 * current ones exactly while the account is still at v. The portfolio reads the account (one GetItem, strongly
 * consistent) and reuses what it kept for that version; any other version, newer or older, reads them again. A balance
 * is therefore never older than the account item, and the learner's own order shows at once. Orders are written the
 * same way (every order item is put in a commit of the account), so the orders list is kept per version too, for
 * each status filter asked.
 */
export interface PortfolioCache {
  get(userId: string, version: number): { positions: Position[]; activity: Activity[] } | undefined;
  set(userId: string, version: number, kept: { positions: Position[]; activity: Activity[] }): void;
  orders(userId: string, version: number, status: OrderStatus | undefined): Order[] | undefined;
  keepOrders(userId: string, version: number, status: OrderStatus | undefined, orders: Order[]): void;
}

const KEPT = 5_000;

export function portfolioCache(max = KEPT): PortfolioCache {
  const kept = new BoundedMap<string, { version: number; positions: Position[]; activity: Activity[] }>(max);
  const orders = new BoundedMap<string, { version: number; orders: Order[] }>(max);
  return {
    get(userId, version) {
      const hit = kept.get(userId);
      return hit && hit.version === version ? { positions: hit.positions, activity: hit.activity } : undefined;
    },
    set(userId, version, value) {
      kept.set(userId, { version, ...value });
    },
    orders(userId, version, status) {
      const hit = orders.get(`${userId}|${status ?? ''}`);
      return hit && hit.version === version ? hit.orders : undefined;
    },
    keepOrders(userId, version, status, list) {
      orders.set(`${userId}|${status ?? ''}`, { version, orders: list });
    },
  };
}
