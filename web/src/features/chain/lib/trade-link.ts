/**
 * Where a click on a quote goes: the paper-trading ticket. The bid is what a buyer pays you, so
 * clicking it sells; the ask is what a seller asks, so clicking it buys.
 */
export type TradeSide = 'buy' | 'sell';

export const TRADE_PATH = '/app/trade';

export function tradeHref(contract: string, side: TradeSide): string {
  return `${TRADE_PATH}?${new URLSearchParams({ contract, side }).toString()}`;
}
