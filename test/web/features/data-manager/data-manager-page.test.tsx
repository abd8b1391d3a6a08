// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { DataManagerPage } from '@web/features/data-manager/components/data-manager-page';
import { AdminPage } from '@web/features/admin/components/admin-page';

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/app/data-manager', element: <DataManagerPage /> },
            { path: '/app/admin', element: <AdminPage area="admin" /> },
            { path: '/app/config', element: <AdminPage area="config" /> },
          ],
          { initialEntries: [path] },
        )}
      />
    </QueryClientProvider>,
  );
}

const scheduler = (active: boolean, by: string | null = null) => ({
  jobId: 'ingest',
  active,
  changedBy: by,
  changedAt: by ? '2026-11-24T15:00:00.000Z' : null,
  nextRun: active ? '2026-11-24T23:00:00.000Z' : null,
});
const status = (ingest: ReturnType<typeof scheduler> | null, schedulerError: string | null = null) => ({
  asOf: '2026-11-24T15:30:00.000Z',
  underlyings: [
    {
      underlying: 'SPY',
      chains: { count: 12, oldest: '2026-11-23T21:00:00.000Z', newest: '2026-11-23T21:00:00.000Z' },
      summaries: { count: 20, oldest: '2026-10-27', newest: '2026-11-23', gapCount: 1, gaps: ['2026-11-13'] },
      stockBars: { count: 14, oldest: '2026-11-04', newest: '2026-11-23' },
    },
  ],
  jobs: [
    {
      jobId: 'ingest',
      description: 'Market-data ingestion',
      schedule: 'Weekdays at 18:00 New York',
      controllable: true,
      nextRun: ingest?.nextRun ?? null,
      scheduler: ingest,
      schedulerError,
      runs: [
        {
          jobId: 'ingest',
          startedAt: '2026-11-23T23:00:00.000Z',
          finishedAt: '2026-11-23T23:02:00.000Z',
          outcome: 'failed',
          durationMs: 120_000,
          contracts: 1800,
          failures: [{ underlying: 'TSLA', reason: 'provider answered 429' }],
          trigger: 'schedule',
        },
      ],
    },
    {
      jobId: 'jobWatchdog',
      description: 'Reports a missed run',
      schedule: 'Weekdays at 20:00 New York',
      controllable: false,
      nextRun: '2026-11-25T01:00:00.000Z',
      scheduler: null,
      schedulerError: null,
      runs: [],
    },
  ],
});
const STATS = { kinds: [{ kind: 'chain', count: 96, oldest: '2026-11-27', newest: '2027-01-15' }], retentionDays: 30, lastSync: null };

describe('the data manager', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows what is stored per underlying, each job’s last runs with failures and reasons, and the scheduler', async () => {
    stubApi({ 'GET /api/admin/operations/status': status(scheduler(true)), 'GET /api/admin/market/stats': STATS });
    renderAt('/app/data-manager');
    const row = await screen.findByTestId('underlying-row');
    expect(row.textContent).toContain('SPY');
    expect(row.textContent).toContain('Nov 13, 2026');
    const runs = screen.getByTestId('runs-ingest');
    expect(runs.textContent).toContain('TSLA: provider answered 429');
    expect(runs.textContent).toContain('1,800');
    expect(within(screen.getByTestId('scheduler-ingest')).getByTestId('scheduler-state').textContent).toBe('Active');
    expect(screen.getByTestId('scheduler-ingest').textContent).toMatch(/Next run: Nov 24, .*ET/);
  });

  it('stops the scheduler, then shows who stopped it and when', async () => {
    let current = status(scheduler(true));
    const { calls } = stubApi({
      'GET /api/admin/operations/status': () => json(current),
      'GET /api/admin/market/stats': STATS,
      'POST /api/admin/operations/scheduler/ingest/stop': () => {
        current = status(scheduler(false, 'ops@example.com'));
        return json(scheduler(false, 'ops@example.com'));
      },
    });
    renderAt('/app/data-manager');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop ingest' }));
    expect((await screen.findByTestId('scheduler-changed')).textContent).toMatch(/^Stopped by ops@example.com on /);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/operations/scheduler/ingest/stop']);
    expect(screen.getByRole('button', { name: 'Start ingest' })).toBeTruthy();
  });

  it("says the spec's messages when starting fails, when the schedule cannot be read and when Run now fails", async () => {
    stubApi({
      'GET /api/admin/operations/status': status(scheduler(false, 'ops@example.com')),
      'GET /api/admin/market/stats': STATS,
      'POST /api/admin/operations/scheduler/ingest/start': () => json({ error: 'Failed to start scheduler', code: 'unavailable' }, 503),
      'POST /api/admin/operations/run': () => json({ error: 'table unavailable', code: 'unavailable' }, 503),
    });
    renderAt('/app/data-manager');
    await userEvent.click(await screen.findByRole('button', { name: 'Start ingest' }));
    expect((await screen.findByText('Failed to start scheduler')).getAttribute('role')).toBe('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Failed to fetch data: table unavailable')).toBeTruthy();
    cleanup();

    stubApi({
      'GET /api/admin/operations/status': status(null, 'Scheduler initialization failed. The app will continue without automatic data updates.'),
      'GET /api/admin/market/stats': STATS,
    });
    renderAt('/app/data-manager');
    expect(await screen.findByText('Scheduler initialization failed. The app will continue without automatic data updates.')).toBeTruthy();
    cleanup();

    stubApi({ 'GET /api/admin/operations/status': () => json({ error: 'boom' }, 500) });
    renderAt('/app/data-manager');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to refresh stats');
  });

  it('runs one underlying now', async () => {
    const { calls } = stubApi({
      'GET /api/admin/operations/status': status(scheduler(true)),
      'GET /api/admin/market/stats': STATS,
      'POST /api/admin/operations/run': () => json({ status: 'queued', message: 'Ingestion queued for SPY.', underlyings: ['SPY'] }, 202),
    });
    renderAt('/app/data-manager');
    await userEvent.selectOptions(await screen.findByTestId('run-underlying'), 'SPY');
    await userEvent.click(screen.getByRole('button', { name: 'Run now' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ underlying: 'SPY' }));
  });
});

describe('admin and configuration after the move', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('/app/admin keeps users and moderation and links the data manager; its data tools are gone', async () => {
    const { calls } = stubApi();
    renderAt('/app/admin');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Reported posts/ }).getAttribute('href')).toBe('/app/admin/community');
    expect(screen.getByRole('link', { name: /Learner stories/ }).getAttribute('href')).toBe('/app/admin/testimonials');
    expect(screen.getByRole('link', { name: /Data Manager/ }).getAttribute('href')).toBe('/app/data-manager');
    expect(screen.queryByTestId('stats-row')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/admin/market'))).toBe(false);
  });

  it('/app/config lists every job with its schedule and next run, and a stopped one as stopped', async () => {
    stubApi({ 'GET /api/admin/operations/status': status(scheduler(false, 'ops@example.com')) });
    renderAt('/app/config');
    const jobs = await screen.findAllByTestId('config-job');
    expect(jobs.map((j) => j.textContent)).toEqual([
      'Weekdays at 18:00 New York: Market-data ingestion. Stopped by ops@example.com; no next run.',
      expect.stringMatching(/^Weekdays at 20:00 New York: Reports a missed run\. Next run Nov 24, .* ET\.$/),
    ]);
  });
});
