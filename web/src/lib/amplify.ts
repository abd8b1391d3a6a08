import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from './runtime-config';

/** Points Amplify at Cognito in AWS, or at cognito-local through its refresh-rewriting proxy locally. */
export function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
        signUpVerificationMethod: 'link',
        userAttributes: { email: { required: true }, name: { required: false } },
        passwordFormat: { minLength: 6, requireLowercase: false, requireUppercase: false, requireNumbers: false, requireSpecialCharacters: false },
      },
    },
  });
}
