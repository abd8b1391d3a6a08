import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import type { MailRecipients } from '@shared/alerts/mail.port';
import { traced } from '../../commons/powertools';

/**
 * Cognito's AdminGetUser behind the MailRecipients port: the learner's `email`, only while `email_verified` is true (the
 * pool keeps both; an address the learner has not confirmed gets no mail). The user is named by `sub`, which Cognito
 * accepts as the username of a pool that signs in by e-mail; a learner no longer in the pool has no address.
 */
export function cognitoVerifiedEmail(opts: { userPoolId: string | undefined; client?: CognitoIdentityProviderClient }): MailRecipients {
  const client = opts.client ?? traced(new CognitoIdentityProviderClient({}));
  return {
    async verifiedEmail(userId) {
      if (!opts.userPoolId) throw new Error('USER_POOL_ID is not set: the learner’s address cannot be read');
      try {
        const out = await client.send(new AdminGetUserCommand({ UserPoolId: opts.userPoolId, Username: userId }));
        const attr = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
        const email = attr('email')?.trim();
        return email && attr('email_verified') === 'true' ? email : null;
      } catch (err) {
        if (err instanceof UserNotFoundException) return null;
        throw err;
      }
    },
  };
}
