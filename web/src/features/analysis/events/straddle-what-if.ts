import { americanPrice, price } from '@shared/pricing';
import { daysBetween } from '@shared/market/dates';
import type { EventsView } from '../common/analysis-api';

/**
 * The long-straddle what-if through an earnings report (issue 22), priced with the pricing core: buy the ATM straddle of
 * the first expiry after the report at its IV today, and value it at the close of the event session with the price moved
 * by the news and the IV crushed to the diffusive volatility the term structure implies (σd).
 */
export interface WhatIfRow {
  /** The move on the news, as a fraction of the price. */
  move: number;
  /** In standard deviations of the implied event move. */
  sd: number;
  priceAfter: number;
  straddleAfter: number;
  /** Per contract pair (× 100 shares). */
  pnl: number;
}

export interface WhatIf {
  strike: number;
  expiration: string;
  ivBefore: number;
  ivAfter: number;
  costNow: number;
  daysToEvent: number;
  rows: WhatIfRow[];
}

export function straddleWhatIf(d: EventsView, moves: readonly number[]): WhatIf | null {
  const a = d.analysis;
  if (!a.implied || !a.next) return null;
  const front = a.implied.front;
  const value = (S: number, T: number, sigma: number) => {
    const input = { S, K: front.strike, T, r: d.rate, q: d.dividendYield, sigma };
    const f = d.exercise === 'american' ? americanPrice : price;
    return f({ ...input, type: 'call' }) + f({ ...input, type: 'put' });
  };
  const daysToEvent = daysBetween(d.asOf, a.next.eventSession);
  const Tafter = Math.max(1 / 365, front.T - daysToEvent / 365);
  const costNow = value(d.price, front.T, front.atmIv);
  const rows = moves.map((sd) => {
    const move = sd * a.implied!.eventMove;
    const priceAfter = d.price * Math.exp(move);
    const straddleAfter = value(priceAfter, Tafter, a.implied!.expectedIvAfter);
    return { move, sd, priceAfter, straddleAfter, pnl: (straddleAfter - costNow) * 100 };
  });
  return { strike: front.strike, expiration: front.expiration, ivBefore: front.atmIv, ivAfter: a.implied.expectedIvAfter, costNow, daysToEvent, rows };
}
