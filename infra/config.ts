import { Aws, RemovalPolicy } from 'aws-cdk-lib';

/** Everything that differs between stages, decided in one place. */
export interface StageConfig {
  stage: string;
  isProd: boolean;
  /** Stateful resources (table, user pool, buckets) survive `cdk destroy` only in prod. */
  removalPolicy: RemovalPolicy;
  /** Prefix of every broker-key secret the API creates at runtime: `options-academy/<stage>`. */
  secretPrefix: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  version: string;
}

export const PROJECT = 'options-academy';
export const PROJECT_PASCAL = 'OptionsAcademy';

export function stageConfig(stage: string, version = 'dev'): StageConfig {
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use lowercase letters, digits and dashes (e.g. dev, staging, prod).`);
  }
  const isProd = stage === 'prod';
  return {
    stage,
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    secretPrefix: `${PROJECT}/${stage}`,
    logLevel: isProd ? 'INFO' : 'DEBUG',
    version,
  };
}

/** `OptionsAcademy-Dev-Data`. */
export function stackName(stage: string, part: string): string {
  const pascal = stage
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return `${PROJECT_PASCAL}-${pascal}-${part}`;
}

/** Physical names carry the stage so that several stages share one account. */
export const resourceName = (config: StageConfig, suffix?: string): string => (suffix ? `${PROJECT}-${config.stage}-${suffix}` : `${PROJECT}-${config.stage}`);

/**
 * The bulk-upload bucket's name, `options-academy-<stage>-uploads-<account>`: bucket names are global, so the account
 * makes it ours. Known without a reference to the bucket, so that the API stack (the presigning function's grant) and
 * the Web stack (the CSP) name it while the Upload stack, which needs the site's origin for its CORS, comes after them.
 * A pseudo parameter rather than the stack's env, so grants and their acknowledgments read the same with or without one.
 */
export const uploadBucketName = (config: StageConfig): string => `${resourceName(config, 'uploads')}-${Aws.ACCOUNT_ID}`;

/** The upload bucket's regional origin (`https://<bucket>.s3.<region>.amazonaws.com`): the URL of the presigned POST. */
export const uploadBucketOrigin = (config: StageConfig, region: string): string => `https://${uploadBucketName(config)}.s3.${region}.amazonaws.com`;

/** Where the browser's files land (functions/adapters/s3/upload-bucket.ts `uploadKey`); grants and the event filter name it. */
export const UPLOAD_KEY_PREFIX = 'incoming/';
