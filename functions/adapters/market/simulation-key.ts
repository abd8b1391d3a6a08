import { createHmac } from 'node:crypto';
import type { DrawKey } from '@shared/market/simulated-day';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { keptUntilFailure } from '../../commons/kept-until-failure';

/**
 * The value the tests and benches give the local stack's simulation secret (SIMULATION_SECRET at its first start): it
 * keeps the published draws, so the numbers they pin and compute from the simulated market in their own process hold.
 * A deployment's secret is 48 random characters (the CDK's generated secret, or the local stack's at first start).
 */
export const TEST_SIMULATION_SECRET = 'test-published-draws';

/** The draws keyed by a secret: HMAC-SHA256 of the label, its first four bytes as the seed (a pseudo-random function of both). */
export const hmacDrawKey =
  (secret: string): DrawKey =>
  (label) =>
    createHmac('sha256', secret).update(label).digest().readUInt32BE(0);

/**
 * The simulated market's draw key from the deployment's secret, read once (a failed read is tried again on the next
 * call). Fails closed: without its secret the simulated market does not run on the published draws, which anyone with
 * the source could compute ahead. The value is never logged or put in an error.
 */
export function simulationDrawKey(deps: { secretName: string | undefined; secrets: () => SecretStore }): () => Promise<DrawKey | undefined> {
  return keptUntilFailure(async (): Promise<DrawKey | undefined> => {
    if (!deps.secretName) throw new Error('The simulated market has no deployment secret configured (SECRET_PREFIX is not set).');
    const value = await deps.secrets().get(deps.secretName);
    if (value === null || value.trim() === '') throw new Error(`The simulated market's deployment secret "${deps.secretName}" does not exist.`);
    return value === TEST_SIMULATION_SECRET ? undefined : hmacDrawKey(value);
  });
}
