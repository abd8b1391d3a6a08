// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Stub } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import WatchlistPage from '@web/features/watchlist/components/watchlist-page';
import { builderHref, chainHref, moved } from '@web/features/watchlist/lib/links';

const spy = {
  id: 'SPY',
  kind: 'underlying',
  underlying: 'SPY',
  order: 0,
  addedAt: '2026-11-20T00:00:00Z',
  figures: { date: '2026-11-25', close: 598.12, change: 1.5, changePercent: 0.25, iv: 0.182, ivRank: 37.4, source: 'demo' },
};
const call = {
  id: 'SPY261218C00600000',
  kind: 'contract',
  underlying: 'SPY',
  order: 1,
  addedAt: '2026-11-20T00:00:00Z',
  expiration: '2026-12-18',
  type: 'call',
  strike: 600,
  figures: { date: '2026-11-25', mark: 12.5, previousClose: 12, change: 0.5, iv: 0.21, delta: 0.48, daysToExpiry: 23, underlyingPrice: 598.12 },
};
const expired = {
  id: 'SPY261120P00600000',
  kind: 'contract',
  underlying: 'SPY',
  order: 2,
  addedAt: '2026-11-10T00:00:00Z',
  expiration: '2026-11-20',
  type: 'put',
  strike: 600,
  settlement: { date: '2026-11-20', close: 590, value: 10 },
};
const view = { items: [spy, call], expired: [expired], slots: { used: 3, limit: 10, level: 3, next: { level: 5, adds: 5 } } };

function renderPage(overrides: Record<string, Stub> = {}) {
  const api = stubApi({
    'GET /api/watchlist': view,
    'PUT /api/watchlist/order': { items: [] },
    'DELETE /api/watchlist/items/SPY': () => new Response(null, { status: 204 }),
    ...overrides,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <WatchlistPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the watchlist page', () => {
  it("shows each row's end-of-day figures, the slots by level, and expired contracts with their settlement value", async () => {
    renderPage();
    const spyRow = await screen.findByTestId('watch-row-SPY');
    expect(within(spyRow).getByText('598.12')).toBeTruthy();
    expect(within(spyRow).getByText('+1.50 (+0.25%)')).toBeTruthy();
    expect(within(spyRow).getByText('18.2%')).toBeTruthy();
    expect(within(spyRow).getByText('37')).toBeTruthy();
    const callRow = screen.getByTestId('watch-row-SPY261218C00600000');
    expect(within(callRow).getByText('12.50')).toBeTruthy();
    expect(within(callRow).getByText('0.48')).toBeTruthy();
    expect(within(callRow).getByText('23')).toBeTruthy();
    expect(screen.getByTestId('watchlist-slots').textContent).toBe('3 of 10 slots used at level 3; level 5 adds 5 more. End-of-day data, latest close Nov 25.');
    const exp = screen.getByTestId('expired-row-SPY261120P00600000');
    expect(exp.textContent).toContain('$10.00 a share');
    expect(exp.textContent).toContain('$1,000.00 a contract');
  });

  it('opens the chain at the contract’s expiry and the builder with the contract', async () => {
    renderPage();
    const callRow = await screen.findByTestId('watch-row-SPY261218C00600000');
    expect(within(callRow).getByTestId('watch-open-chain').getAttribute('href')).toBe(
      '/app/optionschain?ticker=SPY&expiry=2026-12-18&contract=SPY261218C00600000',
    );
    expect(
      within(callRow)
        .getByRole('link', { name: /Open in builder/ })
        .getAttribute('href'),
    ).toBe('/app/trading?underlying=SPY&legs=buy.call.600.2026-12-18.1');
  });

  it('moves a row with a button, sending the whole order once, and removes a row', async () => {
    const api = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move SPY down' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: ['SPY261218C00600000', 'SPY', 'SPY261120P00600000'] }));
    expect((screen.getByRole('button', { name: 'Move SPY up' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove SPY' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/watchlist/items/SPY')).toBe(true));
    expect(await screen.findByText('Removed SPY from your watchlist.')).toBeTruthy();
  });

  it('tells a learner with nothing watched how to add something', async () => {
    renderPage({ 'GET /api/watchlist': { items: [], expired: [], slots: { used: 0, limit: 10, level: 1, next: { level: 5, adds: 5 } } } });
    expect((await screen.findByTestId('watchlist-empty')).textContent).toContain('press the star');
  });
});

describe('watchlist links', () => {
  it('moves an id one place and leaves the ends where they are', () => {
    expect(moved(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(chainHref('QQQ')).toBe('/app/optionschain?ticker=QQQ');
    expect(builderHref({ underlying: 'QQQ', type: 'put', strike: 500.5, expiration: '2027-01-15' })).toBe(
      '/app/trading?underlying=QQQ&legs=buy.put.500.5.2027-01-15.1',
    );
  });
});
