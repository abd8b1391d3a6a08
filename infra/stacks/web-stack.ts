import { existsSync } from 'node:fs';
import path from 'node:path';
import { Aws, CfnOutput, DefaultStackSynthesizer, Duration, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as cr from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/origin';
import { routes } from '../../functions/routes';
import { uploadBucketOrigin, type StageConfig } from '../config';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '../security-headers';
import { DRAWN_PAGES, LANDING_LOADER_FILE, SHELL_FILE } from '../spa-routing';
import { EDGE_REGION } from './edge-stack';

export interface WebStackProps extends StackProps {
  config: StageConfig;
  /** The built SPA (web/dist); tests pass a temporary directory. */
  webAssetDir: string;
  /** `<apiId>.execute-api.<region>.amazonaws.com`. */
  apiDomainName: string;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** The SSM parameter in us-east-1 that holds the CloudFront web ACL's ARN (infra/stacks/edge-stack.ts). */
  edgeWebAclParameter: string;
  /** The value CloudFront adds to every API request in the origin header (functions/origin.ts). */
  originVerifySecret: secretsmanager.ISecret;
}

/** What the SPA reads from /config.json (the local gateway serves the same shape, see local/gateway.ts). */
export interface RuntimeConfig {
  stage: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  authFlowType: 'USER_SRP_AUTH';
  emailVerification: true;
}

/**
 * `/` and `/optionschain` are served their pages drawn at build time, other client-side routes (/learn/options-basics)
 * the shell, index.html (spa-routing.ts says why); files (anything with an extension) pass through. Attached to the S3
 * behaviour only, so the API's own 403/404 answers reach the browser unchanged, which distribution-wide custom error
 * responses would not allow.
 */
const SPA_ROUTING_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  var drawn = ${JSON.stringify(DRAWN_PAGES)};
  if (Object.prototype.hasOwnProperty.call(drawn, uri)) request.uri = '/' + drawn[uri];
  else if (lastSegment.indexOf('.') === -1) request.uri = '/${SHELL_FILE}';
  return request;
}`;

const referrerPolicy = (value: string): cloudfront.HeadersReferrerPolicy => {
  const match = Object.values(cloudfront.HeadersReferrerPolicy).find((v) => v === value);
  if (!match) throw new Error(`Unsupported referrer policy in infra/security-headers.ts: ${value}`);
  return match;
};

const frameOption = (value: string): cloudfront.HeadersFrameOption => {
  const match = Object.values(cloudfront.HeadersFrameOption).find((v) => v === value);
  if (!match) throw new Error(`Unsupported x-frame-options in infra/security-headers.ts: ${value}`);
  return match;
};

/** The SPA in a private bucket behind CloudFront, with the API under /api on the same origin. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    for (const file of [SHELL_FILE, ...Object.values(DRAWN_PAGES)]) {
      if (!existsSync(path.join(props.webAssetDir, file))) throw new Error(`No ${file} in ${props.webAssetDir}: run npm run build:web first.`);
    }
    const autoDeleteObjects = !config.isProd;

    const logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects,
    });
    Validations.of(logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket for the site bucket and the distribution; logging it into itself would loop.',
    });

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      removalPolicy: config.removalPolicy,
      autoDeleteObjects,
    });

    // The same host the JWT authorizer's issuer names; a literal region whenever the stack has an env.
    const cognitoEndpoint = `https://cognito-idp.${this.region}.amazonaws.com`;
    // The bulk-upload page sends its file with XMLHttpRequest to the presigned POST's URL, the upload bucket's regional
    // host (infra/stacks/upload-stack.ts), known by its name so that this stack needs no reference to the Upload stack.
    const uploadBucket = uploadBucketOrigin(config, this.region);
    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Options Academy security headers (${config.stage})`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy([cognitoEndpoint, uploadBucket]), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: frameOption(STATIC_SECURITY_HEADERS['x-frame-options']), override: true },
        referrerPolicy: { referrerPolicy: referrerPolicy(STATIC_SECURITY_HEADERS['referrer-policy']), override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: STATIC_SECURITY_HEADERS['permissions-policy'], override: true }],
      },
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      // A dynamic reference, resolved by CloudFormation at deploy time: the value is never in the template.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
    });
    // Public chain reads: cached at the edge for as long as the API's Cache-Control says, never over a minute.
    const marketCache = new cloudfront.CachePolicy(this, 'MarketCache', {
      comment: 'Public market reads: origin Cache-Control, at most 60 s, query string in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(60),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    // The end-of-day analysis reads (issue 22): cached for as long as the API says, which is until the next ingestion.
    const analysisCache = new cloudfront.CachePolicy(this, 'AnalysisCache', {
      comment: 'Public end-of-day analysis reads: origin Cache-Control (until the next ingestion), at most a day',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const analysisRead: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy: analysisCache,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    };

    const uncachedApi: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
    };

    const cachedPublicReads: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      cachePolicy: marketCache,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    };

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Options Academy (${config.stage})`,
      // The rate limits of functions/rate-limits.ts, enforced at the edge before a request reaches the API.
      webAclId: this.edgeWebAclArn(config, props.edgeWebAclParameter),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'SpaRouting', {
              runtime: cloudfront.FunctionRuntime.JS_2_0,
              comment: 'Serve index.html for client-side routes',
              code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_CODE),
            }),
          },
        ],
      },
      additionalBehaviors: {
        // The writes under /api/market/ (Sync Data) need POST and the learner's Authorization header, which a
        // caching behaviour neither allows nor forwards: each gets an uncached behaviour of its own, listed first
        // because CloudFront takes the first pattern that matches (issue 16).
        ...Object.fromEntries(marketWritePatterns().map((pattern) => [pattern, uncachedApi])),
        '/api/market/*': cachedPublicReads,
        // The analysis pages' public end-of-day reads are cached until the next ingestion, as the API's Cache-Control
        // says (issue 22); the screener's POST and the learner's saved screens go uncached, with the Authorization header.
        ...Object.fromEntries(uncachedPatternsUnder('/api/analysis/').map((pattern) => [pattern, uncachedApi])),
        '/api/analysis/*': analysisRead,
        // With caching disabled, the AllViewerExceptHostHeader policy forwards Authorization, which the
        // JWT authorizer needs; the Host header is dropped because API Gateway routes on its own host name.
        '/api/*': uncachedApi,
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'An education site open to learners in every country; there is no jurisdiction to exclude.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum TLS policy; a custom domain with a TLSv1.2_2021 policy comes with the production domain name.',
      },
    );

    const runtimeConfig: RuntimeConfig = {
      stage: config.stage,
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
      emailVerification: true,
    };
    this.deploySite(config, props.webAssetDir, runtimeConfig);

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /**
   * The web ACL's ARN, read from us-east-1 at deploy time: AwsCustomResource calls SSM GetParameter there, the
   * documented way to pass a value between regions without CDK's cross-region references (which need both stacks'
   * regions at synth time; this app's stacks are environment-agnostic).
   */
  private edgeWebAclArn(config: StageConfig, parameterName: string): string {
    const logGroup = new logs.LogGroup(this, 'EdgeWebAclArnLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: config.removalPolicy });
    const reader = new cr.AwsCustomResource(this, 'EdgeWebAclArn', {
      onUpdate: {
        service: 'SSM',
        action: 'getParameter',
        parameters: { Name: parameterName },
        region: EDGE_REGION,
        physicalResourceId: cr.PhysicalResourceId.of(parameterName),
      },
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({
        resources: [`arn:${Aws.PARTITION}:ssm:${EDGE_REGION}:${Aws.ACCOUNT_ID}:parameter${parameterName}`],
      }),
      installLatestAwsSdk: false,
      logGroup,
    });
    // The provider is a singleton CDK names after this UUID.
    const provider = this.node.findChild(`AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    Validations.of(provider.node.findChild('ServiceRole')).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason:
        "AwsCustomResource's provider Lambda (aws-cdk-lib's own, run only during deployments to read the web ACL's ARN) gets the basic execution policy from CDK, which offers no way to replace its role; its only other grant is ssm:GetParameter on the one parameter.",
    });
    return reader.getResponseField('Parameter.Value');
  }

  /**
   * Two passes over the same build: hashed assets cached for a year, then index.html, the drawn pages and config.json
   * with no-cache, so a new release is picked up on the next page load without an invalidation.
   */
  private deploySite(config: StageConfig, webAssetDir: string, runtimeConfig: RuntimeConfig): void {
    const deployment = new Construct(this, 'Deployment');
    const role = new iam.Role(deployment, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built SPA into the site bucket',
    });
    const logGroup = new logs.LogGroup(deployment, 'LogGroup', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: config.removalPolicy });
    logGroup.grantWrite(role);
    // The two pages name the hashed assets of their build, and the landing page's loader starts them: none is cached
    // past a release.
    const mutableFiles = [SHELL_FILE, ...Object.values(DRAWN_PAGES), LANDING_LOADER_FILE, 'config.json'];
    const assets = s3deploy.Source.asset(webAssetDir);

    const hashed = new s3deploy.BucketDeployment(deployment, 'Assets', {
      sources: [assets],
      destinationBucket: this.siteBucket,
      exclude: mutableFiles,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: true,
      role,
      logGroup,
      memoryLimit: 512,
    });
    const entry = new s3deploy.BucketDeployment(deployment, 'Entry', {
      sources: [assets, s3deploy.Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: mutableFiles,
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: false,
      role,
      logGroup,
      memoryLimit: 512,
    });
    entry.node.addDependency(hashed);

    const siteBucketArn = `<${this.getLogicalId(this.siteBucket.node.defaultChild as s3.CfnBucket)}.Arn>`;
    // The bootstrap asset bucket as cdk-nag prints it: placeholders without an env, literals with one.
    const qualifier = (this.synthesizer as Partial<DefaultStackSynthesizer>).bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const account = Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
    const region = Token.isUnresolved(this.region) ? '<AWS::Region>' : this.region;
    const assetBucket = `arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-${account}-${region}`;
    const grantReason =
      "BucketDeployment's own grants: read of the CDK asset bucket (the zipped build) and write/prune of the site bucket only; the wildcards are the object keys and the S3 action groups CDK grants for copy and prune.";
    Validations.of(role).acknowledge(
      ...[
        'Action::s3:GetObject*',
        'Action::s3:GetBucket*',
        'Action::s3:List*',
        'Action::s3:DeleteObject*',
        'Action::s3:Abort*',
        `Resource::${assetBucket}/*`,
        `Resource::${siteBucketArn}/*`,
      ].map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason: grantReason })),
    );
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          "The BucketDeployment handler's runtime is chosen by aws-cdk-lib (it ships the AWS CLI layer for it) and is not configurable; it runs only during deployments.",
      });
    }
  }
}

/**
 * CloudFront path patterns of the routes under a prefix that are not public reads (writes, and reads that need sign-in),
 * most specific first; a path parameter becomes `*`.
 */
export function uncachedPatternsUnder(prefix: string): string[] {
  const paths = routes.filter((r) => !(r.routeKey.startsWith('GET ') && r.auth === 'public')).map((r) => r.routeKey.split(' ')[1]!);
  return [...new Set(paths.filter((p) => p.startsWith(prefix)).map((p) => p.replace(/\{[^}]+\}/g, '*')))];
}

/** CloudFront path patterns of the routes under /api/market/ that are not reads (a path parameter becomes `*`). */
export function marketWritePatterns(): string[] {
  const paths = routes.filter((r) => !r.routeKey.startsWith('GET ')).map((r) => r.routeKey.split(' ')[1]!);
  return [...new Set(paths.filter((p) => p.startsWith('/api/market/')).map((p) => p.replace(/\{[^}]+\}/g, '*')))];
}
