import { timingSafeEqual } from 'node:crypto';
import type { Clock } from '@shared/ports/clock.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { ORIGIN_VERIFY_HEADER } from '../origin';
import { systemClock } from './clock';

/** Whether a request came through CloudFront: `unavailable` when the expected value cannot be read. */
export type OriginCheck = (headers: Record<string, string | undefined>) => Promise<'ok' | 'refused' | 'unavailable'>;

/** How long the expected value is kept; after a rotation (new value, Web stack redeployed) handlers agree again within it. */
const REREAD_MS = 5 * 60_000;

/**
 * Compares the request's origin header with the value in the secret, read once and again every five minutes, in
 * constant time.
 */
export function secretOriginCheck(secretId: string, secrets: Pick<SecretStore, 'get'>, clock: Clock = systemClock): OriginCheck {
  let cached: { at: number; value: Promise<string | null> } | undefined;
  const expected = () => {
    const now = clock.now().getTime();
    if (!cached || now - cached.at >= REREAD_MS) {
      const value = secrets.get(secretId);
      cached = { at: now, value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
  return async (headers) => {
    let value: string | null;
    try {
      value = await expected();
    } catch {
      return 'unavailable';
    }
    if (!value) return 'unavailable';
    const given = Buffer.from(headers[ORIGIN_VERIFY_HEADER] ?? '');
    const want = Buffer.from(value);
    return given.length === want.length && timingSafeEqual(given, want) ? 'ok' : 'refused';
  };
}

let fromEnv: OriginCheck | null | undefined;

/**
 * The check every HTTP handler makes in AWS, where CDK names the secret in ORIGIN_VERIFY_SECRET_ARN; none locally, where
 * the gateway is the only way in (docs/architecture.md "Local stack against AWS").
 */
export function originCheckFromEnv(): OriginCheck | null {
  if (fromEnv === undefined) {
    const arn = process.env.ORIGIN_VERIFY_SECRET_ARN;
    fromEnv = arn ? secretOriginCheck(arn, secretsManagerSecretStore()) : null;
  }
  return fromEnv;
}
