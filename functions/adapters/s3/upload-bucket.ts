import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { UPLOAD_LIMITS } from '@shared/uploads/rows';
import { traced } from '../../commons/powertools';

/**
 * The upload bucket (private; infra/stacks/upload-stack.ts): the browser sends a file straight to it with a presigned
 * POST, and its ObjectCreated event starts the upload job. Locally AWS_ENDPOINT_URL_S3 points the client at the local
 * S3 (s3rver), addressed by path as it has no bucket host names.
 */
let cached: S3Client | undefined;
export function s3Client(): S3Client {
  cached ??= traced(new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }));
  return cached;
}

export const uploadBucket = (): string => {
  const name = process.env.UPLOAD_BUCKET;
  if (!name) throw new Error('UPLOAD_BUCKET is not set');
  return name;
};

/** The object key of an upload's file: the job finds the upload's progress item from it. */
export const uploadKey = (uploadId: string): string => `incoming/${uploadId}.csv`;
export const uploadIdOfKey = (key: string): string | null => /^incoming\/([A-Za-z0-9-]{8,64})\.csv$/.exec(key)?.[1] ?? null;

/** The content type the policy demands; the page sends it as the form's Content-Type field. */
export const UPLOAD_CONTENT_TYPE = 'text/csv';
const POST_SECONDS = 15 * 60;

/**
 * A presigned POST for one file: the policy fixes the key, bounds the size to 1 byte … 50 MB (content-length-range)
 * and demands the text/csv content type, so S3 itself refuses anything else (AWS, "Creating a POST policy").
 */
export async function presignUpload(uploadId: string, now: Date, client = s3Client(), bucket = uploadBucket()) {
  const { url, fields } = await createPresignedPost(client, {
    Bucket: bucket,
    Key: uploadKey(uploadId),
    Conditions: [
      ['content-length-range', 1, UPLOAD_LIMITS.maxBytes],
      ['eq', '$Content-Type', UPLOAD_CONTENT_TYPE],
    ],
    Fields: { 'Content-Type': UPLOAD_CONTENT_TYPE },
    Expires: POST_SECONDS,
  });
  return { url, fields, expiresAt: new Date(now.getTime() + POST_SECONDS * 1000).toISOString() };
}

/** The stored file: its size and its bytes as a stream. */
export async function openUpload(bucket: string, key: string, client = s3Client()): Promise<{ size: number; body: AsyncIterable<Uint8Array> }> {
  const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!out.Body) throw new Error(`s3://${bucket}/${key} has no body`);
  return { size: out.ContentLength ?? 0, body: out.Body as Readable };
}
