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
      const memory = sampleMemory();
      const began = Date.now();
      await handler(event, lambdaContext(uploadJobFunction.id, `s3-${Date.now()}`, (uploadJobFunction.timeoutSeconds ?? 900) * 1000));
      const m = memory.stop();
      // The bench (bench/upload.ts) reads this line: the job's time and how far this process's memory grew while it ran.
      opts.log(
        `upload job ${event.Records[0]?.s3.object.key}: ${((Date.now() - began) / 1000).toFixed(1)} s, heap +${m.heapMb.toFixed(0)} MB (peak ${m.peakHeapMb.toFixed(0)} MB), rss +${m.rssMb.toFixed(0)} MB (peak ${m.peakRssMb.toFixed(0)} MB)`,
      );
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

/**
 * The growth of this process's memory while a job runs, sampled every 100 ms: the heap in use and the resident set,
 * each as its peak above what it was when the job started. The job shares the process with the gateway and the other
 * stand-ins, so the growth, not the total, is the job's.
 */
function sampleMemory() {
  const mb = (n: number) => n / 1024 / 1024;
  const start = process.memoryUsage();
  let peakHeap = start.heapUsed;
  let peakRss = start.rss;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { heapMb: mb(peakHeap - start.heapUsed), peakHeapMb: mb(peakHeap), rssMb: mb(peakRss - start.rss), peakRssMb: mb(peakRss) };
    },
  };
}
