import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cognitoClient, signIn, signUpAndSignIn } from '../support/cognito';

const stack = inject('stack');

interface Run {
  jobId: string;
  startedAt: string;
  outcome: string;
  trigger: string;
}
interface Status {
  underlyings: { underlying: string; chains: { count: number; newest: string | null }; summaries: { count: number } }[];
  jobs: {
    jobId: string;
    controllable: boolean;
    scheduler: { active: boolean; changedBy: string | null; changedAt: string | null } | null;
    nextRun: string | null;
    runs: Run[];
  }[];
}

describe("the data manager's scheduler control on the local stack", () => {
  let auth: Record<string, string>;
  let email: string;
  beforeAll(async () => {
    const admin = await signUpAndSignIn(stack, { name: 'Operator' });
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: admin.email, GroupName: 'admin' }));
    auth = { authorization: `Bearer ${(await signIn(stack, admin.email, admin.password)).idToken}` };
    email = admin.email;
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  const status = async (): Promise<Status> => (await api('/api/admin/operations/status')).json() as Promise<Status>;
  const ingest = async () => (await status()).jobs.find((j) => j.jobId === 'ingest')!;
  /** The local scheduler fires the ingest's schedule as its cron would at 18:00 (a control on the local AWS endpoint). */
  const tick = async (): Promise<{ ran: boolean }> =>
    (await fetch(`${stack.endpoints.aws}/_local/scheduler/tick`, { method: 'POST', body: JSON.stringify({ job: 'ingest' }) })).json() as Promise<{
      ran: boolean;
    }>;
  const scheduledRunSince = async (since: string) => (await ingest()).runs.find((r) => r.trigger === 'schedule' && r.startedAt >= since) ?? null;

  it('is for operators only', async () => {
    const learner = await signUpAndSignIn(stack);
    const asLearner = await fetch(`${stack.url}/api/admin/operations/status`, { headers: { authorization: `Bearer ${learner.idToken}` } });
    expect(asLearner.status).toBe(403);
  });

  it('stops the fetch (no run at the next tick, the stop says who and when), starts it again (a run queued, then the next tick runs)', async () => {
    try {
      const stopped = await api('/api/admin/operations/scheduler/ingest/stop', { method: 'POST' });
      expect(stopped.status).toBe(200);
      expect(await stopped.json()).toMatchObject({ jobId: 'ingest', active: false, changedBy: email, nextRun: null });
      expect(await ingest()).toMatchObject({ scheduler: { active: false, changedBy: email }, nextRun: null });

      const stoppedAt = new Date().toISOString();
      expect(await tick()).toEqual({ ran: false });
      expect(await scheduledRunSince(stoppedAt)).toBeNull();

      const started = await api('/api/admin/operations/scheduler/ingest/start', { method: 'POST' });
      expect(started.status).toBe(200);
      expect(await started.json()).toMatchObject({ active: true, changedBy: email, runQueued: true });
      const job = await ingest();
      expect(job.scheduler).toMatchObject({ active: true });
      expect(job.nextRun).toEqual(expect.stringMatching(/T(22|23):00:00\.000Z$/));

      const tickedAt = new Date().toISOString();
      expect(await tick()).toEqual({ ran: true });
      // The whole fetch of every tracked underlying runs (simulated market): it is recorded as a scheduled run when done.
      await expect.poll(() => scheduledRunSince(tickedAt), { timeout: 150_000, interval: 2000 }).toMatchObject({ outcome: 'succeeded', trigger: 'schedule' });
      // The start's own run, queued through IngestRequested, is recorded as a manual one.
      await expect
        .poll(async () => (await ingest()).runs.some((r) => r.trigger === 'manual' && r.startedAt >= stoppedAt), { timeout: 150_000, interval: 2000 })
        .toBe(true);
    } finally {
      await api('/api/admin/operations/scheduler/ingest/start', { method: 'POST' });
    }
  }, 330_000);

  it('answers per underlying what is stored, and refuses to stop a job operators do not control', async () => {
    const s = await status();
    const spy = s.underlyings.find((u) => u.underlying === 'SPY')!;
    expect(spy.chains.count).toBeGreaterThan(0);
    expect(spy.chains.newest).not.toBeNull();
    expect(s.jobs.map((j) => j.jobId)).toEqual(['ingest', 'settle', 'jobWatchdog', 'accountDeletions', 'brokerSync']);
    expect((await api('/api/admin/operations/scheduler/jobWatchdog/stop', { method: 'POST' })).status).toBe(404);
    const run = await api('/api/admin/operations/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"underlying":"QQQ"}' });
    expect(run.status).toBe(202);
    expect(await run.json()).toMatchObject({ status: 'queued', underlyings: ['QQQ'] });
  });
});
