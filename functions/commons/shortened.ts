/**
 * A waiting time the local stack may be started with shorter than the product's, never longer: the integration tests
 * start theirs with a few seconds where the product waits a minute, so a test of what happens when the wait is over
 * need not sit out the whole minute. Unset, malformed, zero or longer values give the product's own.
 */
export function shortenedFromEnv(name: string, productValue: number, env: Readonly<Record<string, string | undefined>> = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return productValue;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 && value < productValue ? value : productValue;
}
