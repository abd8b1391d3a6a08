import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { decodeJwt, foreignKey, refreshTokens, signIn, signJwt, signUpAndSignIn } from '../support/cognito';
import { REPO_ROOT } from '../support/local-stack';

const stack = inject('stack');
const me = (token?: string) => fetch(`${stack.url}/api/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
/** What the web sends at sign-in: it stores the profile (GET /api/me only reads it). */
const storeProfile = (token: string) => fetch(`${stack.url}/api/me`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });

/** cognito-local's own signing key (published in its package): lets a test mint a token that differs in one claim only. */
const localSigningKey = () =>
  createPrivateKey(JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')).pem);

describe('sign-up, sign-in and /api/me through the local gateway', () => {
  it('answers health without a token', async () => {
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', service: 'options-academy' });
  });

  it('confirms a new local account at once and returns the user with a stored profile', async () => {
    const user = await signUpAndSignIn(stack, { name: 'Grace Hopper' });
    expect(user.confirmed).toBe(true);
    expect(decodeJwt(user.idToken)).toMatchObject({ email: user.email, name: 'Grace Hopper', token_use: 'id' });

    // Before sign-in stores it, GET /api/me answers the profile the learner would get, and writes nothing.
    const before = await (await me(user.idToken)).json();
    expect(before.profile).toMatchObject({ userId: user.sub, publicId: '' });
    expect((await storeProfile(user.idToken)).status).toBe(200);
    const res = await me(user.idToken);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ id: user.sub, email: user.email, name: 'Grace Hopper', displayName: 'Grace Hopper', isAdmin: false });
    expect(body.profile.userId).toBe(user.sub);
    expect(body.profile.publicId).not.toBe('');

    // The profile is created once: storing it again and reading it keep its creation time.
    expect((await storeProfile(user.idToken)).status).toBe(200);
    const again = await (await me(user.idToken)).json();
    expect(again.profile.createdAt).toBe(body.profile.createdAt);
  });

  it('accepts the access token too, as the cloud authorizer does, without blanking the stored email', async () => {
    const user = await signUpAndSignIn(stack, { name: 'Ada' });
    expect((await storeProfile(user.idToken)).status).toBe(200);
    const res = await me(user.accessToken);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: user.email, name: 'Ada' });
  });

  it('falls back to the email before the at-sign when no name was given', async () => {
    const user = await signUpAndSignIn(stack, { email: `no.name.${Date.now()}@example.com` });
    const body = await (await me(user.idToken)).json();
    expect(body.user.displayName).toBe(user.email.split('@')[0]);
  });

  it('refuses a request without a token', async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses an expired token', async () => {
    const user = await signUpAndSignIn(stack);
    const claims = decodeJwt(user.idToken);
    const expired = signJwt({ ...claims, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 }, localSigningKey());
    expect((await me(expired)).status).toBe(401);
    // The same claims with a live expiry and the same key pass: it was the expiry that failed.
    const live = signJwt({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 }, localSigningKey());
    expect((await me(live)).status).toBe(200);
  });

  it('refuses a token signed with a foreign key', async () => {
    const user = await signUpAndSignIn(stack);
    const forged = signJwt({ ...decodeJwt(user.idToken), exp: Math.floor(Date.now() / 1000) + 600 }, foreignKey());
    expect((await me(forged)).status).toBe(401);
  });

  it('refuses a token for another app client or another issuer', async () => {
    const user = await signUpAndSignIn(stack);
    const claims = { ...decodeJwt(user.idToken), exp: Math.floor(Date.now() / 1000) + 600 };
    expect((await me(signJwt({ ...claims, aud: 'someone-elses-client' }, localSigningKey()))).status).toBe(401);
    expect((await me(signJwt({ ...claims, iss: 'http://127.0.0.1:1/other-pool' }, localSigningKey()))).status).toBe(401);
  });

  it('keeps a session going through a token refresh (GetTokensFromRefreshToken via the proxy)', async () => {
    const user = await signUpAndSignIn(stack, { name: 'Refresh Tester' });
    const refreshed = await refreshTokens(stack, user.refreshToken);
    expect(refreshed.IdToken).toBeTruthy();
    expect(decodeJwt(refreshed.IdToken!)).toMatchObject({ sub: user.sub, name: 'Refresh Tester' });
    const res = await me(refreshed.IdToken);
    expect(res.status).toBe(200);
  });

  it('makes an operator with npm run local:make-admin on whatever ports the stack was started (here free ones)', async () => {
    const user = await signUpAndSignIn(stack);
    const { COGNITO_PORT: _c, PORT: _p, DYNAMODB_PORT: _d, AWS_LOCAL_PORT: _a, ...env } = process.env;
    const out = execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(REPO_ROOT, 'local/make-admin.ts'), user.email],
      {
        cwd: REPO_ROOT,
        env: { ...env, DATA_DIR: stack.dataDir },
        encoding: 'utf8',
      },
    );
    expect(out).toContain(`${user.email} is now in the admin group`);
    const again = await signIn(stack, user.email, user.password);
    expect(decodeJwt(again.idToken)['cognito:groups']).toEqual(['admin']);
  });

  it('answers 404 for an unknown API path, as API Gateway does', async () => {
    const res = await fetch(`${stack.url}/api/nope`);
    expect(res.status).toBe(404);
  });
});
