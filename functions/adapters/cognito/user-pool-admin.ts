import {
  AdminDeleteUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { UserPoolAdmin } from '@shared/users/privacy';
import { traced } from '../../commons/powertools';

/**
 * Cognito's AdminUserGlobalSignOut and AdminDeleteUser behind the UserPoolAdmin port (account deletion, issue 20).
 * Locally the same client, pointed at the local pool's proxy, which answers AdminUserGlobalSignOut itself
 * (local/cognito.ts: cognito-local has no such operation). A user already gone counts as done: the job resumes.
 */
export function cognitoUserPoolAdmin(opts: { userPoolId: string | undefined; client?: CognitoIdentityProviderClient }): UserPoolAdmin {
  const client = opts.client ?? traced(new CognitoIdentityProviderClient({}));
  const poolId = () => {
    if (!opts.userPoolId) throw new Error('USER_POOL_ID is not set: the user pool cannot be changed');
    return opts.userPoolId;
  };
  const tolerateGone = async (send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (err) {
      if (!(err instanceof UserNotFoundException)) throw err;
    }
  };
  return {
    signOutEverywhere: (userId) => tolerateGone(() => client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: poolId(), Username: userId }))),
    deleteUser: (userId) => tolerateGone(() => client.send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: userId }))),
  };
}
