// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KiteSection } from '@web/features/admin/components/kite-section';
import { json, stubApi } from '../../app/api-stub';

function renderSection(status: unknown, opts: { at?: string; login?: unknown } = {}) {
  const go = vi.fn();
  const { calls } = stubApi({ 'GET /api/admin/kite': status as never, ...(opts.login ? { 'POST /api/admin/kite/login': opts.login as never } : {}) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[opts.at ?? '/app/config']}>
        <KiteSection go={go} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { go, calls };
}

const session = { expiresAt: '2026-12-01T00:30:00.000Z', createdAt: '2026-11-30T05:00:00.000Z', kiteUserId: 'AB1234', live: true };

describe("/app/config's Zerodha Kite Connect section", () => {
  afterEach(cleanup);

  it("says 'Zerodha API not configured' and how to store the keys, with no login button", async () => {
    renderSection({ configured: false, standIn: false, session: null, message: 'Zerodha API not configured' });
    expect(await screen.findByText('Zerodha API not configured')).toBeTruthy();
    expect(screen.getByText('options-academy/<stage>/kite')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log in to Kite' })).toBeNull();
    expect(screen.queryByTestId('kite-standin')).toBeNull();
  });

  it("shows the session's end in Mumbai and in the viewer's time, and says plainly when it is the local stand-in", async () => {
    renderSection({ configured: true, standIn: true, session, message: null });
    const line = await screen.findByTestId('kite-session');
    expect(line.textContent).toContain('Session live until Tue, 1 Dec, 6:00 am in Mumbai (Asia/Kolkata)');
    // The test runs in UTC: the viewer's own zone is named.
    expect(line.textContent).toMatch(/12:30 AM UTC your time; Kite user AB1234/);
    expect(screen.getByTestId('kite-standin').textContent).toContain('Local Kite stand-in');
  });

  it('says an ended session ended, and that learners see Demo Data Only', async () => {
    renderSection({ configured: true, standIn: false, session: { ...session, live: false }, message: null });
    const line = await screen.findByTestId('kite-session');
    expect(line.textContent).toMatch(/^The last session ended Tue, 1 Dec, 6:00 am/);
    expect(line.textContent).toContain('Learners see Demo Data Only until the next login.');
  });

  it('"Log in to Kite" asks the server for the login URL and goes there', async () => {
    const loginUrl = 'https://kite.zerodha.com/connect/login?v=3&api_key=k&redirect_params=state%3Dabc';
    const { go, calls } = renderSection({ configured: true, standIn: false, session: null, message: null }, { login: { loginUrl } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in to Kite' }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith(loginUrl));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/kite/login')).toBe(true);
  });

  it('shows the login refused by the server', async () => {
    const { go } = renderSection(
      { configured: true, standIn: false, session: null, message: null },
      { login: () => json({ error: 'Zerodha API not configured', code: 'unavailable' }, 503) },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Log in to Kite' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Zerodha API not configured');
    expect(go).not.toHaveBeenCalled();
  });

  it("shows the callback's result: connected, or failed with Kite's reason", async () => {
    renderSection({ configured: true, standIn: false, session, message: null }, { at: '/app/config?kite=connected' });
    expect((await screen.findByRole('status')).textContent).toContain('Connected to Kite');
    cleanup();
    renderSection({ configured: true, standIn: false, session: null, message: null }, { at: '/app/config?kite=failed&reason=Invalid+%60checksum%60.' });
    expect((await screen.findByRole('alert')).textContent).toBe('The Kite login failed: Invalid `checksum`.');
  });
});
