import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, it } from 'vitest';
import { buildTestApp, logicalIdOf } from './helpers';

describe('AuthStack', () => {
  let template: Template;
  let poolId: string;
  beforeAll(() => {
    const { auth } = buildTestApp().stacks;
    template = Template.fromStack(auth);
    poolId = logicalIdOf(auth.userPool);
  });

  it('signs in by email, verifies it, and keeps the name editable', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolName: 'options-academy-dev',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      Schema: [
        { Name: 'email', Required: true, Mutable: true },
        { Name: 'name', Required: false, Mutable: true },
      ],
    });
  });

  it('verifies a new email with a confirmation link served from the pool domain', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_LINK' },
    });
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
  });

  it('asks only for "at least 6 characters", as the product spec says', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        },
      },
    });
  });

  it('has the admin group', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin', UserPoolId: { Ref: poolId } });
  });

  it('has a public SPA client with SRP and password flows, 15-minute access and ID tokens and 30-day refresh', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      UserPoolId: { Ref: poolId },
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 15,
      IdTokenValidity: 15,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      PreventUserExistenceErrors: 'ENABLED',
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });
});
