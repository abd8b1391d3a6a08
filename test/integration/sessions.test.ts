import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand, ChangePasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { ADMIN_GROUP, TOKEN_VALIDITY } from '../../functions/sessions';
import { SIGNED_OUT_TRUSTED_MS } from '../../functions/commons/deleted-accounts';
import { cognitoClient, decodeJwt, refreshTokens, signIn, signUpAndSignIn } from '../support/cognito';
import { ADMIN_GROUP_CACHE_SECONDS_IN_TESTS as CACHE_SECONDS } from '../support/stack-env';

/**
 * Sessions through the local stack: how long a token is good for, and how soon an operator's removal takes effect (the
 * stack runs with the admin-group cache shortened to CACHE_SECONDS; the product's 60 s is the same code path).
 */
const stack = inject('stack');

const call = async (path: string, idToken: string) => (await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${idToken}` } })).status;

describe('sessions', () => {
  it('issues access and ID tokens good for 15 minutes, and a refresh brings fresh ones the API accepts', async () => {
    const user = await signUpAndSignIn(stack);
    const lifetime = (token: string) => {
      const { iat, exp } = decodeJwt(token) as { iat: number; exp: number };
      return exp - iat;
    };
    expect(lifetime(user.idToken)).toBe(TOKEN_VALIDITY.idTokenMinutes * 60);
    expect(lifetime(user.accessToken)).toBe(TOKEN_VALIDITY.accessTokenMinutes * 60);
    const refreshed = await refreshTokens(stack, user.refreshToken);
    expect(lifetime(refreshed.IdToken!)).toBe(15 * 60);
    expect(decodeJwt(refreshed.IdToken!).sub).toBe(user.sub);
    expect(await call('/api/me', refreshed.IdToken!)).toBe(200);
  });

  it(
    'shuts an operator removed from the admin group out of the admin routes within the cache time, although their token still names the group',
    async () => {
      const operator = await signUpAndSignIn(stack);
      const pool = cognitoClient(stack);
      await pool.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: ADMIN_GROUP }));
      const { idToken } = await signIn(stack, operator.email, operator.password);
      expect(decodeJwt(idToken)['cognito:groups']).toEqual([ADMIN_GROUP]);
      expect(await call('/api/admin/market/stats', idToken)).toBe(200);
      expect(await call('/api/admin/testimonials?status=pending', idToken)).toBe(200);

      await pool.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: ADMIN_GROUP }));
      await expect
        .poll(async () => [await call('/api/admin/market/stats', idToken), await call('/api/admin/testimonials?status=pending', idToken)], {
          timeout: (CACHE_SECONDS + 5) * 1000,
          interval: 500,
        })
        .toEqual([403, 403]);
      // Still a learner: the routes that need only sign-in stay open.
      expect(await call('/api/me', idToken)).toBe(200);
    },
    (CACHE_SECONDS + 45) * 1000,
  );

  /**
   * With the product's own timing (the signed-out time is trusted for SIGNED_OUT_TRUSTED_MS, which no test stack
   * shortens): a token issued before a sign-out everywhere or a password change is refused within 15 s.
   */
  const signOutEverywhere = async (idToken: string, reason: 'sign_out_everywhere' | 'password_changed') =>
    fetch(`${stack.url}/api/me/sign-out-everywhere`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason }),
    });
  const nextSecond = () => new Promise((r) => setTimeout(r, 1100)); // a token issued in a later second than the sign-out

  it('refuses, within 15 s, every token issued before a sign-out everywhere, on any device; a new sign-in works', async () => {
    expect(SIGNED_OUT_TRUSTED_MS).toBeLessThan(15_000);
    const here = await signUpAndSignIn(stack);
    const elsewhere = await signIn(stack, here.email, here.password);
    expect(await call('/api/me', here.idToken)).toBe(200);
    expect(await call('/api/me', elsewhere.idToken)).toBe(200);

    const res = await signOutEverywhere(here.idToken, 'sign_out_everywhere');
    expect(res.status).toBe(200);
    expect((await res.json()).signedOutAt).toEqual(expect.any(String));
    await expect.poll(() => call('/api/me', elsewhere.idToken), { timeout: 15_000, interval: 500 }).toBe(401);
    expect(await call('/api/me', here.idToken)).toBe(401);
    const refused = await fetch(`${stack.url}/api/me`, { headers: { authorization: `Bearer ${elsewhere.idToken}` } });
    expect((await refused.json()).code).toBe('signed_out');
    await expect(refreshTokens(stack, elsewhere.refreshToken)).rejects.toThrow();

    await nextSecond();
    const again = await signIn(stack, here.email, here.password);
    expect(await call('/api/me', again.idToken)).toBe(200);
  });

  it('does the same after a password change: the old sessions end, the new password signs in', async () => {
    const here = await signUpAndSignIn(stack);
    const elsewhere = await signIn(stack, here.email, here.password);
    expect(await call('/api/me', elsewhere.idToken)).toBe(200);
    const next = `${here.password}-new`;
    await cognitoClient(stack).send(new ChangePasswordCommand({ AccessToken: here.accessToken, PreviousPassword: here.password, ProposedPassword: next }));
    expect((await signOutEverywhere(here.idToken, 'password_changed')).status).toBe(200);
    await expect.poll(() => call('/api/me', elsewhere.idToken), { timeout: 15_000, interval: 500 }).toBe(401);
    expect(await call('/api/me', here.idToken)).toBe(401);

    await nextSecond();
    await expect(signIn(stack, here.email, here.password)).rejects.toThrow();
    expect(await call('/api/me', (await signIn(stack, here.email, next)).idToken)).toBe(200);
  });
});
