import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Aws, Duration, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { OUTBOX_KEY_PREFIX } from '../../functions/adapters/dynamo/outbox';
import { LIVE_PK_PREFIX } from '../../functions/adapters/dynamo/india-live-quotes';
import {
  brokerSecretsPrefix,
  kiteSecretName,
  kiteSessionSecretName,
  marketDataSecretName,
  simulationSecretName,
  unsubscribeSecretName,
} from '../../functions/adapters/secrets/secret-names';
import { MAIL_ENV } from '../../functions/adapters/mail/mail-env';
import { GLOBAL_SECONDARY_INDEXES } from '../../functions/adapters/dynamo/table-definition';
import type { FunctionDefinition } from '../../functions/routes';
import { SCHEDULE_GROUP_ENV } from '../../functions/jobs/schedules';
import { resourceName, UPLOAD_KEY_PREFIX, uploadBucketName, type StageConfig } from '../config';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Node.js 22 as fixed in docs/architecture.md, "Conventions"; the same code runs locally on Node 20. */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const POWERTOOLS_SERVICE_NAME = 'options-academy';
export const METRICS_NAMESPACE = 'OptionsAcademy';

/** Item-level actions only: no Scan (docs/architecture.md, "Conventions": every access pattern is a Query or GetItem). */
const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const SECRET_READ_ACTIONS = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
const SECRET_ACTIONS = [
  'secretsmanager:CreateSecret',
  'secretsmanager:DescribeSecret',
  'secretsmanager:GetSecretValue',
  'secretsmanager:PutSecretValue',
  'secretsmanager:UpdateSecret',
  'secretsmanager:DeleteSecret',
  'secretsmanager:TagResource',
];

export interface AppFunctionProps {
  /** Module relative to the repository root, as in the definitions (functions/routes.ts). */
  file: string;
  /** Exported handler name. */
  exportName?: string;
  description: string;
  config: StageConfig;
  memoryMb?: number;
  timeoutSeconds?: number;
}

/** What a function may be granted, by name, from the `access` field of its definition. */
export interface AccessTargets {
  table: dynamodb.ITableV2;
  bus: events.IEventBus;
  secretPrefix: string;
  /** For `access.userPool`; only the API stack has it. */
  userPool?: cognito.IUserPool;
  /** For `access.scheduler`: the stage's schedule group (the grant itself is IngestStack.grantScheduleControl). */
  scheduleGroup?: string;
  /** For `access.mail`: the sending identity, the SES configuration set and the site's origin; none: no e-mail is sent. */
  mail?: MailTarget;
}

/** Where alert e-mails leave from: the verified sending address (context `mailFrom`), the configuration set, the site. */
export interface MailTarget {
  from: string;
  configurationSetName: string;
  siteUrl: string;
}

/**
 * The one place for Lambda defaults (docs/architecture.md, "Conventions"): Node.js 22 on arm64, X-Ray tracing,
 * an explicit log group with retention, esbuild bundling on the host (never Docker) and
 * Powertools configured through the environment. Its role starts with nothing but its own
 * log group and X-Ray; everything else comes from the grant helpers.
 */
