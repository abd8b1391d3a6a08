import { RETRY, retryUntilDecided } from '../../backoff';
import type { Err, Result } from '../../result';

export { RETRY };

/**
 * Every change reads the account, decides purely and writes one transaction conditional on what it read. A write that
 * loses a race is decided again from fresh state (so two orders racing for the same buying power can never both
 * fill), after a jittered pause (`backoff`); only after many lost races is the learner asked to try again.
 */
export function retryOnConflict<T>(
  attempt: () => Promise<Result<T> | typeof RETRY>,
  exhausted: () => Err,
  backoff?: (attempt: number) => Promise<void>,
): Promise<Result<T>> {
  return retryUntilDecided<Result<T>>(attempt, exhausted, backoff);
}
