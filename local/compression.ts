import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The built web app compressed as CloudFront compresses it in AWS (the distribution's web behaviour has `compress`
 * on), so what a browser or Lighthouse measures locally is what a learner downloads. The rules follow Amazon
 * CloudFront's developer guide, "Serving compressed files": a file of 1,000 to 10,000,000 bytes whose content type is
 * on CloudFront's list, for a viewer whose Accept-Encoding names br or gzip; Brotli when the viewer accepts both.
 */
export type Encoding = 'br' | 'gzip';

export const MIN_COMPRESSED_BYTES = 1_000;
export const MAX_COMPRESSED_BYTES = 10_000_000;

/** The content types of CloudFront's list that this app serves (the parameter after `;` does not count). */
const COMPRESSIBLE_TYPES = new Set([
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'image/svg+xml',
  'image/x-icon',
  'text/css',
  'text/html',
  'text/javascript',
  'text/plain',
  'text/xml',
]);

export function isCompressible(contentType: string, bytes: number): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return COMPRESSIBLE_TYPES.has(type) && bytes >= MIN_COMPRESSED_BYTES && bytes <= MAX_COMPRESSED_BYTES;
}

/** The encoding to answer with: Brotli when accepted, else gzip, else none; `q=0` refuses one, `*` accepts any. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: Encoding) => (q.has(name) ? q.get(name)! > 0 : (q.get('*') ?? 0) > 0);
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 9 });
}

/**
 * Compressed files kept by path, modification time and encoding, so a built file is compressed once, not on every
 * request; a rebuild changes the time and the next request compresses afresh. Bounded, oldest dropped first.
 */
export class CompressedFiles {
  private readonly kept = new Map<string, Buffer>();
  constructor(private readonly maxEntries = 400) {}

  get(file: string, mtimeMs: number, encoding: Encoding, read: () => Buffer): Buffer {
    const key = `${encoding}|${mtimeMs}|${file}`;
    const hit = this.kept.get(key);
    if (hit) return hit;
    const out = compress(read(), encoding);
    if (this.kept.size >= this.maxEntries) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, out);
    return out;
  }
}
