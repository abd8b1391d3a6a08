import { z } from 'zod';
import type { KiteCredentials, KiteSession, KiteSessionStore } from '@shared/market/india/kite-session.port';
import type { SecretStore } from '@shared/ports/secret-store.port';
import { kiteSecretName, kiteSessionSecretName } from './secret-names';

const Credentials = z.object({ apiKey: z.string().trim().min(1), apiSecret: z.string().trim().min(1) });
const Session = z.object({ accessToken: z.string().min(1), expiresAt: z.string(), createdAt: z.string(), kiteUserId: z.string() });

/** Values an operator leaves in a secret before configuring it: they mean "not configured". */
const PLACEHOLDER = /^(|changeme|change-me|placeholder|replace[-_ ]?me|todo|xxx+|your[-_ ].*)$/i;

const parsed = <T>(schema: z.ZodType<T>, text: string | null): T | null => {
  if (text === null) return null;
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
};

/**
 * The Kite session store on Secrets Manager (issue 38): the keys in `<prefix>/kite` ({"apiKey","apiSecret"}), the day's
 * login in `<prefix>/kite-session` (the KiteSession JSON). A secret that is missing, does not read, or holds
 * placeholders counts as none: the feed is then 'Zerodha API not configured' and the chain shows the simulated market.
 */
export function secretsKiteSessionStore(secrets: SecretStore, prefix: string): KiteSessionStore {
  return {
    async credentials(): Promise<KiteCredentials | null> {
      const c = parsed(Credentials, await secrets.get(kiteSecretName(prefix)));
      if (!c || PLACEHOLDER.test(c.apiKey) || PLACEHOLDER.test(c.apiSecret)) return null;
      return c;
    },
    async session(): Promise<KiteSession | null> {
      return parsed(Session, await secrets.get(kiteSessionSecretName(prefix)));
    },
    async saveSession(session: KiteSession): Promise<void> {
      await secrets.put(kiteSessionSecretName(prefix), JSON.stringify(session));
    },
  };
}
