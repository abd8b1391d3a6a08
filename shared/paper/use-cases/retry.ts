import type { Err, Result } from '../../result';

/** An attempt's answer when the account moved under it (its transaction's condition failed): decide again. */
export const RETRY = Symbol('retry');

const MAX_ATTEMPTS = 5;

/**
 * Every change reads the account, decides purely and writes one transaction conditional on what it read. A write that
 * loses a race is decided again from fresh state (so two orders racing for the same buying power can never both
 * fill); after a few lost races the learner is asked to try again.
 */
export async function retryOnConflict<T>(attempt: () => Promise<Result<T> | typeof RETRY>, exhausted: () => Err): Promise<Result<T>> {
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const result = await attempt();
    if (result !== RETRY) return result;
  }
  return exhausted();
}
