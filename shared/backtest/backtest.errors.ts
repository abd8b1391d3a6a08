import { fail, type Err } from '../result';

/**
 * A rule that cannot run, as a value naming the field and the reason (issue 39: "a rule that cannot run gets a 400
 * naming the field and the reason"). `field` is the rule's path in the rules (`from`, `size.contracts`, `strategy`).
 */
export type BacktestFailureReason =
  | 'dates-outside-history'
  | 'wrong-underlying'
  | 'unknown-template'
  | 'template-not-supported'
  | 'template-cannot-be-placed'
  | 'size-over-balance'
  | 'undefined-risk'
  /** The as-of view (as-of.ts): a date in the stored range with no stored summary, one without IV30, an expiry not listed. */
  | 'not-a-session'
  | 'no-surface'
  | 'expiry-not-listed';

export interface BacktestFailureDetails {
  field: string;
  reason: BacktestFailureReason;
}

export const backtestFailure = (field: string, reason: BacktestFailureReason, message: string): Err =>
  fail('bad_request', message, { field, reason } satisfies BacktestFailureDetails);

export const datesOutsideHistory = (field: 'from' | 'to', first: string, last: string): Err =>
  backtestFailure(field, 'dates-outside-history', `The dates are outside the stored history: it runs from ${first} to ${last}.`);
