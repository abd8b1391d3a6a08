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
  const job = async (jobId: string) => (await status()).jobs.find((j) => j.jobId === jobId)!;
  /** The local scheduler fires a job's schedule as its cron would at its time (a control on the local AWS endpoint). */
  const tick = async (jobId: string): Promise<{ ran: boolean }> =>
    (await fetch(`${stack.endpoints.aws}/_local/scheduler/tick`, { method: 'POST', body: JSON.stringify({ job: jobId }) })).json() as Promise<{ ran: boolean }>;
  const scheduledRunSince = async (jobId: string, since: string) =>
    (await job(jobId)).runs.find((r) => r.trigger === 'schedule' && r.startedAt >= since) ?? null;

  it('is for operators only', async () => {
    const learner = await signUpAndSignIn(stack);
    const asLearner = await fetch(`${stack.url}/api/admin/operations/status`, { headers: { authorization: `Bearer ${learner.idToken}` } });
    expect(asLearner.status).toBe(403);
  });

  it('stops the fetch (no run at the next tick, the stop says who and when), starts it again (a run queued, the next tick runs)', async () => {
    try {
      const stopped = await api('/api/admin/operations/scheduler/ingest/stop', { method: 'POST' });
      expect(stopped.status).toBe(200);
      expect(await stopped.json()).toMatchObject({ jobId: 'ingest', active: false, changedBy: email, nextRun: null });
      expect(await job('ingest')).toMatchObject({ scheduler: { active: false, changedBy: email }, nextRun: null });

      const stoppedAt = new Date().toISOString();
      expect(await tick('ingest')).toEqual({ ran: false });
      expect(await scheduledRunSince('ingest', stoppedAt)).toBeNull();

      const started = await api('/api/admin/operations/scheduler/ingest/start', { method: 'POST' });
      expect(started.status).toBe(200);
      expect(await started.json()).toMatchObject({ active: true, changedBy: email, runQueued: true });
      const ingest = await job('ingest');
      expect(ingest.scheduler).toMatchObject({ active: true });
      expect(ingest.nextRun).toEqual(expect.stringMatching(/T(22|23):00:00\.000Z$/));
      // The local scheduler fires it again (the whole fetch then takes minutes on a busy machine; the settle job below
      // shows a fired run being recorded).
      expect(await tick('ingest')).toEqual({ ran: true });
    } finally {
      await api('/api/admin/operations/scheduler/ingest/start', { method: 'POST' });
    }
  });

  it('records no run of a stopped settle job at its tick, and the run of the next tick once started', async () => {
    try {
      expect((await api('/api/admin/operations/scheduler/settle/stop', { method: 'POST' })).status).toBe(200);
      const stoppedAt = new Date().toISOString();
      expect(await tick('settle')).toEqual({ ran: false });
      expect((await api('/api/admin/operations/scheduler/settle/start', { method: 'POST' })).status).toBe(200);
      expect(await scheduledRunSince('settle', stoppedAt)).toBeNull();
      const startedAt = new Date().toISOString();
      expect(await tick('settle')).toEqual({ ran: true });
      await expect.poll(() => scheduledRunSince('settle', startedAt), { timeout: 60_000, interval: 1000 }).toMatchObject({ trigger: 'schedule' });
    } finally {
      await api('/api/admin/operations/scheduler/settle/start', { method: 'POST' });
    }
  }, 90_000);

  it('answers per underlying what is stored, and refuses to stop a job operators do not control', async () => {
    const s = await status();
    const spy = s.underlyings.find((u) => u.underlying === 'SPY')!;
    expect(spy.chains.count).toBeGreaterThan(0);
    expect(spy.chains.newest).not.toBeNull();
    expect(s.jobs.map((j) => j.jobId)).toEqual([
      'ingest',
      'settle',
      'jobWatchdog',
      'accountDeletions',
      'brokerSync',
      'indiaEod',
      'competitionBoard',
      'competitionBoardAfterSettle',
      'competitionClose',
    ]);
    expect((await api('/api/admin/operations/scheduler/jobWatchdog/stop', { method: 'POST' })).status).toBe(404);
    const run = await api('/api/admin/operations/run', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"underlying":"QQQ"}' });
    expect(run.status).toBe(202);
    expect(await run.json()).toMatchObject({ status: 'queued', underlyings: ['QQQ'] });
  });
});
