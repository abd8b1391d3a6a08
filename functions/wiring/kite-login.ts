import { KITE_LOGIN_URL } from '@shared/market/india/kite/session';
import { kiteClient, KITE_API_ROOT } from '../adapters/kite/kite-client';
import { kiteSessionStore } from '../adapters/secrets/kite-session-store';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { systemClock } from '../commons/clock';
import { adminGroupMembership } from './users';

/**
 * The Kite login's adapters: the keys and session in Secrets Manager under SECRET_PREFIX, Kite's REST API at
 * KITE_API_URL and its login page at KITE_LOGIN_URL (Zerodha's by default; the local stand-in's under `npm start`,
 * which also sets KITE_STAND_IN=1).
 */
export function kiteLoginDeps() {
  const env = process.env;
  const store = kiteSessionStore({ secrets: secretsManagerSecretStore(), prefix: env.SECRET_PREFIX ?? 'options-academy/unset' });
  return {
    store,
    kite: (apiKey: string) => kiteClient({ apiKey, baseUrl: env.KITE_API_URL || KITE_API_ROOT }),
    loginPage: env.KITE_LOGIN_URL || KITE_LOGIN_URL,
    standIn: env.KITE_STAND_IN === '1',
    now: () => systemClock.now(),
    groups: adminGroupMembership(),
  };
}
