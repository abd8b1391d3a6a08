import { z } from 'zod';
import { parseOcc } from '../market/occ';

/**
 * Alerts the learner sets for themself (issue 37): a condition on an underlying or on one option contract, checked
 * after each end-of-day ingestion. An alert only tells the learner what happened to a figure they chose to watch; it
 * never proposes an order. Money and prices are in dollars; IV rank is 0–100.
 */

/** At most this many alerts are active (not paused, not done) per learner; the 51st is refused with the rule in words. */
export const MAX_ACTIVE_ALERTS = 50;
/** The largest N an expiry or earnings alert takes (a quarter's reports are about 63 trading days apart). */
export const MAX_ALERT_DAYS = 90;

// Letters in either case are taken and kept in capitals; the pattern is checked first, so the API document's pattern
// accepts exactly what the handler does.
const Ticker = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9.]{0,5}$/, 'must be a ticker such as SPY')
  .toUpperCase();
const Contract = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9.]{0,5}\d{6}[CPcp]\d{8}$/, 'must be an OCC option symbol such as SPY261218C00600000')
  .toUpperCase()
  .refine((s) => parseOcc(s) !== null, 'must be an OCC option symbol with a real expiry date');
const Direction = z.enum(['above', 'below'], { error: "must be 'above' or 'below'" });
const Price = z.number().positive().max(1_000_000);
const Days = z.number().int().min(0).max(MAX_ALERT_DAYS);

/**
 * What an alert watches. Price alerts fire when the close crosses the level (the close before was on the other side);
 * IV rank and mark alerts when the figure is at or beyond the level; a P&L alert when the paper position's unrealized
 * P&L is a gain (or a loss) of at least the amount; an expiry alert when an option the learner holds on paper has N or
 * fewer trading days left; an earnings alert when the underlying's next report is N or fewer calendar days away.
 */
export const AlertConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('price-cross'), underlying: Ticker, direction: Direction, level: Price }),
  z.object({ kind: z.literal('iv-rank'), underlying: Ticker, direction: Direction, level: z.number().min(0).max(100) }),
  z.object({ kind: z.literal('mark'), contract: Contract, direction: Direction, level: Price }),
  z.object({
    kind: z.literal('position-pnl'),
    contract: Contract,
    direction: z.enum(['gain', 'loss'], { error: "must be 'gain' or 'loss'" }),
    amount: z.number().positive().max(100_000_000),
  }),
  z.object({ kind: z.literal('expiry'), contract: Contract, tradingDays: Days }),
  z.object({ kind: z.literal('earnings'), underlying: Ticker, days: Days }),
]);
export type AlertCondition = z.infer<typeof AlertConditionSchema>;
export type AlertKind = AlertCondition['kind'];
export const ALERT_KINDS = ['price-cross', 'iv-rank', 'mark', 'position-pnl', 'expiry', 'earnings'] as const satisfies readonly AlertKind[];

/** Fires once and is then done, or fires again on later trading days (at most once a trading day) until removed. */
export const AlertRepeatSchema = z.enum(['once', 'daily'], { error: "must be 'once' or 'daily'" });
export type AlertRepeat = z.infer<typeof AlertRepeatSchema>;

export type AlertStatus = 'active' | 'paused' | 'done';

export interface Alert {
  id: string;
  condition: AlertCondition;
  repeat: AlertRepeat;
  status: AlertStatus;
  createdAt: string;
  /** The trading day it last fired on (New York date), if it has. */
  lastFiredOn?: string;
  /** How many times it has fired. */
  firedCount: number;
}

/** The underlying an alert is about: its own, or its contract's. */
export function alertUnderlying(condition: AlertCondition): string {
  if ('underlying' in condition) return condition.underlying;
  return parseOcc(condition.contract)!.underlying;
}

/** The contract an alert is about, if it is about one. */
export const alertContract = (condition: AlertCondition): string | null => ('contract' in condition ? condition.contract : null);

/** Whether an alert counts against the limit of active alerts. */
export const isActive = (alert: Pick<Alert, 'status'>): boolean => alert.status === 'active';
