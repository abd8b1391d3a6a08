import type { z } from 'zod';
import { freshAccount, sideMid, type DemoOrder, type DemoSettlement } from '../demo-account';
import type { DemoAccountSchema, PredictionOrderSchema, SettlementSchema } from '../prediction.api';
import { quoteOf } from '../book';
import { bookOf, type ExpirySnapshot } from '../market-snapshots.port';
import { parseMarketId } from '../markets';
import { marketResolution } from '../market-resolution';
import type { TradingDeps } from '../use-cases/deps';

export type DemoAccountView = z.infer<typeof DemoAccountSchema>;
export type PredictionOrderView = z.infer<typeof PredictionOrderSchema>;
export type SettlementView = z.infer<typeof SettlementSchema>;

/** Orders and settlements the page lists, newest first. */
export const RECENT = 50;

export const orderView = (o: DemoOrder): PredictionOrderView => ({
  id: o.id,
  clientOrderId: o.clientOrderId,
  marketId: o.marketId,
  question: o.question,
  side: o.side,
  action: o.action,
  type: o.type,
  count: o.count,
  limitPrice: o.limitPrice,
  filledCount: o.filledCount,
  avgFillPrice: o.avgFillPrice,
  fee: o.fee,
  status: o.status,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
});

const settlementView = (s: DemoSettlement): SettlementView => ({
  marketId: s.marketId,
  question: s.question,
  side: s.side,
  count: s.count,
  outcome: s.outcome,
  payout: s.payout,
  pnl: s.pnl,
  close: s.close,
  closeDate: s.closeDate,
  settledAt: s.settledAt,
});

/**
 * The learner's demo account as the page shows it: the balance and what is held, each position valued at its side's
 * mid in the book of the market's latest making (none once the market has closed), its P&L against what it cost,
 * resting and recent orders, settlements newest first. A learner without an account reads a fresh $1,000 one; nothing
 * is written.
 */
export async function accountView(deps: Pick<TradingDeps, 'repo' | 'markets' | 'clock'>, userId: string): Promise<DemoAccountView> {
  const now = deps.clock.now();
  const [{ account, positions }, resting, recent, settlements] = await Promise.all([
    deps.repo.load(userId),
    deps.repo.restingOrders(userId),
    deps.repo.listOrders(userId, RECENT),
    deps.repo.listSettlements(userId, RECENT),
  ]);
  const current = account ?? freshAccount(userId, now.toISOString());
  const snapshots = new Map<string, Promise<ExpirySnapshot | null>>();
  for (const p of positions) {
    const key = `${p.underlying}#${p.expiration}`;
    if (!snapshots.has(key)) snapshots.set(key, deps.markets.get(p.underlying, p.expiration));
  }
  const views = await Promise.all(
    positions.map(async (p) => {
      const snapshot = await snapshots.get(`${p.underlying}#${p.expiration}`)!;
      const stored = snapshot?.markets.find((m) => m.market.id === p.marketId) ?? null;
      const parsed = parseMarketId(p.marketId);
      const resolution = parsed.ok ? marketResolution(snapshot, parsed.value, now) : ({ status: 'awaiting-close' } as const);
      const mid = snapshot && stored && resolution.status === 'open' ? sideMid(quoteOf(bookOf(snapshot, stored)), p.side) : null;
      const value = mid === null ? null : p.count * mid;
      return {
        marketId: p.marketId,
        question: p.question,
        label: p.label,
        side: p.side,
        count: p.count,
        avgPrice: p.count === 0 ? 0 : p.paid / p.count,
        cost: p.cost,
        mid,
        value,
        pnl: value === null ? null : value - p.cost,
        resolution,
        closesAt: p.closesAt,
      };
    }),
  );
  return {
    demo: true,
    balance: current.balance,
    startingBalance: current.startingBalance,
    held: current.held,
    positions: views.sort((a, b) => a.closesAt.localeCompare(b.closesAt) || a.marketId.localeCompare(b.marketId) || a.side.localeCompare(b.side)),
    openOrders: resting.map(orderView),
    recentOrders: recent.map(orderView),
    settlements: settlements.map(settlementView),
    createdAt: current.createdAt,
    resetAt: current.resetAt,
  };
}
