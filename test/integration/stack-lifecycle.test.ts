import { mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertPortFree } from '../../local/ports';
import { newDataDir, spawnLocalStack, type SpawnedStack } from '../support/local-stack';

/**
 * A stack of its own (issue 16, 17), started as `WEB_MODE=dist npm start` starts it: a malformed URL does not bring it
 * down, `/api/health?deep=1` tells whether the table answers, and when DynamoDB Local dies the stack stops the rest and
 * exits non-zero with every port free.
 */
let stack: SpawnedStack;
const dataDir = newDataDir('lifecycle');

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'oa-lifecycle-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>INDEX</title>');
  stack = await spawnLocalStack({ dataDir, webMode: 'dist', env: { WEB_DIST_DIR: dist, SEED_MARKET: '0', LOG_REQUESTS: '0' } });
});

afterAll(async () => {
  await stack?.stop();
});

const portOf = (url: string) => Number(new URL(url).port);

/** The path as given, not normalised by fetch. */
function get(rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: portOf(stack.url), path: rawPath, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The processes of this stack's children, found in /proc: DynamoDB Local by its port, cognito-local by its folder. */
function childPids(): { dynamo: number[]; cognito: number[] } {
  const dynamoPort = String(portOf(stack.endpoints.dynamodb));
  const out = { dynamo: [] as number[], cognito: [] as number[] };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.endsWith('DynamoDBLocal.jar')) && args[args.indexOf('-port') + 1] === dynamoPort) out.dynamo.push(Number(entry));
      if (args.some((a) => a.includes('cognito-local')) && readlinkSync(`/proc/${entry}/cwd`) === path.join(dataDir, 'cognito'))
        out.cognito.push(Number(entry));
    } catch {
      // Gone while we looked, or not ours to read.
    }
  }
  return out;
}

describe('the local stack', () => {
  it('answers a malformed escape on a page with 400 and keeps serving', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
    expect((await get('/..%2Fdist-secret/x')).status).toBe(404);
    expect((await get('/app/portfolio')).body).toContain('INDEX');
    expect((await get('/api/health')).status).toBe(200);
  });

  it('says whether the table answers on /api/health?deep=1', async () => {
    const healthy = await get('/api/health?deep=1');
    expect(healthy.status).toBe(200);
    expect(JSON.parse(healthy.body)).toMatchObject({ status: 'ok', checks: { table: 'ok' } });

    // A DynamoDB Local that is there but does not answer (stopped, not killed): the stack keeps running.
    const [java] = childPids().dynamo;
    expect(java).toBeDefined();
    process.kill(java!, 'SIGSTOP');
    try {
      const stuck = await get('/api/health?deep=1');
      expect(stuck.status).toBe(503);
      expect(JSON.parse(stuck.body)).toMatchObject({ code: 'unavailable', checks: { table: 'unavailable' } });
      expect((await get('/api/health')).status).toBe(200);
    } finally {
      process.kill(java!, 'SIGCONT');
    }
    expect((await get('/api/health?deep=1')).status).toBe(200);
  });

  it('stops everything and exits non-zero when DynamoDB Local dies, leaving no port held', async () => {
    const before = childPids();
    expect(before.dynamo).toHaveLength(1);
    expect(before.cognito).toHaveLength(1);
    process.kill(before.dynamo[0]!, 'SIGKILL');

    expect(await stack.exited).toBe(1);
    expect(stack.output()).toMatch(/DynamoDB Local exited unexpectedly \(signal SIGKILL\)/);
    expect(childPids()).toEqual({ dynamo: [], cognito: [] });
    for (const url of [stack.url, stack.endpoints.dynamodb, stack.endpoints.cognito, stack.endpoints.aws]) {
      await expect(assertPortFree(portOf(url), url)).resolves.toBeUndefined();
    }
  });
});
