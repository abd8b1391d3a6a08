import { CfnOutput, Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as events from 'aws-cdk-lib/aws-events';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { uploadJobFunction, type FunctionDefinition } from '../../functions/routes';
import { UPLOAD_KEY_PREFIX, uploadBucketName, type StageConfig } from '../config';
import { AppFunction } from '../constructs/app-function';
import { deadLetterQueue } from '../constructs/dead-letter-queue';

export interface UploadStackProps extends StackProps {
  config: StageConfig;
  table: dynamodb.ITableV2;
  bus: events.IEventBus;
  /** The site's origins (`https://<distribution>.cloudfront.net`): the browser POSTs the files from there. */
  siteOrigins: readonly string[];
  /** Defaults to functions/routes.ts `uploadJobFunction`. */
  job?: FunctionDefinition;
}

/** Incoming files are kept this long: the job reads each once, minutes after it arrives; the report outlives it in the table. */
export const INCOMING_RETENTION_DAYS = 30;

/**
 * Bulk upload in AWS: the private bucket the browser sends CSV files to with a presigned POST (signed by the uploads
 * function, functions/http/uploads.ts), and the upload job its ObjectCreated events start. After the Web stack, whose
 * origin the bucket's CORS names; the API and Web stacks know the bucket by its name (infra/config.ts).
 */
export class UploadStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  readonly job: AppFunction;
  /** Where Lambda parks the ObjectCreated events whose job it could not run. */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: UploadStackProps) {
    super(scope, id, props);
    const { config } = props;
    const autoDeleteObjects = !config.isProd;

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // S3 server access logging writes with the log-delivery ACL, which CDK sets with object-writer ownership.
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: "This is the access-log bucket of the upload bucket; logging it into itself would loop (the Web stack's log bucket does the same).",
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      bucketName: uploadBucketName(config),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/uploads/',
      lifecycleRules: [
        {
          id: 'ExpireIncoming',
          prefix: UPLOAD_KEY_PREFIX,
          expiration: Duration.days(INCOMING_RETENTION_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      // The presigned POST (a multipart/form-data form) from the site, which reads S3's answer for its progress bar.
      cors: [{ allowedOrigins: [...props.siteOrigins], allowedMethods: [s3.HttpMethods.POST], allowedHeaders: ['*'], maxAge: 3000 }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects,
    });

    const def = props.job ?? uploadJobFunction;
    this.job = new AppFunction(this, def.id, {
      file: def.file,
      description: def.description,
      config,
      memoryMb: def.memoryMb,
      timeoutSeconds: def.timeoutSeconds,
    });
    this.job.applyAccess(def.access, { table: props.table, bus: props.bus, secretPrefix: config.secretPrefix });

    // S3 invokes the job asynchronously: Lambda's retries, then the event parked here for a look and a redrive.
    this.deadLetters = deadLetterQueue(this, 'UploadJobDeadLetters');
    this.job.fn.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(this.deadLetters) });
    this.bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.job.fn), { prefix: UPLOAD_KEY_PREFIX });

    // CDK's BucketNotificationsHandler, a singleton Lambda that sets the notification at deployment time.
    const handler = this.node.tryFindChild('BucketNotificationsHandler050a0587b7544547bf325f094a3db834');
    const handlerRole = handler?.node.tryFindChild('Role');
    if (handlerRole) {
      Validations.of(handlerRole).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            "The role of aws-cdk-lib's BucketNotificationsHandler (run only during deployments to set the bucket's event notification) gets the basic execution policy from CDK, which offers no way to replace it.",
        },
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            "aws-cdk-lib's BucketNotificationsHandler is granted s3:PutBucketNotification on * by CDK (one handler serves every bucket of a stack); it runs only during deployments and does nothing else.",
        },
      );
    }

    new CfnOutput(this, 'UploadBucketName', { value: this.bucket.bucketName });
  }
}
