import http from 'node:http';
/** Latency statistics and a closed-loop HTTP load generator for the API benches. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface LoadResult {
  requests: number;
  failures: number;
  p50: number;
  p99: number;
  max: number;
  perSecond: number;
}

/** The statistics of a run's latencies (sorted here): `perSecond` from the run's length when given, else NaN. */
export function summarize(latencies: number[], failures: number, seconds?: number): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    failures,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    perSecond: seconds === undefined ? Number.NaN : latencies.length / seconds,
  };
}

/**
 * `concurrency` clients each send requests back to back until `total` have been sent; every
 * latency is recorded. `request` returns true when the answer is what the bench expects.
 */
export async function closedLoop(concurrency: number, total: number, request: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const okay = await request(i).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!okay) failures++;
      }
    }),
  );
  return summarize(latencies, failures, (performance.now() - started) / 1000);
}

export const ms = (x: number) => `${x.toFixed(1)} ms`;

/**
 * `users` clients each send `perUser` requests one after another with a think time between them,
 * as people do; every latency is recorded (the think time is not). Each client also thinks once
 * before its first request, so the clients arrive at independent moments as people do, not all in
 * the same millisecond (which would measure a synchronised burst of `users` requests instead).
 */
export async function pacedUsers(
  users: number,
  perUser: number,
  request: (user: number, n: number) => Promise<boolean>,
  thinkMs: () => number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: users }, async (_, u) => {
      await new Promise((r) => setTimeout(r, thinkMs()));
      for (let n = 0; n < perUser; n++) {
        const t0 = performance.now();
        const okay = await request(u, n).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!okay) failures++;
        await new Promise((r) => setTimeout(r, thinkMs()));
      }
    }),
  );
  return summarize(latencies, failures, (performance.now() - started) / 1000);
}

/** A GET from one learner's own loopback address and connection pool: twenty learners are twenty clients to the rate limits. */
export function learnerGetter(base: string, headers: Record<string, string>, localAddress: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8, localAddress } as http.AgentOptions);
  const url = new URL(base);
  return (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
}
