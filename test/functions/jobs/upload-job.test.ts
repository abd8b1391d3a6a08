import { describe, expect, it } from 'vitest';
import { makeUploadJob, type S3CreatedEvent } from '../../../functions/jobs/upload-job';
import { uploadIdOfKey, uploadKey } from '../../../functions/adapters/s3/upload-bucket';
import { newUpload, type UploadProgress } from '@shared/uploads/report';
import { STOCK_COLUMNS } from '@shared/uploads/rows';

const NOW = new Date('2026-11-27T15:00:00Z');

function harness(file: { size?: number; chunks: (string | Uint8Array)[] } | Error, kind: 'stock' | 'option' = 'stock') {
  const items = new Map<string, { p: UploadProgress; expiresAt?: number }>();
  const written: unknown[] = [];
  let failed = 0;
  const start = newUpload({ uploadId: '01TESTUPLOAD', kind, fileName: 'f.csv', size: 1, createdBy: 'op', createdAt: NOW.toISOString() });
  items.set(start.uploadId, { p: start });
  const job = makeUploadJob({
    progress: {
      create: async () => undefined,
      get: async (id) => items.get(id)?.p ?? null,
      save: async (p, expiresAt) => void items.set(p.uploadId, { p, expiresAt }),
      recent: async () => [],
    },
    bars: {
      existing: async () => new Map(),
      put: async (_k, _id, bars) => void written.push(...bars),
    },
    summaries: { putSummaries: async () => undefined, listSummaries: async () => [] },
    open: async () => {
      if (file instanceof Error) throw file;
      const bytes = file.chunks.map((c) => (typeof c === 'string' ? new TextEncoder().encode(c) : c));
      return {
        size: file.size ?? bytes.reduce((n, b) => n + b.length, 0),
        body: (async function* () {
          for (const b of bytes) yield b;
        })(),
      };
    },
    uploadIdOfKey,
    now: () => NOW,
    failed: () => void failed++,
  });
  const event: S3CreatedEvent = { Records: [{ eventName: 'ObjectCreated:Post', s3: { bucket: { name: 'b' }, object: { key: uploadKey(start.uploadId) } } }] };
  return { run: () => job(event), item: () => items.get(start.uploadId)!, written, failed: () => failed };
}

const header = `${STOCK_COLUMNS.join(',')}\n`;

describe('the upload job', () => {
  it('stores a file streamed in pieces and keeps the report 30 days', async () => {
    const h = harness({ chunks: [header.slice(0, 10), header.slice(10) + 'SPY,2026-11-20,1,2,1,', '2,5\nQQQ,2026-11-20,1,2,1,2,5\n'] });
    await h.run();
    expect(h.item().p).toMatchObject({ state: 'succeeded', rowsRead: 2, stored: 2, startedAt: NOW.toISOString(), finishedAt: NOW.toISOString() });
    expect(h.item().expiresAt).toBe(NOW.getTime() / 1000 + 30 * 86_400);
    expect(h.written).toHaveLength(2);
  });

  it('refuses a file over 50 MB, a binary file, and a file that is not CSV, storing nothing and raising no alarm', async () => {
    const big = harness({ size: 50 * 1024 * 1024 + 1, chunks: [header] });
    await big.run();
    expect(big.item().p.message).toBe('The file is 50.0 MB; the largest accepted is 50 MB. Split it and upload the parts.');
    const binary = harness({ chunks: [new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0])] });
    await binary.run();
    expect(binary.item().p).toMatchObject({
      state: 'failed',
      message: 'The file is not text (it holds binary data). Upload a CSV file saved as plain text (UTF-8).',
    });
    const quote = harness({ chunks: [header, 'SPY,"2026-11-20,1,2,1,2,5\n'] });
    await quote.run();
    expect(quote.item().p.message).toMatch(/^The file is not a readable CSV file: .*Nothing was stored from it\.$/);
    for (const h of [big, binary, quote]) {
      expect(h.item().p.state).toBe('failed');
      expect(h.written).toHaveLength(0);
      expect(h.failed()).toBe(0);
    }
  });

  it('stops at a line of a megabyte and says so', async () => {
    const h = harness({ chunks: [header, 'SPY,2026-11-20,1,2,1,2,5\n', 'x'.repeat(1024 * 1024 + 10), '\n'] });
    await h.run();
    expect(h.item().p).toMatchObject({ state: 'failed' });
    expect(h.item().p.message).toMatch(/^Row 2 is longer than 1 MB/);
  });

  it('ends failed with where it stopped, and emits UploadFailed, on an error of ours', async () => {
    const h = harness(new Error('network down'));
    await h.run();
    expect(h.item().p).toMatchObject({ state: 'failed', message: expect.stringMatching(/^The upload stopped after row 0 because of an error on our side/) });
    expect(h.failed()).toBe(1);
  });

  it('ignores an event for a file no upload announced, and one delivered again', async () => {
    const h = harness({ chunks: [header, 'SPY,2026-11-20,1,2,1,2,5\n'] });
    await h.run();
    const once = h.item().p;
    await h.run();
    expect(h.item().p).toBe(once);
    expect(uploadIdOfKey('elsewhere/x.csv')).toBeNull();
  });
});
