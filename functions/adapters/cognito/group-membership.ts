import { AdminListGroupsForUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { GroupMembership } from '@shared/users/group-membership.port';
import { traced } from '../../commons/powertools';

/**
 * Cognito's AdminListGroupsForUser behind the GroupMembership port. In AWS the pool's regional endpoint; locally the
 * same client pointed by AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER at cognito-local. The user is named by `sub`, which
 * Cognito accepts as the username of a pool that signs in by e-mail.
 */
export function cognitoGroupMembership(opts: { userPoolId: string | undefined; client?: CognitoIdentityProviderClient }): GroupMembership {
  const client = opts.client ?? traced(new CognitoIdentityProviderClient({}));
  return {
    async groupsOf(userId) {
      if (!opts.userPoolId) throw new Error('USER_POOL_ID is not set: group membership cannot be confirmed');
      const groups: string[] = [];
      let next: string | undefined;
      do {
        const page = await client.send(new AdminListGroupsForUserCommand({ UserPoolId: opts.userPoolId, Username: userId, Limit: 60, NextToken: next }));
        groups.push(...(page.Groups ?? []).flatMap((g) => (g.GroupName ? [g.GroupName] : [])));
        next = page.NextToken;
      } while (next);
      return groups;
    },
  };
}
