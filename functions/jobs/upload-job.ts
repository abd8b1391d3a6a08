import { Readable } from 'node:stream';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { CsvError, parse } from 'csv-parse';
import { newYorkDate } from '@shared/market/dates';
import { FILE_MESSAGES, looksBinary } from '@shared/uploads/file-checks';
import type { UploadProgress } from '@shared/uploads/report';
import { UPLOAD_LIMITS } from '@shared/uploads/rows';
import { importRows, type ImportDeps } from '@shared/uploads/use-cases/import-rows';
import type { UploadProgressStore } from '@shared/uploads/uploads.port';
import { logger, metrics } from '../commons/powertools';
import { uploadJobDeps } from '../wiring/uploads';

/** The part of an S3 ObjectCreated notification the job reads (AWS, "Event message structure"). */
export interface S3CreatedEvent {
  Records: { eventName: string; s3: { bucket: { name: string }; object: { key: string; size?: number } } }[];
}

export interface UploadJobDeps extends Omit<ImportDeps, 'saveProgress'> {
  progress: UploadProgressStore;
  open: (bucket: string, key: string) => Promise<{ size: number; body: AsyncIterable<Uint8Array> }>;
  uploadIdOfKey: (key: string) => string | null;
  now: () => Date;
  /** `UploadFailed` = 1 when a job ends without finishing its file for a reason of ours (never for a refused file). */
  failed: () => void;
}

/** Bytes looked at before parsing, to refuse a binary file whole. */
const SNIFF_BYTES = 8192;

/**
 * The upload job: started by the bucket's ObjectCreated event, it streams the file through csv-parse (one record at
 * a time, so memory does not grow with the file) into the import use case, saving the progress as it goes. A file the
 * operator must fix (too large, binary, not CSV, a wrong header) ends `failed` with the reason and stores nothing
 * wrong; an error of ours ends `failed` with where it stopped and emits `UploadFailed`. The report is kept 30 days.
 */
export function makeUploadJob(deps: UploadJobDeps) {
  const finish = async (p: UploadProgress) => {
    const ended = { ...p, finishedAt: deps.now().toISOString() };
    await deps.progress.save(ended, Math.floor(deps.now().getTime() / 1000) + UPLOAD_LIMITS.reportDays * 86_400);
    return ended;
  };

  async function runOne(bucket: string, key: string): Promise<UploadProgress | null> {
    const uploadId = deps.uploadIdOfKey(key);
    const started = uploadId ? await deps.progress.get(uploadId) : null;
    // An object not announced through POST /api/admin/uploads, or an event delivered again for a started upload.
    if (!started || started.state !== 'waiting') {
      logger.warn('upload event ignored', { key, state: started?.state ?? 'unknown' });
      return null;
    }
    let p: UploadProgress = { ...started, state: 'running', startedAt: deps.now().toISOString() };
    await deps.progress.save(p);
    try {
      const file = await deps.open(bucket, key);
      if (file.size > UPLOAD_LIMITS.maxBytes) return await finish({ ...p, state: 'failed', message: FILE_MESSAGES.tooLarge(file.size) });
      if (file.size === 0) return await finish({ ...p, state: 'failed', message: FILE_MESSAGES.empty });
      const { head, rest } = await sniff(file.body);
      if (looksBinary(head)) return await finish({ ...p, state: 'failed', message: FILE_MESSAGES.binary });
      const parser = Readable.from(rest).pipe(
        parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: UPLOAD_LIMITS.maxRecordBytes }),
      );
      p = await importRows({ ...deps, saveProgress: (q) => deps.progress.save(q) }, p, parser as AsyncIterable<string[]>, newYorkDate(deps.now()));
      return await finish(p);
    } catch (err) {
      if (err instanceof CsvError) {
        // The parser reads ahead of the rows taken: its own line count (the header is line 1) names the row.
        const line = typeof (err as { lines?: unknown }).lines === 'number' ? (err as unknown as { lines: number }).lines : p.rowsRead + 2;
        const message = err.code === 'CSV_MAX_RECORD_SIZE' ? FILE_MESSAGES.lineTooLong(line - 1) : FILE_MESSAGES.notCsv(err.message);
        return await finish({ ...p, state: 'failed', message });
      }
      logger.error('upload job failed', { uploadId, error: err as Error });
      deps.failed();
      return await finish({ ...p, state: 'failed', message: FILE_MESSAGES.stopped(p.rowsRead) });
    }
  }

  return async (event: S3CreatedEvent): Promise<(UploadProgress | null)[]> => {
    const done: (UploadProgress | null)[] = [];
    for (const r of event.Records ?? []) {
      if (!r.eventName.startsWith('ObjectCreated')) continue;
      // Keys in S3 notifications are URL-encoded, spaces as '+'.
      const key = decodeURIComponent(r.s3.object.key.replace(/\+/g, ' '));
      done.push(await runOne(r.s3.bucket.name, key));
    }
    return done;
  };
}

/** The first bytes of a stream (for the binary check) and the whole stream again, those bytes first. */
async function sniff(body: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; rest: AsyncIterable<Uint8Array> }> {
  const it = body[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(taken).subarray(0, SNIFF_BYTES);
  async function* rest() {
    for (const chunk of taken) yield chunk;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, rest: rest() };
}

export const handler = makeUploadJob({
  ...uploadJobDeps(),
  now: () => new Date(),
  failed: () => {
    metrics.addMetric('UploadFailed', MetricUnit.Count, 1);
    metrics.publishStoredMetrics();
  },
});
