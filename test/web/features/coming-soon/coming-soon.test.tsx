// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { ComingSoonPage } from '@web/features/coming-soon/components/coming-soon-page';
import { launchEstimateText } from '@web/lib/launch-estimate';
import { NOTIFY_CONSENT_TEXT } from '@shared/community/notify';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '/coming-soon', element: <ComingSoonPage /> }], { initialEntries: ['/coming-soon'] })} />
    </QueryClientProvider>,
  );
}

const emailField = () => screen.getByLabelText('Email address');
const submit = () => screen.getByRole('button', { name: 'Notify me' });

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
    const phases = screen.getAllByText(/^Phase \d$/);
    expect(phases).toHaveLength(3);
    expect(screen.getByText('Done')).toBeTruthy();
    expect(screen.getByText('In progress')).toBeTruthy();
  });

  it('requires a valid email', async () => {
    const { calls } = stubApi();
    renderPage();
    fireEvent.submit(submit().closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email address');
    await userEvent.type(emailField(), 'not-an-address');
    await userEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('without consent, sends nothing but still thanks the visitor for 5 s, then shows the form again', async () => {
    const { calls } = stubApi();
    renderPage();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(submit());
    expect((await screen.findByRole('status')).textContent).toContain('Thank you!');
    expect(screen.getByRole('status').textContent).toContain('we kept nothing');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('status')).toBeNull();
    expect((emailField() as HTMLInputElement).value).toBe('');
  });

  it('with consent, stores the address and says so', async () => {
    const { calls } = stubApi({ 'POST /api/community/notify': () => json({ subscribed: true }, 202) });
    renderPage();
    await userEvent.type(emailField(), 'Ada@Example.com');
    await userEvent.click(screen.getByLabelText(NOTIFY_CONSENT_TEXT));
    await userEvent.click(submit());
    expect((await screen.findByRole('status')).textContent).toContain('We will email you once');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/community/notify', body: { email: 'Ada@Example.com', consent: true } },
    ]);
  });

  it('keeps the form and says so when the address cannot be saved', async () => {
    stubApi({ 'POST /api/community/notify': () => json({ error: 'down' }, 503) });
    renderPage();
    await userEvent.type(emailField(), 'ada@example.com');
    await userEvent.click(screen.getByLabelText(NOTIFY_CONSENT_TEXT));
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('could not save your address');
    expect((emailField() as HTMLInputElement).value).toBe('ada@example.com');
  });
});
