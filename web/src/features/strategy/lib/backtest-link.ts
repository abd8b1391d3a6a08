import { MAX_BACKTEST_LEGS } from '@web/api/backtest';
import { formatUrlLegs } from '../hooks/use-builder-params';
import type { QuotedLeg } from './legs';

/**
 * The backtest page opened on the builder's legs (/app/backtest?underlying=SPY&legs=…&price=…, read by the backtest
 * page's startFromSearch): the legs as the builder's URL writes them and the price they are placed at, which the
 * backtester turns into distances from the price. None without legs, before the price is known, or with more legs than
 * a backtest takes.
 */
export function backtestHref(underlying: string, spot: number | null, quoted: readonly QuotedLeg[]): string | null {
  if (!underlying || spot === null || !(spot > 0) || quoted.length === 0 || quoted.length > MAX_BACKTEST_LEGS) return null;
  const legs = formatUrlLegs(
    quoted.map((q) => ({ action: q.leg.action, optionType: q.leg.optionType, strike: q.strike, expiration: q.leg.expiration, quantity: q.leg.lots })),
  );
  return `/app/backtest?${new URLSearchParams({ underlying, legs, price: String(spot) }).toString()}`;
}
