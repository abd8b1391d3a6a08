import { newYorkParts } from './dates';

/** An expiry has expired once its day's 16:00 New York close has passed. */
export function isExpired(expiration: string, now: Date): boolean {
  const { date, minutes } = newYorkParts(now);
  return expiration < date || (expiration === date && minutes >= 16 * 60);
}
