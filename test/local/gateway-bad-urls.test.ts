import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes';
import { requestUrl, startGateway, staticFileOf, type RunningGateway } from '../../local/gateway';
import { freePort } from '../../local/ports';

/** The gateway against what a hostile or broken client sends (issue 16, 17): it answers each request and stays up. */
const site = mkdtempSync(path.join(tmpdir(), 'oa-gateway-'));
const dist = path.join(site, 'dist');
let gateway: RunningGateway;
let port: number;
const logged: string[] = [];

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>INDEX</title>');
  writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><title>LANDING</title>');
  writeFileSync(path.join(dist, 'optionschain.html'), '<!doctype html><title>CHAIN</title>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
  // The sibling a bare prefix check let through: `${dist}-secret` starts with `${dist}`.
  mkdirSync(`${dist}-secret`);
  writeFileSync(path.join(`${dist}-secret`, 'secret.txt'), 'SECRET');
  port = await freePort();
  gateway = await startGateway({
    port,
    authorize: async () => null,
    web: { mode: 'dist', dir: dist },
    runtimeConfig: {},
    connectSources: [],
    log: (line) => logged.push(line),
    logRequests: false,
  });
});

afterAll(async () => {
  await gateway?.stop();
  rmSync(site, { recursive: true, force: true });
});

/** A request with the path exactly as given, on a fresh connection. */
function get(rawPath: string, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Bytes straight onto a socket, for what Node's own client refuses to send; read until the server closes. `halfOpen`
 * keeps our side open (a client that waits for the answer), where closing it would let the server give up silently.
 */
function raw(request: string, opts: { halfOpen?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => (opts.halfOpen ? socket.write(request) : socket.end(request)));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    let out = '';
    socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

const stillUp = async () => expect((await get('/app')).body).toContain('INDEX');

describe('the static root', () => {
  it('names files under the root only, compared with the root plus a separator', () => {
    expect(staticFileOf('/srv/dist', '/index.html')).toBe('/srv/dist/index.html');
    expect(staticFileOf('/srv/dist', '/assets/a%20b.js')).toBe('/srv/dist/assets/a b.js');
    expect(staticFileOf('/srv/dist', '/')).toBe('/srv/dist');
    expect(staticFileOf('/srv/dist', '/..%2Fdist-secret/secret.txt')).toBe('outside');
    expect(staticFileOf('/srv/dist', '/assets/..%2F..%2Fdist-secret%2Fsecret.txt')).toBe('outside');
    expect(staticFileOf('/srv/dist', '/..%2F..%2Fetc%2Fpasswd')).toBe('outside');
    expect(staticFileOf('/srv/dist', '/%E0%A4%A')).toBeNull();
    expect(staticFileOf('/srv/dist', '/index.html%00.js')).toBeNull();
  });

  it('refuses a URL that cannot name anything, whatever the Host says', () => {
    expect(requestUrl({ url: '/%E0%A4%A' })).toBeNull();
    expect(requestUrl({ url: '/api/market/SPY%zz/chain' })).toBeNull();
    expect(requestUrl({ url: '/api/health?x=%zz' })?.pathname).toBe('/api/health');
  });

  it('does not serve a sibling folder through an encoded slash', async () => {
    for (const p of ['/..%2Fdist-secret/secret.txt', '/..%2fdist-secret%2fsecret.txt', '/assets/..%2F..%2Fdist-secret/secret.txt']) {
      const res = await get(p);
      expect(res.body, p).not.toContain('SECRET');
      expect(res.status, p).toBe(404);
      expect(res.headers['cache-control'], p).toBe('no-store');
    }
  });

  it('serves files, hashed assets for a year, and client-side routes as index.html', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset).toMatchObject({ status: 200, body: 'console.log("app")' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/app/portfolio');
    expect(page.status).toBe(200);
    expect(page.body).toContain('INDEX');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/app/portfolio', 'HEAD')).status).toBe(200);
  });

  it('serves / and /optionschain as their prerendered pages and no other route with them, and the shell when a build has none', async () => {
    for (const p of ['/', '/?ref=newsletter']) {
      const res = await get(p);
      expect(res, p).toMatchObject({ status: 200, body: '<!doctype html><title>LANDING</title>' });
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
    for (const p of ['/optionschain', '/optionschain?ticker=AAPL']) expect((await get(p)).body, p).toContain('CHAIN');
    for (const p of ['/app/optionschain', '/optionschain/', '/app', '/login', '/index.html', '/constructor']) expect((await get(p)).body, p).toContain('INDEX');
    rmSync(path.join(dist, 'landing.html'));
    try {
      expect((await get('/')).body).toContain('INDEX');
    } finally {
      writeFileSync(path.join(dist, 'landing.html'), '<!doctype html><title>LANDING</title>');
    }
  });
});

describe('malformed % escapes', () => {
  it('answer 400 on a page path in WEB_MODE=dist, and the gateway stays up', async () => {
    for (const p of ['/%E0%A4%A', '/%', '/app/%zz', '/assets/%C3%28.js', '/%00']) {
      const res = await get(p);
      expect(res.status, p).toBe(400);
      expect(res.headers['cache-control'], p).toBe('no-store');
    }
    await stillUp();
    expect(logged.filter((l) => l.startsWith('gateway error'))).toEqual([]);
  });

  it('answer 400 on every route of functions/routes.ts, in a parameter or anywhere else in the path', async () => {
    for (const r of routes) {
      const [method, template] = r.routeKey.split(' ') as [string, string];
      const paths = [`${template.replace(/\{\w+\+?\}/g, 'x')}%zz`];
      if (template.includes('{')) paths.push(template.replace(/\{\w+\+?\}/g, 'SPY%E0%A4%A'));
      for (const p of paths) {
        const res = await get(p, method);
        expect(res.status, `${method} ${p}`).toBe(400);
        expect(res.headers['cache-control'], `${method} ${p}`).toBe('no-store');
      }
    }
    await stillUp();
  });
});

describe("the gateway's own answers", () => {
  it('carry cache-control: no-store', async () => {
    const cases = [
      { path: '/api/nothing-here', status: 404 },
      { path: '/api/health', method: 'DELETE', status: 404 },
      { path: '/api/me', status: 401 },
    ];
    for (const c of cases) {
      const res = await get(c.path, c.method);
      expect(res.status, c.path).toBe(c.status);
      expect(res.headers['cache-control'], c.path).toBe('no-store');
    }
  });

  it('answer what Node cannot parse with a 400 or 431 that says no-store, and stay up', async () => {
    const badLine = await raw('GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(badLine).toMatch(/^HTTP\/1\.1 400 /);
    expect(badLine.toLowerCase()).toContain('cache-control: no-store');
    const badHeader = await raw('GET / HTTP/1.1\r\nHost: x\r\nX-Bad\u0001: y\r\n\r\n');
    expect(badHeader).toMatch(/^HTTP\/1\.1 400 /);
    // A request to switch protocols: Node stops reading its body, so without an answer it hung with its handler.
    const upgrade = await raw(
      'POST /api/drafts HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nTransfer-Encoding: chunked\r\n\r\nzz2\r\n{}\r\n',
      {
        halfOpen: true,
      },
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 400 /);
    expect(upgrade.toLowerCase()).toContain('cache-control: no-store');
    const huge = await raw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(huge.toLowerCase()).toContain('cache-control: no-store');
    await stillUp();
  });
});
