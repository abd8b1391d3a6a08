/**
 * Kite Connect's login flow (Kite Connect v3 docs, "User"): the operator logs in at Kite's login page, Kite redirects
 * to the app's registered URL with a short-lived `request_token`, and the server exchanges it at `POST /session/token`
 * for the day's `access_token`, proving it holds the API secret by a checksum.
 */
export const KITE_LOGIN_URL = 'https://kite.zerodha.com/connect/login';

/**
 * The checksum of the token exchange: the SHA-256 of api_key, request_token and api_secret written one after the other,
 * in lowercase hex (Kite Connect v3 docs, "User"; pykiteconnect `generate_session`). Web Crypto, which Node and
 * browsers both have, so this stays free of Node's own modules.
 */
export async function sessionChecksum(apiKey: string, requestToken: string, apiSecret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(apiKey + requestToken + apiSecret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The login page for an API key (`v=3` asks for Kite Connect 3). `redirectParams` come back, URL-encoded as one
 * `redirect_params` query value, on the redirect (Kite Connect v3 docs, "User"): the callback uses them to tie the
 * answer to the login it started. `loginPage` is Kite's unless given (KITE_LOGIN_URL: the local stand-in's).
 */
export function kiteLoginUrl(apiKey: string, redirectParams?: Record<string, string>, loginPage: string = KITE_LOGIN_URL): string {
  const url = new URL(loginPage);
  url.searchParams.set('v', '3');
  url.searchParams.set('api_key', apiKey);
  if (redirectParams && Object.keys(redirectParams).length > 0) url.searchParams.set('redirect_params', new URLSearchParams(redirectParams).toString());
  return url.toString();
}
