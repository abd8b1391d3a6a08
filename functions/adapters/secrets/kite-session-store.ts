import { z } from 'zod';
import type { KiteCredentials, KiteSession, KiteSessionStore } from '@shared/market/india/kite-session.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { isPlaceholderApiKey } from '../market/provider-config';
import { kiteSecretName, kiteSessionSecretName } from './secret-names';

const CredentialsJson = z.object({ apiKey: z.string(), apiSecret: z.string() });
const SessionJson = z.object({ accessToken: z.string().min(1), expiresAt: z.string(), createdAt: z.string(), kiteUserId: z.string() });

const parse = <T>(schema: z.ZodType<T>, raw: string | null): T | null => {
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The Kite keys and the day's session in Secrets Manager (or its local stand-in), behind the KiteSessionStore port:
 * `<prefix>/kite` holds {"apiKey","apiSecret"} and `<prefix>/kite-session` the KiteSession JSON. Keys that are missing,
 * not that JSON, or placeholders (blank, "your_api_key", "demo", … as for the market-data key) count as not configured,
 * so a template left in place says 'Zerodha API not configured' rather than failing at Kite. Values are never logged.
 */
export function kiteSessionStore(deps: { secrets: SecretStore; prefix: string }): KiteSessionStore {
  const { secrets, prefix } = deps;
  return {
    async credentials(): Promise<KiteCredentials | null> {
      const keys = parse(CredentialsJson, await secrets.get(kiteSecretName(prefix)));
      if (!keys || isPlaceholderApiKey(keys.apiKey) || isPlaceholderApiKey(keys.apiSecret)) return null;
      return { apiKey: keys.apiKey.trim(), apiSecret: keys.apiSecret.trim() };
    },
    async session(): Promise<KiteSession | null> {
      return parse(SessionJson, await secrets.get(kiteSessionSecretName(prefix)));
    },
    async saveSession(session) {
      await secrets.put(kiteSessionSecretName(prefix), JSON.stringify(session));
    },
  };
}
