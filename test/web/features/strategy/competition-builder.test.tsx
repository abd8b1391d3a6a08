// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { undefinedRiskMessage } from '@shared/competitions/competitions.errors';
import { ApiError } from '@web/lib/api-client';
import { account } from '../competitions/competition-fixtures';
import { chainFor, EXPIRIES, portfolioWith, TICKERS } from './fixtures';
import { stubResizeObserver } from './mock-api';

/**
 * The builder and a competition account (issue 39): arriving with ?account=competition-<seasonId> chooses it in the
 * account selector, the builder reads that account's funds, and Trade All places through the one order path with its id;
 * the server's refusal is shown as it words it.
 */
const api = vi.hoisted(() => ({
  getTickers: vi.fn(),
  getExpiries: vi.fn(),
  getChain: vi.fn(),
  getPortfolio: vi.fn(),
  openAccount: vi.fn(),
  preTrade: vi.fn(),
  placeOrder: vi.fn(),
  getDrafts: vi.fn(),
  createDraft: vi.fn(),
  updateDraft: vi.fn(),
  deleteDraft: vi.fn(),
  getCompetitionAccount: vi.fn(),
}));
const COMPETITION = 'competition-weekly-2026-11-30';
vi.mock('@web/api/market', async () => (await import('./mock-api')).marketModule(api));
vi.mock('@web/api/paper-account', async () => ({
  ...(await import('./mock-api')).paperAccountModule(api),
  useAccounts: () => ({
    data: {
      accounts: [
        { id: 'paper', name: 'Paper Trading', mode: 'paper' },
        { id: COMPETITION, name: 'Competition · Weekly · Nov 30 – Dec 4, 2026', mode: 'paper' },
      ],
      needsSetup: false,
    },
    isPending: false,
  }),
}));
vi.mock('@web/api/competition-account', () => ({
  useCompetitionAccount: (seasonId: string, enabled: boolean) =>
    useQuery({ queryKey: ['competitions', 'account', seasonId], queryFn: () => api.getCompetitionAccount(seasonId), enabled }),
}));
vi.mock('@web/api/broker', async (actual) => ({
  ...(await actual<object>()),
  useBrokerCredentials: () => ({ data: { credentials: [], environments: [] }, isPending: false }),
}));
vi.mock('@web/features/strategy/api/drafts', async () => (await import('./mock-api')).draftsModule(api));

import TradingPage from '@web/features/strategy/components/trading-page';

const KEY = 'options-academy.selected-account';

function renderPage(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/app/trading', element: <TradingPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function chooseBullPutSpread() {
  const panel = await screen.findByRole('region', { name: 'Ready-made' });
  await userEvent.click(within(panel).getByRole('tab', { name: 'Bullish' }));
  await userEvent.click(within(panel).getByRole('button', { name: /^Bull Put Spread/ }));
  await waitFor(() => expect(screen.queryAllByTestId('leg-row').length).toBe(2));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T18:00:00Z'));
  stubResizeObserver();
  Object.values(api).forEach((f) => f.mockReset());
  localStorage.removeItem(KEY);
  api.getTickers.mockResolvedValue({ source: 'demo', tickers: TICKERS });
  api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES });
  api.getChain.mockImplementation(async (u: string, e: string) => chainFor(e, u));
  api.getPortfolio.mockResolvedValue(portfolioWith(100_000));
  api.getDrafts.mockResolvedValue({ drafts: [] });
  api.preTrade.mockResolvedValue({ canProceed: true, checks: [] });
  api.getCompetitionAccount.mockResolvedValue(account({ account: { ...account().account, buyingPower: 87_654.32, equity: 99_876.54 } }));
});
afterEach(() => {
  cleanup();
  localStorage.removeItem(KEY);
  vi.useRealTimers();
});

describe('the builder with a competition account', () => {
  it('arrives with ?account= chosen, drops it from the URL, shows that account and places Trade All on it', async () => {
    api.placeOrder.mockResolvedValue({ order: { orderId: '01J', status: 'filled' }, checks: [] });
    const router = renderPage(`/app/trading?underlying=SPY&account=${COMPETITION}`);
    await waitFor(() => expect(localStorage.getItem(KEY)).toBe(COMPETITION));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('account')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('underlying')).toBe('SPY');
    expect((await screen.findByTestId('buying-power')).textContent).toBe('$87,654.32');
    expect(screen.getByTestId('account-balance').textContent).toBe('$99,876.54');
    expect(screen.getByRole('complementary', { name: 'Educational use only' }).textContent).toContain('Trades here go to your competition account');
    expect(screen.getByRole('link', { name: /Your competition account/ }).getAttribute('href')).toBe('/app/competitions/weekly-2026-11-30');

    await chooseBullPutSpread();
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Competition · Weekly · Nov 30 – Dec 4, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));
    expect(api.placeOrder.mock.calls.at(-1)![0]).toMatchObject({ accountId: COMPETITION, strategy: 'Bull Put Spread' });
    // The paper account's dry run says nothing about the competition account, so none is asked for.
    expect(api.preTrade).not.toHaveBeenCalled();
    expect(await screen.findByText(/Strategy placed successfully!/)).toBeTruthy();
  });

  it("shows the server's refusal of an order that is not defined-risk", async () => {
    localStorage.setItem(KEY, COMPETITION);
    const message = undefinedRiskMessage('SPY');
    api.placeOrder.mockRejectedValue(new ApiError(422, message, { error: message, code: 'unprocessable', underlying: 'SPY' }));
    renderPage('/app/trading?underlying=SPY');
    await screen.findByTestId('buying-power');
    await chooseBullPutSpread();
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(message);
  });

  it('keeps the paper account when the account named in the URL is not in the list', async () => {
    const router = renderPage('/app/trading?underlying=SPY&account=competition-weekly-2026-11-23');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('account')).toBeNull());
    expect(localStorage.getItem(KEY)).toBeNull();
    expect((await screen.findByTestId('buying-power')).textContent).toBe('$100,000.00');
    expect(api.getCompetitionAccount).not.toHaveBeenCalled();
  });
});
