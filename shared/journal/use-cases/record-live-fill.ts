import { parseOcc } from '../../market/occ';
import type { Quote } from '../../trading/order';
import type { Result } from '../../result';
import { applyOrder, tradesToRead, type OrderFillInput } from '../book';
import { entryAnalytics, recogniseStrategy } from '../entry-analytics';
import type { JournalAccount } from '../trades';
import { changeBook } from './change-book';
import type { JournalDeps } from './deps';

/** What the journal needs of a fill on the learner's Alpaca account: the OrderFilled event marked `live` (issue 21). */
export interface LiveFill {
  orderId: string;
  strategy?: string | null;
  legs: readonly { contract: string; side: 'buy' | 'sell'; quantity: number; price: number }[];
  filledAt: string;
  live: { broker: 'alpaca'; environment: 'paper' | 'live' };
}

/**
 * OrderFilled on the learner's Alpaca account: the same journal trades as paper, in the account's own book (a live
 * fill never closes a paper trade). Alpaca's fill says nothing the journal can trust about opening or closing, so each
 * leg closes what the journal holds against it in that account and opens the rest; Alpaca charges no commission on
 * options (Alpaca's options fee schedule; regulatory fees are not in the order). The Greeks at entry come from the
 * market's quotes when the journal records the fill (null when the market has none). Expiries on Alpaca reach the
 * journal only as Alpaca's own closing fills.
 */
export async function recordLiveFill(
  deps: JournalDeps,
  userId: string,
  fill: LiveFill,
  quotesOf: ((contracts: readonly string[]) => Promise<ReadonlyMap<string, Quote>>) | null,
  receipt?: unknown,
): Promise<Result<{ changed: number }>> {
  const account: JournalAccount = fill.live.environment === 'live' ? 'alpaca-live' : 'alpaca-paper';
  const fills: OrderFillInput[] = fill.legs.map((l) => ({
    contract: l.contract,
    side: l.side,
    quantity: l.quantity,
    price: l.price,
    commission: 0,
    effect: 'close-and-open',
    iv: null,
    isOption: parseOcc(l.contract) !== null,
  }));
  const options = fills.filter((f) => f.isOption).map((f) => f.contract);
  const quotes = quotesOf && options.length ? await quotesOf(options).catch(() => new Map<string, Quote>()) : new Map<string, Quote>();
  const withIv = fills.map((f) => ({ ...f, iv: quotes.get(f.contract)?.impliedVolatility ?? null }));
  return changeBook(deps, userId, receipt, async (book) => {
    const stored = await deps.repo.getTrades(userId, [...tradesToRead(book, withIv, account), fill.orderId]);
    if (stored.has(fill.orderId)) return null; // already recorded
    const trades = new Map([...stored].map(([id, s]) => [id, s.trade]));
    return {
      stored,
      change: applyOrder(book, trades, {
        orderId: fill.orderId,
        account,
        run: 0,
        filledAt: fill.filledAt,
        fills: withIv,
        describe: (legs) => ({
          strategy: fill.strategy ?? recogniseStrategy(legs),
          strategySource: fill.strategy ? ('builder' as const) : ('recognised' as const),
          entry: entryAnalytics(legs, { filledAt: fill.filledAt, quotes }),
        }),
      }),
    };
  });
}
