// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { ComingSoonPage } from '@web/features/coming-soon/components/coming-soon-page';
import type { NotifyVisitor } from '@web/features/coming-soon/components/notify-form';
import { redirectTarget } from '@web/features/auth/lib/redirect';
import { launchEstimateText } from '@web/lib/launch-estimate';
import { NOTIFY_CONSENT_TEXT, NOTIFY_MESSAGES } from '@shared/community/notify';

/** Stands in for the sign-in and sign-up pages: shows where they would send the visitor back to afterwards. */
function AuthProbe({ mode }: { mode: string }) {
  const location = useLocation();
  return <p data-testid="auth">{`${mode} then ${redirectTarget(location.state)}`}</p>;
}

function renderPage(visitor: NotifyVisitor = { status: 'signedOut' }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/coming-soon', element: <ComingSoonPage visitor={visitor} /> },
      { path: '/signup', element: <AuthProbe mode="sign up" /> },
      { path: '/login', element: <AuthProbe mode="sign in" /> },
    ],
    { initialEntries: ['/coming-soon'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const ADA: NotifyVisitor = { status: 'signedIn', email: 'ada@example.com' };
const notifyButton = () => screen.getByRole('button', { name: 'Notify me' });

describe('the launch estimate', () => {
  it('gives Q1 2026 before the quarter ends, and says it slipped afterwards rather than showing a past date as future', () => {
    expect(launchEstimateText(new Date('2026-02-01T00:00:00Z'))).toMatchObject({ short: 'Q1 2026', overdue: false });
    const late = launchEstimateText(new Date('2026-11-22T00:00:00Z'));
    expect(late.overdue).toBe(true);
    expect(late.sentence).toContain('was estimated for Q1 2026 and has not happened yet');
  });
});

describe('the coming-soon page', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists the plan, what is available now and the three-phase timeline', () => {
    stubApi();
    renderPage();
    expect(screen.getByRole('link', { name: /Back to home/ }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Live trading on index options')).toBeTruthy();
    expect(screen.getByText('20+ Indian stocks')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'US options chain with Greeks' }).getAttribute('href')).toBe('/optionschain');
    expect(screen.getByRole('link', { name: /NSE option chain/ }).getAttribute('href')).toBe('https://www.nseindia.com/option-chain');
    const now = screen.getByRole('region', { name: 'Available now' });
    expect(within(now).getByRole('link', { name: 'Indian Greeks calculator' }).getAttribute('href')).toBe('/india/greeks-calculator');
    expect(within(now).getByRole('link', { name: 'Indian option chain, view only' }).getAttribute('href')).toBe('/optionschain?market=india');
    const phases = screen.getAllByText(/^Phase \d$/);
    expect(phases).toHaveLength(3);
    // Only what the code does: the foundation (instruments, lot sizes, the feed's wiring) is built, and Zerodha alone is
    // in testing, for data.
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    const foundation = within(timeline).getByText('Foundation').closest('li')!;
    expect(within(foundation).getByText('Done')).toBeTruthy();
    expect(foundation.textContent).toMatch(/NSE lot sizes.*Zerodha Kite Connect data feed, wired and tested against a local stand-in/);
    const testing = within(timeline).getByText('Testing').closest('li')!;
    expect(within(testing).getByText('In progress')).toBeTruthy();
    expect(testing.textContent).toContain('Zerodha is the one Indian broker in testing, for market data only');
  });
});

describe('notify-me', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks a signed-out visitor for no address, and invites them to sign up and come back here', async () => {
    const { calls } = stubApi();
    renderPage({ status: 'signedOut' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Sign up to be notified' }));
    expect(screen.getByTestId('auth').textContent).toBe('sign up then /coming-soon');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('lets a visitor with an account sign in and come back here', async () => {
    stubApi();
    renderPage({ status: 'signedOut' });
    await userEvent.click(screen.getByRole('link', { name: 'Already have an account? Sign in' }));
    expect(screen.getByTestId('auth').textContent).toBe('sign in then /coming-soon');
  });

  it('shows neither the invitation nor the button while the sign-in is being checked', () => {
    stubApi();
    renderPage({ status: 'loading' });
    expect(screen.queryByRole('link', { name: 'Sign up to be notified' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });

  it('lets a signed-in learner confirm with one click, for the address of their account, thanks them for 5 s, then shows the button again', async () => {
    const { calls } = stubApi({ 'POST /api/community/notify': () => json({ subscribed: true, email: 'ada@example.com' }, 202) });
    renderPage(ADA);
    expect(screen.getByText(NOTIFY_CONSENT_TEXT)).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.click(notifyButton());
    expect((await screen.findByRole('status')).textContent).toContain('We will email ada@example.com once');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', path: '/api/community/notify', body: { consent: true } }]);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect(notifyButton()).toBeTruthy();
  });

  it("says why when the account's address is not confirmed yet", async () => {
    stubApi({ 'POST /api/community/notify': () => json({ error: NOTIFY_MESSAGES.noVerifiedEmail, code: 'unprocessable' }, 422) });
    renderPage(ADA);
    await userEvent.click(notifyButton());
    expect((await screen.findByRole('alert')).textContent).toBe(NOTIFY_MESSAGES.noVerifiedEmail);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps the button and says so when the request cannot be saved', async () => {
    stubApi({ 'POST /api/community/notify': () => json({ error: 'down' }, 503) });
    renderPage(ADA);
    await userEvent.click(notifyButton());
    expect((await screen.findByRole('alert')).textContent).toContain('could not save your request');
    expect(notifyButton()).toBeTruthy();
  });
});
