import { fillPrice, netUnitPrice } from '@shared/paper/fills';
import { cents } from '@shared/kernel/money';
import { orderCost } from '@shared/paper/order-cost';
import type { AccountSettings, PortfolioPosition } from '@web/api/paper-account';

export const FILL_MODEL_LABELS: Record<AccountSettings['fillModel'], string> = {
  'bid-ask': 'At the market: buys at the ask, sells at the bid',
  mid: 'At the mid-price between bid and ask',
  'mid-plus': 'At the mid-price plus a share of the half-spread',
};

/**
 * What closing a whole position is expected to cost (totalCost > 0) or bring in (< 0), filled as the server fills
 * it: an option by a market order at the account's fill model plus the commission per contract; shares at the
 * underlying's price, without commission. The mark stands in where the quote lacks the side needed.
 */
export function closeEstimate(
  position: Pick<PortfolioPosition, 'kind' | 'quantity' | 'bid' | 'ask' | 'mark'>,
  settings: Pick<AccountSettings, 'fillModel' | 'midShare' | 'commissionPerContract'>,
): { price: number; commission: number; totalCost: number } {
  const quantity = Math.abs(position.quantity);
  const side = position.quantity > 0 ? 'sell' : 'buy';
  if (position.kind === 'stock') {
    const price = position.mark ?? 0;
    return { price, commission: 0, totalCost: cents((side === 'buy' ? 1 : -1) * price * quantity) };
  }
  const price = fillPrice({ bid: position.bid, ask: position.ask }, side, settings) ?? position.mark ?? 0;
  const { commission, totalCost } = orderCost([{ side, price, quantity }], settings.commissionPerContract);
  return { price, commission, totalCost };
}

/** A leg's mid-price: halfway between bid and ask, else its mark. */
const midOf = (l: Pick<PortfolioPosition, 'bid' | 'ask' | 'mark'>): number => (l.bid !== null && l.ask !== null ? (l.bid + l.ask) / 2 : (l.mark ?? 0));

/**
 * What closing a strategy's legs in one order is expected to cost (> 0) or bring in (< 0), each leg filled as the
 * server fills it, with the commission per contract; the net price is per unit of the legs' ratio, and the same at
 * the mid-prices, to show beside it as the builder does (issue 24, 3).
 */
export function closeStrategyEstimate(
  legs: readonly Pick<PortfolioPosition, 'symbol' | 'kind' | 'quantity' | 'bid' | 'ask' | 'mark'>[],
  settings: Pick<AccountSettings, 'fillModel' | 'midShare' | 'commissionPerContract'>,
) {
  const closing = legs.map((l) => ({
    contract: l.symbol,
    side: (l.quantity > 0 ? 'sell' : 'buy') as 'buy' | 'sell',
    quantity: Math.abs(l.quantity),
    price: fillPrice({ bid: l.bid, ask: l.ask }, l.quantity > 0 ? 'sell' : 'buy', settings) ?? l.mark ?? 0,
  }));
  const { commission, totalCost } = orderCost(closing, settings.commissionPerContract);
  return {
    legs: closing,
    netPrice: netUnitPrice(
      closing,
      closing.map((l) => l.price),
    ),
    midPrice: netUnitPrice(closing, legs.map(midOf)),
    commission,
    totalCost,
  };
}
