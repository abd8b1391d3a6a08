import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCompressible, negotiateEncoding } from '../../local/compression';
import { startGateway, type RunningGateway } from '../../local/gateway';
import { freePort } from '../../local/ports';

describe('which answers are compressed, as CloudFront decides', () => {
  it('prefers Brotli, falls back to gzip, and honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });

  it('takes text types of 1,000 bytes to 10 MB, never images already compressed', () => {
    expect(isCompressible('text/javascript; charset=utf-8', 1_000)).toBe(true);
    expect(isCompressible('text/html; charset=utf-8', 999)).toBe(false);
    expect(isCompressible('application/json', 10_000_001)).toBe(false);
    expect(isCompressible('image/png', 50_000)).toBe(false);
    expect(isCompressible('font/woff2', 50_000)).toBe(false);
  });
});

let site: string;
let gateway: RunningGateway;
let port: number;
const script = `export const lessons = [${Array.from({ length: 400 }, (_, i) => `"lesson ${i}"`).join(',')}];\n`;

beforeAll(async () => {
  site = mkdtempSync(path.join(tmpdir(), 'oa-gzip-'));
  mkdirSync(path.join(site, 'assets'));
  writeFileSync(path.join(site, 'index.html'), `<!doctype html><title>x</title>${'<p>Options Academy</p>'.repeat(80)}`);
  writeFileSync(path.join(site, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(site, 'assets', 'tiny.js'), 'export {};\n');
  port = await freePort();
  gateway = await startGateway({
    port,
    authorize: async () => null,
    web: { mode: 'dist', dir: site },
    runtimeConfig: {},
    connectSources: [],
    log: () => undefined,
    logRequests: false,
  });
});

afterAll(async () => {
  await gateway?.stop();
  rmSync(site, { recursive: true, force: true });
});

function get(p: string, acceptEncoding?: string): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get({ host: '127.0.0.1', port, path: p, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the local gateway serves the built app compressed', () => {
  it('answers a browser with Brotli, an older client with gzip, and the same bytes once decoded', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
  });

  it('compresses the page a client-side route falls back to, and leaves small files and plain clients alone', async () => {
    const page = await get('/app/dashboard', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>x</title>');
    const tiny = await get('/assets/tiny.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};\n');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });
});