export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;

    this.logGroup = new logs.LogGroup(this, 'LogGroup', {
      retention: logs.RetentionDays.ONE_MONTH,
      removalPolicy: config.removalPolicy,
    });
    // An own role instead of the default one with AWSLambdaBasicExecutionRole, whose log rights cover every log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description} (${config.stage})`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, props.file),
      handler: props.exportName ?? 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      description: props.description,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memoryMb ?? 512,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      environment: {
        STAGE: config.stage,
        APP_VERSION: config.version,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: config.logLevel,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        // CommonJS dependencies (the X-Ray SDK under the Powertools tracer) call require() inside an ES module.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The runtime ships AWS SDK v3.
        externalModules: ['@aws-sdk/*'],
      },
    });

    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing (Tracing.ACTIVE) adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions.',
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime fixed in docs/architecture.md, "Conventions" (supported LTS); a newer runtime is adopted deliberately, not whenever a CDK release learns about one.',
    });
  }

  /** Item-level access to the table and its GSIs, named one by one rather than `index/*`. */
  grantTable(table: dynamodb.ITableV2, mode: 'read' | 'readwrite'): void {
    const resources = [table.tableArn, ...GLOBAL_SECONDARY_INDEXES.map((gsi) => `${table.tableArn}/index/${gsi.indexName}`)];
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: mode === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
        resources,
      }),
    );
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
  }

  /**
   * Reads the one market-data secret, `<prefix>/market-data`. Its ARN ends in a hyphen and six characters Secrets
   * Manager adds when the operator creates it (https://docs.aws.amazon.com/secretsmanager/latest/userguide/troubleshoot.html#ARN_secretnamehyphen),
   * so the grant names the secret and those six characters (`??????`), nothing else.
   */
  grantMarketDataSecret(prefix: string): void {
    const resource = `${this.secretArnPrefix()}${marketDataSecretName(prefix)}-??????`;
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: SECRET_READ_ACTIONS, resources: [resource] }));
    // With it the simulated market's deployment secret (DataStack), which an ingestion from the simulated market reads.
    const simulation = `${this.secretArnPrefix()}${simulationSecretName(prefix)}-??????`;
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [simulation] }));
    this.fn.addEnvironment('SECRET_PREFIX', prefix);
  }

  /**
   * Broker keys are created per learner at runtime, so the grant is their name prefix, `<prefix>/broker/`: all the
   * secret actions for the function that saves and deletes them, reading only for one that places orders with them.
   */
  grantBrokerSecrets(prefix: string, mode: 'read' | 'readwrite' = 'readwrite'): void {
    const path = `${brokerSecretsPrefix(prefix)}*`;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: mode === 'read' ? SECRET_READ_ACTIONS : SECRET_ACTIONS, resources: [`${this.secretArnPrefix()}${path}`] }),
    );
    this.fn.addEnvironment('SECRET_PREFIX', prefix);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${path}]`,
      reason: `Broker keys are one secret per learner and broker environment, created at runtime under ${brokerSecretsPrefix(prefix)}; the grant is limited to that prefix.`,
    });
  }

  /**
   * Reads the operator's Kite keys and the day's login, `<prefix>/kite` and `<prefix>/kite-session` (each by its name and
   * the six characters Secrets Manager adds), and the simulated market's deployment secret, which the simulated NSE
   * market draws with when Kite has no live login.
   */
  grantKiteSecretsRead(prefix: string): void {
    const resources = [kiteSecretName(prefix), kiteSessionSecretName(prefix)].map((name) => `${this.secretArnPrefix()}${name}-??????`);
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: SECRET_READ_ACTIONS, resources }));
    const simulation = `${this.secretArnPrefix()}${simulationSecretName(prefix)}-??????`;
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [simulation] }));
    this.fn.addEnvironment('SECRET_PREFIX', prefix);
  }

  /** Reads the one key that signs and verifies the unsubscribe links of alert e-mails, `<prefix>/unsubscribe`. */
  grantUnsubscribeSecret(prefix: string): void {
    const resource = `${this.secretArnPrefix()}${unsubscribeSecretName(prefix)}-??????`;
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [resource] }));
    this.fn.addEnvironment('SECRET_PREFIX', prefix);
  }

  /**
   * The Kite login's two secrets and no other: reads the operator's keys (`<prefix>/kite`, made by the operator like
   * the market-data key), and reads, creates and writes the day's session (`<prefix>/kite-session`, created by the
   * first login's callback). Each named with the six characters Secrets Manager adds, as grantMarketDataSecret does.
   */
  grantKiteLoginSecrets(prefix: string): void {
    const keys = `${this.secretArnPrefix()}${kiteSecretName(prefix)}-??????`;
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: SECRET_READ_ACTIONS, resources: [keys] }));
    const session = `${this.secretArnPrefix()}${kiteSessionSecretName(prefix)}-??????`;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: [...SECRET_READ_ACTIONS, 'secretsmanager:CreateSecret', 'secretsmanager:PutSecretValue'], resources: [session] }),
    );
    this.fn.addEnvironment('SECRET_PREFIX', prefix);
  }

  /**
   * ses:SendEmail and nothing else, only from the stage's sending identity (the address, or its domain when that is the
   * verified identity) and only through its configuration set; the From address is pinned by the `ses:FromAddress`
   * condition. The identity, the configuration set and the site's origin go in the environment (MAIL_ENV).
   */
  grantMailSend(mail: MailTarget): void {
    const ses = `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}`;
    const domain = mail.from.split('@')[1]!;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`${ses}:identity/${mail.from}`, `${ses}:identity/${domain}`, `${ses}:configuration-set/${mail.configurationSetName}`],
        conditions: { StringEquals: { 'ses:FromAddress': mail.from } },
      }),
    );
    this.fn.addEnvironment(MAIL_ENV.from, mail.from);
    this.fn.addEnvironment(MAIL_ENV.configurationSet, mail.configurationSetName);
    this.fn.addEnvironment(MAIL_ENV.siteUrl, mail.siteUrl);
  }

  /** Reads a user's attributes (AdminGetUser) and nothing else: the confirmed address alert e-mails go to. */
  grantEmailLookup(userPool: cognito.IUserPool): void {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [userPool.userPoolArn] }));
    this.fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
  }

  /** Pseudo parameters rather than the stack's env, so the ARN (and the acknowledgment above) reads the same with or without one. */
  private secretArnPrefix(): string {
    return `arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:`;
  }

  /**
   * Writes outbox items and nothing else: PutItem (also inside TransactWriteItems) on items whose partition key starts
   * with `OUTBOX#`. A function with table read-write has this already.
   */
  grantOutboxWrite(table: dynamodb.ITableV2): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:PutItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${OUTBOX_KEY_PREFIX}*`] } },
      }),
    );
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
  }

  /**
   * Reads the ticker service's live Indian quotes and nothing else of the table: GetItem and Query on items whose
   * partition key starts with `IN#LIVE#` (the prefix the service's own role may write).
   */
  grantIndiaLiveQuotesRead(table: dynamodb.ITableV2): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:Query'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${LIVE_PK_PREFIX}*`] } },
      }),
    );
    this.fn.addEnvironment('TABLE_NAME', table.tableName);
  }

  /** Signs a user out everywhere and deletes them from the pool, nothing else: the account deletion (functions/http/privacy.ts). */
  grantUserDeletion(userPool: cognito.IUserPool): void {
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'], resources: [userPool.userPoolArn] }),
    );
    this.fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
  }

  /** Signs a user out everywhere and nothing else: functions/http/sessions.ts. */
  grantGlobalSignOut(userPool: cognito.IUserPool): void {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut'], resources: [userPool.userPoolArn] }));
    this.fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
  }

  /**
   * Reads a user's groups from the user pool and nothing else: a function that serves admin routes confirms that the
   * caller is still an operator there (functions/commons/http.ts), not only in their token.
   */
  grantGroupLookup(userPool: cognito.IUserPool): void {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['cognito-idp:AdminListGroupsForUser'], resources: [userPool.userPoolArn] }));
    this.fn.addEnvironment('USER_POOL_ID', userPool.userPoolId);
  }

  /** Reads the value CloudFront puts in its origin header, to refuse requests that did not come through it (functions/origin.ts). */
  grantOriginVerify(secret: secretsmanager.ISecret): void {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] }));
    this.fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', secret.secretArn);
  }

  /**
   * The bulk-upload bucket, on the new files' keys (`incoming/*`) only: 'presign' gets s3:PutObject, because a presigned
   * POST carries this role's credentials and S3 checks them when the browser sends the file; 'read' gets s3:GetObject,
   * for the upload job. Neither may list, delete or touch another prefix. UPLOAD_BUCKET in the environment.
   */
  grantUploadBucket(mode: 'presign' | 'read'): void {
    const bucket = uploadBucketName(this.config);
    const keys = `${UPLOAD_KEY_PREFIX}*`;
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: [mode === 'presign' ? 's3:PutObject' : 's3:GetObject'], resources: [`arn:${Aws.PARTITION}:s3:::${bucket}/${keys}`] }),
    );
    this.fn.addEnvironment('UPLOAD_BUCKET', bucket);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${resourceName(this.config, 'uploads')}-<AWS::AccountId>/${keys}]`,
      reason: `Each upload's file is a new object named by its upload id at runtime (${UPLOAD_KEY_PREFIX}<uploadId>.csv); the grant is limited to that prefix of the one upload bucket.`,
    });
  }

  grantPutEvents(bus: events.IEventBus): void {
    bus.grantPutEventsTo(this.role);
    this.fn.addEnvironment('EVENT_BUS_NAME', bus.eventBusName);
  }

  /** Applies the `access` field of a definition; nothing is granted that is not listed there. */
  applyAccess(access: FunctionDefinition['access'], targets: AccessTargets): void {
    if (access.table) this.grantTable(targets.table, access.table);
    if (access.marketDataSecret) this.grantMarketDataSecret(targets.secretPrefix);
    if (access.brokerSecrets) this.grantBrokerSecrets(targets.secretPrefix, access.brokerSecrets);
    if (access.userPool) {
      if (!targets.userPool) throw new Error(`${this.node.id} needs the user pool (access.userPool) where none is given`);
      if (access.userPool === 'signOutUsers') this.grantGlobalSignOut(targets.userPool);
      else if (access.userPool === 'readEmail') this.grantEmailLookup(targets.userPool);
      else this.grantUserDeletion(targets.userPool);
    }
    if (access.scheduler) {
      if (!targets.scheduleGroup) throw new Error(`${this.node.id} needs the schedule group (access.scheduler) where none is given`);
      this.fn.addEnvironment(SCHEDULE_GROUP_ENV, targets.scheduleGroup);
    }
    if (access.uploadBucket) this.grantUploadBucket(access.uploadBucket);
    if (access.unsubscribeSecret) this.grantUnsubscribeSecret(targets.secretPrefix);
    if (access.kiteSecrets === 'login') this.grantKiteLoginSecrets(targets.secretPrefix);
    if (access.kiteSecrets === 'read') this.grantKiteSecretsRead(targets.secretPrefix);
    if (access.indiaLiveQuotes === 'read') this.grantIndiaLiveQuotesRead(targets.table);
    // Without a sending identity (no `mailFrom` context) the function gets no grant and sends no e-mail.
    if (access.mail === 'send' && targets.mail) this.grantMailSend(targets.mail);
    if (access.events === 'put') this.grantPutEvents(targets.bus);
    if (access.events === 'outbox' && access.table !== 'readwrite') this.grantOutboxWrite(targets.table);
  }
}
