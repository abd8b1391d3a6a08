// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AlertsPage from '@web/features/alerts/components/alerts-page';
import { NotificationBell } from '@web/features/alerts/components/notification-bell';
import NotificationsPage from '@web/features/alerts/components/notifications-page';
import { stubApi } from '../../app/api-stub';

configure({ asyncUtilTimeout: 10_000 });
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

function renderIn(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const note = {
  id: '01N1',
  alertId: '01A1',
  tradingDay: '2026-11-25',
  title: 'SPY closed above $600.00',
  body: 'SPY closed at $601.50 (previous close $598.00) at the close of Wed, Nov 25, 2026, crossing the level $600.00 you set.',
  link: '/app/optionschain?ticker=SPY',
  createdAt: '2026-11-25T22:00:00.000Z',
  readAt: null,
};
const alertsList = {
  alerts: [
    {
      id: '01A1',
      condition: { kind: 'price-cross', underlying: 'SPY', direction: 'above', level: 600 },
      repeat: 'once',
      status: 'active',
      createdAt: '2026-11-20T15:00:00.000Z',
      firedCount: 0,
      description: 'SPY closes above $600.00',
      link: '/app/optionschain?ticker=SPY',
    },
  ],
  active: 1,
  maxActive: 50,
  emailOn: false,
  schedule: 'Alerts are checked after each end-of-day ingestion, not during the trading session.',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the bell', () => {
  it('says how many notifications are unread and leads to them', async () => {
    stubApi({ 'GET /api/notifications/unread-count': { unread: 3 } });
    renderIn(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/app/notifications');
  });
});

describe('the notifications page', () => {
  it('shows what happened with a link to the chain, and marks one read', async () => {
    const { calls } = stubApi({
      'GET /api/notifications': { notifications: [note], unread: 1 },
      'POST /api/notifications/01N1/read': { unread: 0 },
    });
    renderIn(<NotificationsPage />);
    expect(await screen.findByText(note.body)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the chain' }).getAttribute('href')).toBe('/app/optionschain?ticker=SPY');
    await userEvent.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/notifications/01N1/read')).toBe(true));
  });
});

describe('the alerts page', () => {
  it('says alerts are checked after each end-of-day ingestion, lists them in words, and sets one', async () => {
    const { calls } = stubApi({ 'GET /api/alerts': alertsList, 'POST /api/alerts': { ...alertsList.alerts[0], id: '01A2' } });
    renderIn(<AlertsPage />);
    expect(await screen.findByRole('link', { name: 'SPY closes above $600.00' })).toBeTruthy();
    expect(screen.getByText(/checked after each end-of-day ingestion, on the day's close/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Underlying (e.g. SPY)'), 'qqq');
    await userEvent.type(screen.getByLabelText('Level in dollars'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/alerts')?.body).toEqual({
        condition: { kind: 'price-cross', underlying: 'QQQ', direction: 'above', level: 500 },
        repeat: 'once',
      }),
    );
  });
});
