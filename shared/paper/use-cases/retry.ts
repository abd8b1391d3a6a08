import type { Err, Result } from '../../result';

/** An attempt's answer when the account moved under it (its transaction's condition failed): decide again. */
export const RETRY = Symbol('retry');

/** Enough for a burst of 20 orders from one learner at once to be decided one after another (issue 16). */
const MAX_ATTEMPTS = 30;

/**
 * Every change reads the account, decides purely and writes one transaction conditional on what it read. A write that
 * loses a race is decided again from fresh state (so two orders racing for the same buying power can never both
 * fill), after a jittered pause (`backoff`) so that a burst of the learner's own requests spreads out instead of
 * colliding again; only after many lost races is the learner asked to try again.
 */
export async function retryOnConflict<T>(
  attempt: () => Promise<Result<T> | typeof RETRY>,
  exhausted: () => Err,
  backoff: (attempt: number) => Promise<void> = async () => undefined,
): Promise<Result<T>> {
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    if (i > 0) await backoff(i);
    const result = await attempt();
    if (result !== RETRY) return result;
  }
  return exhausted();
}
