import type { KiteCredentials, KiteSession, KiteSessionStore } from '@shared/market/india/kite-session.port';

/** The Kite session store in memory, for the Indian chain's tests. */
export function memoryKiteSessionStore(init: { credentials?: KiteCredentials | null; session?: KiteSession | null } = {}) {
  let credentials = init.credentials ?? null;
  let session = init.session ?? null;
  const store: KiteSessionStore & { setCredentials(c: KiteCredentials | null): void } = {
    credentials: async () => credentials,
    session: async () => session,
    saveSession: async (s) => {
      session = s;
    },
    setCredentials: (c) => {
      credentials = c;
    },
  };
  return store;
}
