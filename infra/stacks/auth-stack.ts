import { Aws, CfnOutput, Duration, Fn, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ADMIN_GROUP, TOKEN_VALIDITY } from '../../functions/sessions';
import { resourceName, type StageConfig } from '../config';
import { cognitoRateRules } from '../waf-rules';

export interface AuthStackProps extends StackProps {
  config: StageConfig;
}

export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: resourceName(config),
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      // The sign-in page tells an unconfirmed learner to "click the confirmation link" (spec part 1 §8).
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.LINK,
        emailSubject: 'Confirm your Options Academy account',
        emailBody: 'Welcome to Options Academy! Please confirm your email address to start learning: {##Confirm my email##}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      // The product spec says exactly "Password must be at least 6 characters" and nothing more.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: config.isProd,
      removalPolicy: config.removalPolicy,
    });

    // Link-style verification is served from the pool's Cognito domain; the prefix is unique per account.
    this.userPool.addDomain('Domain', {
      cognitoDomain: { domainPrefix: Fn.join('-', ['options-academy', config.stage, Aws.ACCOUNT_ID]) },
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: resourceName(config, 'web'),
      generateSecret: false,
      authFlows: { userSrp: true, userPassword: true },
      // The SPA signs in with SRP through Amplify; no hosted UI, so no OAuth flows or callback URLs.
      disableOAuth: true,
      accessTokenValidity: Duration.minutes(TOKEN_VALIDITY.accessTokenMinutes),
      idTokenValidity: Duration.minutes(TOKEN_VALIDITY.idTokenMinutes),
      refreshTokenValidity: Duration.days(TOKEN_VALIDITY.refreshTokenDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
    });

    new cognito.CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Operators: data stats, cleanup, manual ingest and bulk upload',
    });

    // Sign-in and sign-up limits per address (functions/rate-limits.ts), on every public call to the pool's endpoints
    // (https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-waf.html). A regional ACL, in the pool's region.
    const aclName = resourceName(config, 'auth');
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: aclName,
      description: `Options Academy sign-in and sign-up rate limits of stage ${config.stage}, from functions/rate-limits.ts`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      rules: cognitoRateRules(aclName),
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: aclName },
    });
    new wafv2.CfnWebACLAssociation(this, 'WebAclAssociation', { resourceArn: this.userPool.userPoolArn, webAclArn: this.webAcl.attrArn });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason: 'The product spec fixes the password rule to exactly "Password must be at least 6 characters" with no character-class requirements.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'An education and paper-trading product: sign-in is email and password as the spec describes; the SPA has no MFA enrolment flow, so requiring MFA would lock learners out.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          "Threat protection (advanced security) needs the Cognito Plus feature plan, billed per active user; the Essentials plan is chosen for now, with sign-in and sign-up rate-limited per address by the pool's web ACL instead.",
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'Same decision as COG3: the Plus feature plan is only needed for threat protection, which is not enabled on the Essentials plan.',
      },
    );

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
