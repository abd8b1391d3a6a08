import { AdminAddUserToGroupCommand, AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { ADMIN_GROUP, TOKEN_VALIDITY } from '../../functions/sessions';
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
});
