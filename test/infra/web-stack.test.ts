import { ORIGIN_VERIFY_HEADER } from '../../functions/origin';
import { routes } from '../../functions/routes';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { contentSecurityPolicy, STATIC_SECURITY_HEADERS } from '../../infra/security-headers';
import { uploadBucketOrigin, stageConfig } from '../../infra/config';
import { buildTestApp, importOf, logicalIdOf } from './helpers';

const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const REGION = 'eu-west-1';

describe('WebStack', () => {
  let stacks: OptionsAcademyStacks;
  let template: Template;
  let assemblyDir: string;
  beforeAll(() => {
    const built = buildTestApp({ env: { account: '123456789012', region: REGION } });
    stacks = built.stacks;
    assemblyDir = built.app.synth().directory;
    template = Template.fromStack(stacks.web);
  });

  it('keeps the site bucket private, encrypted, TLS-only and logged', () => {
    const bucket = logicalIdOf(stacks.web.siteBucket);
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: Match.anyValue(), LogFilePrefix: 's3/site/' },
      WebsiteConfiguration: Match.absent(),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucket },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          // Only this distribution, through Origin Access Control, reads objects.
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('sends the CSP from infra/security-headers.ts (Cognito and the upload bucket allowed for connect-src) plus HSTS, nosniff, DENY and the referrer policy', () => {
    // The bucket's host carries the account as a pseudo parameter (infra/config.ts uploadBucketName): resolved by CloudFormation.
    const csp = Stack.of(stacks.web).resolve(
      contentSecurityPolicy([`https://cognito-idp.${REGION}.amazonaws.com`, uploadBucketOrigin(stageConfig('dev'), REGION)]),
    ) as unknown;
    expect(JSON.stringify(csp)).toContain(`.s3.${REGION}.amazonaws.com`);
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: csp, Override: true },
          StrictTransportSecurity: { AccessControlMaxAgeSec: Match.anyValue(), IncludeSubdomains: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: STATIC_SECURITY_HEADERS['referrer-policy'], Override: true },
        },
        CustomHeadersConfig: { Items: [{ Header: 'Permissions-Policy', Value: STATIC_SECURITY_HEADERS['permissions-policy'], Override: true }] },
      },
    });
  });

  it('serves the SPA from S3 with index.html as root and for client-side routes', () => {
    const headers = { Ref: logicalIdOf(stacks.web.responseHeadersPolicy) };
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: headers,
          FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: Match.anyValue() }],
        }),
        // No distribution-wide error pages: they would turn the API's own 403/404 into index.html.
        CustomErrorResponses: Match.absent(),
      }),
    });
    const fn = Object.values(template.findResources('AWS::CloudFront::Function'))[0] as { Properties: { FunctionCode: string } };
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/learn/options-basics' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/app/optionschain' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/optionschain/x' } }).uri).toBe('/index.html');
    // The landing page and the public chain have files of their own, drawn at build time; no other route is served them.
    expect(handler({ request: { uri: '/' } }).uri).toBe('/landing.html');
    expect(handler({ request: { uri: '/optionschain' } }).uri).toBe('/optionschain.html');
    expect(handler({ request: { uri: '/constructor' } }).uri).toBe('/index.html');
    expect(handler({ request: { uri: '/assets/index-abc123.js' } }).uri).toBe('/assets/index-abc123.js');
    expect(handler({ request: { uri: '/config.json' } }).uri).toBe('/config.json');
  });

  it('caches the public end-of-day analysis reads for as long as the API says (until the next ingestion), at most a day, GET only', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { CacheBehaviors: Record<string, unknown>[] } };
    };
    // Every public GET under /api/analysis/ (summary, sentiment, events, regime, heatmap, arbitrage, surface) meets this one.
    const analysis = distribution.Properties.DistributionConfig.CacheBehaviors.find((b) => b.PathPattern === '/api/analysis/*');
    expect(analysis).toMatchObject({ AllowedMethods: ['GET', 'HEAD', 'OPTIONS'], CachePolicyId: expect.anything() });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 86400 }),
    });
  });

  it('sends /api/* to the HTTP API uncached with the viewer headers (Authorization included), and caches /api/market/* up to 60 s', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { CacheBehaviors: Record<string, unknown>[]; Origins: Record<string, unknown>[] } };
    };
    const { CacheBehaviors: behaviors, Origins: origins } = distribution.Properties.DistributionConfig;
    expect(behaviors.map((b) => b.PathPattern)).toEqual([
      '/api/market/sync',
      '/api/market/*',
      '/api/analysis/screener',
      '/api/analysis/screener/screens',
      '/api/analysis/screener/screens/*',
      '/api/analysis/*',
      '/api/*',
    ]);
    // The analysis pages' public reads are cached until the next ingestion (their own policy, up to a day); the
    // screener's POST and saved screens are not.
    expect(behaviors[5]).toMatchObject({ AllowedMethods: ['GET', 'HEAD', 'OPTIONS'] });
    expect(behaviors[5]!.CachePolicyId).not.toEqual(behaviors[1]!.CachePolicyId);
    expect(behaviors[5]!.CachePolicyId).not.toEqual(CACHING_DISABLED);
    for (const i of [2, 3, 4]) expect(behaviors[i]).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    expect(behaviors[6]).toMatchObject({
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(behaviors[1]).toMatchObject({ AllowedMethods: ['GET', 'HEAD', 'OPTIONS'], OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER });
    template.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        MinTTL: 0,
        DefaultTTL: 0,
        MaxTTL: 60,
        ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({ QueryStringsConfig: { QueryStringBehavior: 'all' } }),
      }),
    });
    const apiOrigin = origins.find((o) => o.Id === behaviors[6]!.TargetOriginId);
    expect(apiOrigin).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only' },
      DomainName: { 'Fn::Select': [2, { 'Fn::Split': ['/', expect.objectContaining({ 'Fn::ImportValue': expect.stringContaining('ApiEndpoint') })] }] },
    });
  });

  it("adds the origin header to every request for the API, its value a reference to the Api stack's secret resolved at deploy time", () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: {
        DistributionConfig: { Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[]; S3OriginConfig?: unknown }[] };
      };
    };
    const apiOrigins = distribution.Properties.DistributionConfig.Origins.filter((o) => !o.S3OriginConfig && !('OriginAccessControlId' in o));
    expect(apiOrigins.length).toBeGreaterThan(0);
    for (const origin of apiOrigins) {
      const header = origin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
      const value = JSON.stringify(header?.HeaderValue);
      expect(value, origin.Id).toContain('{{resolve:secretsmanager:');
      expect(value).toContain(logicalIdOf(stacks.api.originVerifySecret));
    }
  });

  it('reaches every route of functions/routes.ts through the distribution with its method, and a signed-in route with its Authorization header', () => {
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: { CacheBehaviors: { PathPattern: string; AllowedMethods: string[]; CachePolicyId: unknown }[] } };
    };
    const behaviors = distribution.Properties.DistributionConfig.CacheBehaviors;
    // CloudFront path patterns: * matches any run of characters; the first behaviour that matches wins.
    const matches = (pattern: string, path: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path);
    for (const route of routes) {
      const [method, template] = route.routeKey.split(' ') as [string, string];
      const path = template.replace(/\{[^}]+\}/g, 'x1');
      const behavior = behaviors.find((b) => matches(b.PathPattern, path));
      expect(behavior, route.routeKey).toBeDefined();
      expect(behavior!.AllowedMethods, route.routeKey).toContain(method);
      if (route.auth !== 'public') expect(behavior!.CachePolicyId, `${route.routeKey} must reach the API with its Authorization header`).toBe(CACHING_DISABLED);
    }
  });

  it('deploys the build and a config.json with the real pool ids and SRP sign-in', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['index.html', 'landing.html', 'optionschain.html', 'paint-first.js', 'config.json'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      SourceMarkers: Match.arrayWith([
        Match.objectLike({
          '<<marker:0xbaba:0>>': importOf(stacks.auth.userPool),
          '<<marker:0xbaba:1>>': importOf(stacks.auth.userPoolClient),
        }),
      ]),
    });
    // The pages name their build's hashed assets and the loader starts them: never cached for a year with the assets.
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['index.html', 'landing.html', 'optionschain.html', 'paint-first.js', 'config.json'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
    const configDir = readdirSync(assemblyDir)
      .map((d) => path.join(assemblyDir, d))
      .find((d) => existsSync(path.join(d, 'config.json')));
    const config = JSON.parse(readFileSync(path.join(configDir!, 'config.json'), 'utf8'));
    expect(config).toEqual({
      stage: 'dev',
      region: REGION,
      userPoolId: '<<marker:0xbaba:0>>',
      userPoolClientId: '<<marker:0xbaba:1>>',
      authFlowType: 'USER_SRP_AUTH',
      emailVerification: true,
    });
    expect(config).not.toHaveProperty('userPoolEndpoint');
  });

  it('refuses to synthesize without a built SPA', () => {
    expect(() => buildTestApp({ webAssetDir: '/nonexistent/web/dist' })).toThrow(/run npm run build:web first/);
  });
});
