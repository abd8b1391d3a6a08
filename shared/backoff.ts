/**
 * The one backoff of the repository: the wait before retry n grows as base·2^n up to a cap ("Exponential Backoff and
 * Jitter", AWS Architecture Blog). Pure: the caller brings the sleep (a timer in a handler, a no-op in a test).
 */
export const backoffDelayMs = (attempt: number, baseMs: number, capMs: number): number => Math.min(capMs, baseMs * 2 ** attempt);

/**
 * Full jitter: a random wait from 0 to the backoff delay, so racing writers (a learner's burst of orders, two events
 * of one learner) spread out instead of colliding again.
 */
export function jitteredBackoff(sleep: (ms: number) => Promise<void>, random: () => number = Math.random, baseMs = 8, capMs = 120) {
  return (attempt: number): Promise<void> => sleep(random() * backoffDelayMs(attempt, baseMs, capMs));
}

/** An attempt's answer when what it read moved under it (its transaction's condition failed): decide again. */
export const RETRY = Symbol('retry');

/** Enough for a burst of 20 orders from one learner at once to be decided one after another (issue 16). */
export const MAX_RETRY_ATTEMPTS = 30;

/**
 * Every change reads, decides purely and writes one transaction conditional on what it read. A write that loses a
 * race is decided again from fresh state, after a jittered pause (`backoff`) so that a burst of one learner's own
 * requests spreads out instead of colliding again; only after many lost races is `exhausted` answered.
 */
export async function retryUntilDecided<R>(
  attempt: () => Promise<R | typeof RETRY>,
  exhausted: () => R,
  backoff: (attempt: number) => Promise<void> = async () => undefined,
): Promise<R> {
  for (let i = 0; i < MAX_RETRY_ATTEMPTS; i++) {
    if (i > 0) await backoff(i);
    const result = await attempt();
    if (result !== RETRY) return result;
  }
  return exhausted();
}
