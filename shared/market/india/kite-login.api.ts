import { z } from 'zod';
import { defineApi } from '../../api/contract';
import { KITE_MESSAGES } from './kite/errors';

/**
 * The operator's daily Zerodha Kite Connect login (issue 38). Kite's access token lasts one trading day and needs an
 * interactive login each morning (Kite Connect v3 docs, "User"): the operator asks for the login URL on /app/config,
 * signs in at Kite, and Kite sends the browser to the public callback with a one-time `request_token`, which the server
 * exchanges for the access token and keeps in Secrets Manager. The access token is never answered; only when the
 * session ends and for which Kite user.
 */
export const KITE_CONFIG_PATH = '/app/config';
/** What the callback's redirect says on /app/config: `?kite=connected`, or `?kite=failed&reason=…`. */
export const KITE_LOGIN_RESULT = { connected: 'connected', failed: 'failed' } as const;
/** The failure when the callback's state is missing, forged, for another purpose or too old: no exchange is tried. */
export const KITE_LOGIN_STATE_REFUSED = 'This Kite login was not started here, or took too long. Start it again from the Configuration page.';

export const KiteStatusSchema = z.object({
  /** The API key and secret are stored (and not placeholders). */
  configured: z.boolean(),
  /** The feed talks to the local Kite stand-in (npm start), not to Zerodha. */
  standIn: z.boolean(),
  /** The last login's session, live or ended; never its token. */
  session: z
    .object({
      expiresAt: z.string(),
      createdAt: z.string(),
      kiteUserId: z.string(),
      live: z.boolean(),
    })
    .nullable(),
  /** 'Zerodha API not configured' when the keys are missing (the spec's words), else null. */
  message: z.enum([KITE_MESSAGES.notConfigured]).nullable(),
});
export type KiteStatus = z.infer<typeof KiteStatusSchema>;

const Param = z.string().max(1024);
/** What Kite puts on the redirect (Kite Connect v3 docs, "User"), and the `state` the login's redirect_params carry. */
export const KiteCallbackQuery = z.object({
  request_token: Param.optional(),
  status: Param.optional(),
  state: Param.optional(),
});

export const kiteLoginApi = defineApi({
  'GET /api/admin/kite': {
    auth: 'admin',
    summary: "The Zerodha Kite Connect feed's keys and session: configured or not, the session's expiry and Kite user (never its token)",
    response: KiteStatusSchema,
  },
  'POST /api/admin/kite/login': {
    auth: 'admin',
    summary: "Start the day's Kite login: the Kite login URL, carrying a signed ten-minute state naming the operator",
    response: z.object({ loginUrl: z.string() }),
    errors: [503],
  },
  'GET /api/kite/callback': {
    auth: 'public',
    summary:
      "Kite's redirect after the login (public): checks the state, exchanges the request token on the server, keeps the session, and redirects to /app/config?kite=connected or ?kite=failed&reason=…",
    query: KiteCallbackQuery,
    status: 302,
  },
});
