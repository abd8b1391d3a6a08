import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { presignUpload, uploadIdOfKey, uploadKey } from '../../../../functions/adapters/s3/upload-bucket';

const client = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });

describe('the presigned POST of an upload', () => {
  it('fixes the key and bounds the size to 50 MB and the type to text/csv in its policy', async () => {
    const now = new Date('2026-11-27T15:00:00Z');
    const post = await presignUpload('01TESTUPLOAD', now, client, 'uploads-bucket');
    expect(post.url).toContain('uploads-bucket');
    expect(post.fields).toMatchObject({ key: 'incoming/01TESTUPLOAD.csv', 'Content-Type': 'text/csv' });
    const policy = JSON.parse(Buffer.from(post.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[]; expiration: string };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 50 * 1024 * 1024],
        ['eq', '$Content-Type', 'text/csv'],
        { bucket: 'uploads-bucket' },
        { key: 'incoming/01TESTUPLOAD.csv' },
      ]),
    );
    expect(post.expiresAt).toBe('2026-11-27T15:15:00.000Z');
  });

  it('finds the upload from the object key, and nothing from another key', () => {
    expect(uploadIdOfKey(uploadKey('01TESTUPLOAD'))).toBe('01TESTUPLOAD');
    expect(uploadIdOfKey('incoming/../x.csv')).toBeNull();
  });
});
