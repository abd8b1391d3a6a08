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
