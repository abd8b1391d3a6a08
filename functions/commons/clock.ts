import type { Clock } from '@shared/ports/clock.port';

/**
 * The business clock of every handler, job and consumer. On a laptop only, the local stack can move it forward
 * (POST /_local/clock on loopback, local/aws-endpoints.ts) so that a test can let an option reach its expiry and the
 * settle job settle it; nothing in AWS moves it, and an offset of 0 is the system time.
 */
let offsetMs = 0;

export const systemClock: Clock = { now: () => new Date(Date.now() + offsetMs) };

/** The local stack's control: how far ahead of the system time the clock runs (0 to put it back). */
export function setLocalClockOffset(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The clock offset must be a number of milliseconds, 0 or more');
  offsetMs = ms;
}

/** Waits `ms` of real time (what a backoff sleeps in a handler; tests inject a no-op). */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
