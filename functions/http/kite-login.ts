import { kiteNotConfigured, KITE_MESSAGES } from '@shared/market/india/kite/errors';
import type { KiteApi } from '@shared/market/india/kite/kite.port';
import { kiteLoginUrl } from '@shared/market/india/kite/session';
import { kiteSessionExpiry } from '@shared/market/india/kite/session-expiry';
import type { KiteSessionStore } from '@shared/market/india/kite-session.port';
import { KITE_CONFIG_PATH, KITE_LOGIN_RESULT, KITE_LOGIN_STATE_REFUSED, kiteLoginApi, type KiteStatus } from '@shared/market/india/kite-login.api';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { verifyKiteLoginState, makeKiteLoginState } from '../adapters/kite/kite-login-state';
import { failure, httpApiWithAdmin, ok, route, type HttpResponse } from '../commons/http';
import { logger } from '../commons/powertools';
import { kiteLoginDeps } from '../wiring/kite-login';

export interface KiteLoginDeps {
  store: KiteSessionStore;
  /** A Kite REST client for an API key (Kite's API, or the stand-in's at KITE_API_URL). */
  kite: (apiKey: string) => KiteApi;
  /** Kite's login page (KITE_LOGIN_URL; the local stand-in's under `npm start`). */
  loginPage: string;
  /** The feed talks to the local Kite stand-in (KITE_STAND_IN=1). */
  standIn: boolean;
  now: () => Date;
  groups: GroupMembership;
}

/** Where the callback sends the operator's browser: /app/config with the result, which the page shows. */
const backToConfig = (params: Record<string, string>): HttpResponse => ({
  status: 302,
  headers: { location: `${KITE_CONFIG_PATH}?${new URLSearchParams(params).toString()}` },
});
const connected = () => backToConfig({ kite: KITE_LOGIN_RESULT.connected });
const failed = (reason: string) => backToConfig({ kite: KITE_LOGIN_RESULT.failed, reason });

/**
 * The operator's daily Kite login (issue 38; Kite Connect v3 docs, "User"):
 * - GET /api/admin/kite: whether the keys are stored, whether the feed is the local stand-in, and the last session's
 *   expiry and Kite user, never its access token;
 * - POST /api/admin/kite/login: the Kite login URL, with `redirect_params` carrying a signed ten-minute state that names
 *   the operator (functions/adapters/kite/kite-login-state.ts);
 * - GET /api/kite/callback (public: Kite sends the operator's browser here): refuses a missing, forged or old state
 *   without calling Kite, exchanges the request token on the server (checksum with the API secret), keeps the session
 *   until the next 06:00 Asia/Kolkata (shared/market/india/kite/session-expiry.ts), and redirects to /app/config with
 *   the result: 'Failed to generate session' or Kite's own message on a failure.
 * The access token goes from Kite's answer straight into the secret: it is never answered, logged or put in an error.
 */
export function makeKiteLoginHandler(deps: KiteLoginDeps) {
  return httpApiWithAdmin(deps.groups, {
    'GET /api/admin/kite': route(kiteLoginApi['GET /api/admin/kite'], async () => {
      const [credentials, session] = await Promise.all([deps.store.credentials(), deps.store.session()]);
      const now = deps.now().getTime();
      const status: KiteStatus = {
        configured: credentials !== null,
        standIn: deps.standIn,
        session: session
          ? { expiresAt: session.expiresAt, createdAt: session.createdAt, kiteUserId: session.kiteUserId, live: Date.parse(session.expiresAt) > now }
          : null,
        message: credentials ? null : KITE_MESSAGES.notConfigured,
      };
      return ok(status);
    }),

    'POST /api/admin/kite/login': route(kiteLoginApi['POST /api/admin/kite/login'], async ({ user }) => {
      const credentials = await deps.store.credentials();
      if (!credentials) return failure(kiteNotConfigured().error);
      const state = makeKiteLoginState(credentials.apiSecret, user.sub, deps.now().getTime());
      return ok({ loginUrl: kiteLoginUrl(credentials.apiKey, { state }, deps.loginPage) });
    }),

    'GET /api/kite/callback': route(kiteLoginApi['GET /api/kite/callback'], async ({ query }) => {
      if (!query.state) return failed(KITE_LOGIN_STATE_REFUSED);
      const credentials = await deps.store.credentials();
      if (!credentials) return failed(KITE_MESSAGES.notConfigured);
      const now = deps.now();
      const started = verifyKiteLoginState(credentials.apiSecret, query.state, now.getTime());
      if (!started) {
        logger.warn('Kite callback refused: its state is missing, forged, for another purpose or expired');
        return failed(KITE_LOGIN_STATE_REFUSED);
      }
      // Kite redirects with status=success and the request token after a login; anything else is no login.
      if (query.status !== 'success' || !query.request_token) return failed(KITE_MESSAGES.session);
      const exchanged = await deps.kite(credentials.apiKey).generateSession(query.request_token, credentials.apiSecret);
      if (!exchanged.ok) {
        logger.warn('Kite session exchange failed', { code: exchanged.error.code, details: exchanged.error.details });
        return failed(exchanged.error.message);
      }
      const expiresAt = kiteSessionExpiry(now);
      try {
        await deps.store.saveSession({
          accessToken: exchanged.value.access_token,
          expiresAt: expiresAt.toISOString(),
          createdAt: now.toISOString(),
          kiteUserId: exchanged.value.user_id,
        });
      } catch (err) {
        // The store's error names the secret and the failure, never the value.
        logger.error('Could not keep the Kite session in Secrets Manager', { errorName: (err as Error).name });
        return failed(KITE_MESSAGES.session);
      }
      logger.info('Kite session kept', { operator: started.sub, kiteUserId: exchanged.value.user_id, expiresAt: expiresAt.toISOString() });
      return connected();
    }),
  });
}

export const handler = makeKiteLoginHandler(kiteLoginDeps());
