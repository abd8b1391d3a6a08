import { tradingDaysBetween } from '../market/calendar';
import { daysBetween } from '../market/dates';
import { nextEarnings } from '../market/earnings';
import { parseOcc } from '../market/occ';
import type { AlertCondition } from './alert';

/**
 * What one end-of-day ingestion tells about an alert's subject, as its consumer read it from the stored data. A figure
 * is null when the store has none (no close stored for the underlying, no quote for the contract): a condition on a
 * missing figure is not met, and never guessed.
 */
export interface Observation {
  /** The trading day the ingestion stored (New York date). */
  tradingDay: string;
  /** The underlying's close that day and on the trading day before. */
  close?: number | null;
  previousClose?: number | null;
  /** The underlying's IV rank that day, 0–100. */
  ivRank?: number | null;
  /** The contract's mark (mid of bid and ask, or the last price) that day. */
  mark?: number | null;
  /** The learner's paper position in the contract, if they hold one: signed quantity and unrealized P&L in dollars. */
  position?: { quantity: number; unrealizedPnl: number } | null;
}

/** The figures that made a condition true, for the message that says what happened. */
export type Observed =
  | { kind: 'price-cross'; close: number; previousClose: number | null }
  | { kind: 'iv-rank'; ivRank: number }
  | { kind: 'mark'; mark: number }
  | { kind: 'position-pnl'; unrealizedPnl: number }
  | { kind: 'expiry'; expiration: string; tradingDaysLeft: number; quantity: number }
  | { kind: 'earnings'; reportDate: string; daysAway: number };

export type Evaluation = { met: true; observed: Observed } | { met: false };

const NOT_MET: Evaluation = { met: false };
const met = (observed: Observed): Evaluation => ({ met: true, observed });
const known = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** At or beyond the level on the alert's side: a figure exactly at the level has reached it. */
const reached = (value: number, direction: 'above' | 'below', level: number): boolean => (direction === 'above' ? value >= level : value <= level);

/**
 * Whether a condition holds on an ingestion's figures (pure). The boundaries:
 * - price crosses above L: the close is at or above L and the close before was below L (crossing below mirrors it). A
 *   close exactly at L has crossed; a close that stays on the same side, however far, has not. With no close before
 *   (a new underlying), reaching L counts as crossing.
 * - IV rank or a contract's mark above (below) L: the figure is at or above (at or below) L.
 * - P&L gain (loss) of A: the unrealized P&L is at least +A (at most −A); no position, no alert.
 * - expiry in N trading days: the learner holds the contract and there are at most N NYSE trading days after this one
 *   up to and including the expiry (0 on the expiry day itself); an expired contract no longer fires.
 * - earnings inside N days: the next report date is today or at most N calendar days away.
 */
export function evaluateCondition(condition: AlertCondition, o: Observation): Evaluation {
  switch (condition.kind) {
    case 'price-cross': {
      if (!known(o.close)) return NOT_MET;
      const before = known(o.previousClose) ? o.previousClose : null;
      const nowReached = reached(o.close, condition.direction, condition.level);
      const wasOtherSide = before === null || !reached(before, condition.direction, condition.level);
      return nowReached && wasOtherSide ? met({ kind: 'price-cross', close: o.close, previousClose: before }) : NOT_MET;
    }
    case 'iv-rank':
      return known(o.ivRank) && reached(o.ivRank, condition.direction, condition.level) ? met({ kind: 'iv-rank', ivRank: o.ivRank }) : NOT_MET;
    case 'mark':
      return known(o.mark) && reached(o.mark, condition.direction, condition.level) ? met({ kind: 'mark', mark: o.mark }) : NOT_MET;
    case 'position-pnl': {
      const p = o.position;
      if (!p || p.quantity === 0 || !known(p.unrealizedPnl)) return NOT_MET;
      const beyond = condition.direction === 'gain' ? p.unrealizedPnl >= condition.amount : p.unrealizedPnl <= -condition.amount;
      return beyond ? met({ kind: 'position-pnl', unrealizedPnl: p.unrealizedPnl }) : NOT_MET;
    }
    case 'expiry': {
      const p = o.position;
      const occ = parseOcc(condition.contract);
      if (!occ || !p || p.quantity === 0 || occ.expiration < o.tradingDay) return NOT_MET;
      const left = tradingDaysBetween(o.tradingDay, occ.expiration);
      return left <= condition.tradingDays ? met({ kind: 'expiry', expiration: occ.expiration, tradingDaysLeft: left, quantity: p.quantity }) : NOT_MET;
    }
    case 'earnings': {
      const next = nextEarnings(condition.underlying, o.tradingDay);
      if (!next) return NOT_MET;
      const away = daysBetween(o.tradingDay, next.reportDate);
      return away <= condition.days ? met({ kind: 'earnings', reportDate: next.reportDate, daysAway: away }) : NOT_MET;
    }
  }
}

/** Which figures a condition reads, so the consumer loads only those. */
export function neededFigures(condition: AlertCondition): { underlyingDay: boolean; contractMark: boolean; position: boolean } {
  switch (condition.kind) {
    case 'price-cross':
    case 'iv-rank':
      return { underlyingDay: true, contractMark: false, position: false };
    case 'mark':
      return { underlyingDay: false, contractMark: true, position: false };
    case 'position-pnl':
    case 'expiry':
      return { underlyingDay: false, contractMark: false, position: true };
    case 'earnings':
      return { underlyingDay: false, contractMark: false, position: false };
  }
}
