import { S3Client } from '@aws-sdk/client-s3';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { presignUpload, uploadIdOfKey, uploadKey } from '../../functions/adapters/s3/upload-bucket';
import { uploadJobFunction } from '../../functions/routes';
import { stageConfig, UPLOAD_KEY_PREFIX, uploadBucketName, uploadBucketOrigin } from '../../infra/config';
import type { OptionsAcademyStacks } from '../../infra/options-academy';
import { INCOMING_RETENTION_DAYS } from '../../infra/stacks/upload-stack';
import { buildTestApp, importOf, logicalIdOf } from './helpers';

type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

/** The pseudo parameters a template leaves to CloudFormation, filled in as it would for one account. */
function resolveFor(stack: Stack, value: string, account: string): string {
  const resolved = stack.resolve(value) as string | { 'Fn::Join': [string, unknown[]] };
  if (typeof resolved === 'string') return resolved;
  return resolved['Fn::Join'][1].map((p) => (typeof p === 'string' ? p : (p as { Ref?: string }).Ref === 'AWS::AccountId' ? account : '?')).join('');
}

const statementsOf = (template: Template, roleLogicalId: string): Statement[] =>
  Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleLogicalId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);

describe('UploadStack', () => {
  let stacks: OptionsAcademyStacks;
  let template: Template;
  const bucketName = { 'Fn::Join': ['', ['options-academy-dev-uploads-', { Ref: 'AWS::AccountId' }]] };
  const incomingArn = { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':s3:::options-academy-dev-uploads-', { Ref: 'AWS::AccountId' }, '/incoming/*']] };
  beforeAll(() => {
    stacks = buildTestApp().stacks;
    template = Template.fromStack(stacks.upload);
  });

  it('keeps the upload bucket private, encrypted, TLS-only, unversioned and logged, under the name the API and the CSP use', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketName,
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      VersioningConfiguration: Match.absent(),
      LoggingConfiguration: { DestinationBucketName: { Ref: logicalIdOf(stacks.upload.logsBucket) }, LogFilePrefix: 's3/uploads/' },
    });
    expect(Stack.of(stacks.upload).resolve(uploadBucketName(stageConfig('dev')))).toEqual(bucketName);
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalIdOf(stacks.upload.bucket) },
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('expires incoming files after 30 days, and only those', () => {
    expect(INCOMING_RETENTION_DAYS).toBe(30);
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketName,
      LifecycleConfiguration: { Rules: [Match.objectLike({ Prefix: UPLOAD_KEY_PREFIX, ExpirationInDays: 30, Status: 'Enabled' })] },
    });
    // The key the uploads function signs for is one the rule, the grants and the event filter cover.
    expect(uploadKey('0f8e6c2a-1b2c-4d5e-9f00-112233445566').startsWith(UPLOAD_KEY_PREFIX)).toBe(true);
    expect(uploadIdOfKey(uploadKey('0f8e6c2a-1b2c-4d5e-9f00-112233445566'))).toBe('0f8e6c2a-1b2c-4d5e-9f00-112233445566');
  });

  it("accepts the browser's POST from the site's origin only", () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketName: bucketName,
      CorsConfiguration: {
        CorsRules: [
          {
            AllowedMethods: ['POST'],
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', importOf(stacks.web.distribution)]] }],
            AllowedHeaders: ['*'],
            MaxAge: 3000,
          },
        ],
      },
    });
  });

  it('is emptied and deleted with a dev stage, kept in prod', () => {
    template.hasResource('AWS::S3::Bucket', { Properties: Match.objectLike({ BucketName: bucketName }), DeletionPolicy: 'Delete' });
    template.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
    const prod = Template.fromStack(buildTestApp({ stage: 'prod' }).stacks.upload);
    prod.hasResource('AWS::S3::Bucket', { Properties: Match.objectLike({ BucketName: Match.anyValue() }), DeletionPolicy: 'Retain' });
    prod.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it('starts the upload job from functions/routes.ts on ObjectCreated under incoming/, its failures parked in a dead-letter queue', () => {
    const job = logicalIdOf(stacks.upload.job.fn);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: uploadJobFunction.description,
      MemorySize: uploadJobFunction.memoryMb,
      Timeout: uploadJobFunction.timeoutSeconds,
      Environment: { Variables: Match.objectLike({ UPLOAD_BUCKET: bucketName, TABLE_NAME: importOf(stacks.data.table) }) },
    });
    template.hasResourceProperties('Custom::S3BucketNotifications', {
      BucketName: { Ref: logicalIdOf(stacks.upload.bucket) },
      NotificationConfiguration: {
        LambdaFunctionConfigurations: [
          {
            Events: ['s3:ObjectCreated:*'],
            Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: UPLOAD_KEY_PREFIX }] } },
            LambdaFunctionArn: { 'Fn::GetAtt': [job, 'Arn'] },
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 's3.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [job, 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [logicalIdOf(stacks.upload.bucket), 'Arn'] },
    });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: job },
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalIdOf(stacks.upload.deadLetters), 'Arn'] } } },
    });
  });

  it('lets the job read incoming files and nothing else of the bucket', () => {
    const s3 = statementsOf(template, logicalIdOf(stacks.upload.job.role)).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(s3).toEqual([{ Effect: 'Allow', Action: 's3:GetObject', Resource: incomingArn }]);
  });

  it('lets the uploads function sign POSTs of incoming files (s3:PutObject there only), with UPLOAD_BUCKET', () => {
    const api = Template.fromStack(stacks.api);
    const uploads = stacks.api.functions.get('uploads')!;
    const s3 = statementsOf(api, logicalIdOf(uploads.role)).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(s3).toEqual([{ Effect: 'Allow', Action: 's3:PutObject', Resource: incomingArn }]);
    api.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Role: { 'Fn::GetAtt': [logicalIdOf(uploads.role), 'Arn'] },
      Environment: { Variables: Match.objectLike({ UPLOAD_BUCKET: bucketName }) },
    });
    // No other function of the API touches the bucket.
    const others = [...stacks.api.functions].filter(([id]) => id !== 'uploads');
    for (const [id, fn] of others) {
      const any = statementsOf(api, logicalIdOf(fn.role)).filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
      expect(any, id).toEqual([]);
    }
  });

  it("allows the presigned POST's URL in the site's CSP: the bucket's regional host", async () => {
    const region = 'eu-west-1';
    const account = '123456789012';
    const config = stageConfig('dev');
    const client = new S3Client({ region, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
    const { url } = await presignUpload(
      '0f8e6c2a-1b2c-4d5e-9f00-112233445566',
      new Date(),
      client,
      resolveFor(stacks.upload, uploadBucketName(config), account),
    );
    expect(new URL(url).origin).toBe(resolveFor(stacks.upload, uploadBucketOrigin(config, region), account));
  });
});
