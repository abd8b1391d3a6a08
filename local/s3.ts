import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lambdaContext, loadHandler } from './handlers';
import { LOOPBACK } from './ports';
import { uploadJobFunction } from '../functions/routes';
import type { S3CreatedEvent } from '../functions/jobs/upload-job';

/** The bucket the local stack makes for bulk uploads (in AWS, infra/stacks/upload-stack.ts makes a private one). */
export const LOCAL_UPLOAD_BUCKET = 'options-academy-uploads-local';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  on(event: 'event', listener: (event: S3CreatedEvent) => void): void;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const require = createRequire(import.meta.url);

export interface RunningLocalS3 {
  endpoint: string;
  bucket: string;
  /** Resolves when every upload job started so far has ended (tests and the bench wait on it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The local S3 (s3rver, an S3-compatible server on the file system): one bucket for uploads, CORS open to the site's
 * origin for the browser's presigned POST, and its ObjectCreated events calling the same upload job handler the S3
 * event notification calls in AWS. s3rver does not check a POST's policy (size, content type): the job checks the
 * stored file's size itself, and the policy is tested against AWS's rules in the route's unit test.
 */
export async function startLocalS3(opts: {
  port: number;
  dataDir: string;
  siteOrigins: readonly string[];
  log: (line: string) => void;
}): Promise<RunningLocalS3> {
  mkdirSync(opts.dataDir, { recursive: true });
  const S3rver = require('s3rver') as S3rverClass;
  // Requests are signed with the stack's local credentials; s3rver knows only the keys registered with it.
  const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  DUMMY_ACCOUNT.createKeyPair(process.env.AWS_ACCESS_KEY_ID ?? 'local', process.env.AWS_SECRET_ACCESS_KEY ?? 'local');
  const cors = `<CORSConfiguration><CORSRule>${opts.siteOrigins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}<AllowedMethod>POST</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    port: opts.port,
    address: LOOPBACK,
    directory: opts.dataDir,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: LOCAL_UPLOAD_BUCKET, configs: [cors] }],
  });

  const running = new Set<Promise<unknown>>();
  server.on('event', (event) => {
    if (!event.Records?.some((r) => r.eventName.startsWith('ObjectCreated'))) return;
    const job = (async () => {
      const handler = await loadHandler<(e: S3CreatedEvent, c: unknown) => Promise<unknown>>(uploadJobFunction.file);
      await handler(event, lambdaContext(uploadJobFunction.id, `s3-${Date.now()}`, (uploadJobFunction.timeoutSeconds ?? 900) * 1000));
    })().catch((err: Error) => opts.log(`upload job failed: ${err.stack ?? err.message}`));
    running.add(job);
    void job.finally(() => running.delete(job));
  });
  await server.run();
  return {
    endpoint: `http://${LOOPBACK}:${opts.port}`,
    bucket: LOCAL_UPLOAD_BUCKET,
    idle: async () => {
      while (running.size) await Promise.all([...running]);
    },
    stop: () => server.close(),
  };
}
