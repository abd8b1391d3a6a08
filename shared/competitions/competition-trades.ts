import { applyOrder, applySettlement, emptyBook, type JournalBook, type OrderFillInput } from '../journal/book';
import { entryAnalytics, recogniseStrategy } from '../journal/entry-analytics';
import { hasWrittenPlan } from '../journal/entries';
import type { ExitReason, JournalTrade, OpenLeg } from '../journal/trades';
import { cents } from '../kernel/money';
import { parseOcc } from '../market/occ';
import { CONTRACT_MULTIPLIER, type Activity } from '../paper/types';
import type { Order, Quote } from '../trading/order';
import type { CompetitionPlan } from './competition-account.api';
import type { CompetitionTrade } from './debrief';

/**
 * A competition account's trades (issue 39), as the journal keeps the paper account's (shared/journal/book.ts): one
 * trade per opening order, however its legs end; its closes taken first in, first out; its realized P&L net of every
 * commission; its max loss at entry from the strategy analytics (entryAnalytics). The journal builds its trades from the
 * order events; a competition account writes none (it must not feed the learner's own journal), so the same book is
 * replayed here from the account's own records: each filled order's fills, and each settlement's activity line.
 *
 * A settlement's activity names the contract, not the contracts or their value, so these come from what the book holds
 * and the line's money: an expiry settles every contract of the symbol the account holds (a competition account has no
 * early exercise); worthless is 0; cash-settled (or closed at intrinsic value) is the cash it moved a share; exercised or
 * assigned is the open price plus the realized P&L a share (exact unless shares of the underlying were held against it,
 * whose P&L then counts in the trade).
 */
const SETTLEMENT_REASON: Partial<Record<Activity['kind'], ExitReason>> = {
  expired_worthless: 'expired_worthless',
  exercised: 'exercised',
  assigned: 'assigned',
  cash_settled: 'cash_settled',
  auto_closed: 'cash_settled',
};

type Movement = { at: string; rank: 0; order: Order } | { at: string; rank: 1; activity: Activity };

function describeOrder(order: Order, legs: readonly OpenLeg[]) {
  const quotes = new Map<string, Quote>(order.fills.map((f) => [f.contract, f.quote]));
  return {
    strategy: order.strategy ?? recogniseStrategy(legs),
    strategySource: order.strategy ? ('builder' as const) : ('recognised' as const),
    entry: entryAnalytics(legs, { filledAt: order.filledAt!, quotes }),
  };
}

/** The value a share at which a settlement's contracts left the book, from its activity line (see above). */
function settlementValue(a: Activity, reason: ExitReason, held: { quantity: number; openPrice: number; sign: number }): number {
  const shares = held.quantity * CONTRACT_MULTIPLIER;
  if (reason === 'expired_worthless' || shares === 0) return 0;
  if (reason === 'cash_settled') return Math.abs(a.cashDelta) / shares;
  return held.openPrice + a.realizedPnl / (held.sign * shares);
}

/** Replays the account's filled orders and settlements, oldest first, through the journal's book. */
export function journalTradesOf(orders: readonly Order[], activity: readonly Activity[]): JournalTrade[] {
  const movements: Movement[] = [
    ...orders.filter((o) => o.status === 'filled' && o.filledAt).map((order) => ({ at: order.filledAt!, rank: 0 as const, order })),
    ...activity.filter((a) => a.symbol && SETTLEMENT_REASON[a.kind]).map((a) => ({ at: a.at, rank: 1 as const, activity: a })),
  ].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : x.rank - y.rank));
  let book: JournalBook = emptyBook();
  const trades = new Map<string, JournalTrade>();
  for (const m of movements) {
    let change;
    if (m.rank === 0) {
      const fills: OrderFillInput[] = m.order.fills.map((f) => ({
        contract: f.contract,
        side: f.side,
        quantity: f.quantity,
        price: f.price,
        commission: f.commission,
        effect: f.effect,
        iv: f.quote.impliedVolatility ?? null,
        isOption: parseOcc(f.contract) !== null,
      }));
      const order = m.order;
      change = applyOrder(book, trades, {
        orderId: order.orderId,
        run: order.run,
        filledAt: order.filledAt!,
        fills,
        describe: (legs) => describeOrder(order, legs),
      });
    } else {
      const a = m.activity;
      const contract = a.symbol!;
      const reason = SETTLEMENT_REASON[a.kind]!;
      const holders = book.open[contract] ?? [];
      const legs = holders.flatMap((h) => trades.get(h.tradeId)?.legs.filter((l) => l.contract === contract && l.open > 0) ?? []);
      const quantity = legs.reduce((s, l) => s + l.open, 0);
      if (quantity === 0) continue;
      const openPrice = legs.reduce((s, l) => s + l.openPrice * l.open, 0) / quantity;
      const sign = legs[0]!.side === 'buy' ? 1 : -1;
      const price = settlementValue(a, reason, { quantity, openPrice, sign });
      change = applySettlement(book, trades, { key: a.id, contract, quantity, side: null, price, commission: 0, at: a.at, reason });
    }
    book = change.book;
    for (const t of change.trades) trades.set(t.id, t);
  }
  return [...trades.values()];
}

/** The plan as the journal's rule reads it (its time of writing is the entry's createdAt). */
export const tradePlanOf = (plan: CompetitionPlan | null | undefined): CompetitionTrade['plan'] =>
  plan ? { thesis: plan.thesis, plannedExit: plan.plannedExit, createdAt: plan.writtenAt } : null;

/** The account's trades with their plans, newest first: one per opening order. */
export function competitionTrades(
  orders: readonly Order[],
  activity: readonly Activity[],
  plans: ReadonlyMap<string, CompetitionPlan>,
): (CompetitionTrade & { writtenPlan: CompetitionPlan | null; hasPlan: boolean })[] {
  return journalTradesOf(orders, activity)
    .map((t) => {
      const written = plans.get(t.id) ?? null;
      const plan = tradePlanOf(written);
      return {
        id: t.id,
        strategy: t.strategy,
        underlying: t.underlying,
        openedAt: t.openedAt,
        closedAt: t.closedAt,
        realizedPnl: cents(t.realizedPnl),
        maxLoss: t.entry.maxLoss,
        plan,
        writtenPlan: written,
        // An open trade's plan counts once written; a closed one's only if written before it closed.
        hasPlan: hasWrittenPlan(plan, t.closedAt ?? '9999-12-31T23:59:59.999Z'),
      };
    })
    .sort((a, b) => (a.openedAt < b.openedAt ? 1 : a.openedAt > b.openedAt ? -1 : a.id < b.id ? 1 : -1));
}
