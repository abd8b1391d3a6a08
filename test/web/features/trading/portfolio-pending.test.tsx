// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioView } from '@shared/paper/paper.api';
import { stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import PortfolioPage from '@web/features/trading/components/portfolio-page';

const portfolio = (pending: PortfolioView['pending']): PortfolioView => ({
  account: {
    name: 'Paper Trading',
    mode: 'paper',
    currency: 'USD',
    startingCapital: 100_000,
    run: 1,
    createdAt: '2026-11-02T15:00:00.000Z',
    cash: 99_500,
    buyingPower: 99_500,
    optionsBuyingPower: 99_500,
    equity: 99_700,
    positionsValue: 200,
    reservedForShortOptions: 0,
    heldForOrders: 0,
    realizedPnl: 0,
    unrealizedPnl: -300,
    totalPnl: -300,
    dayPnl: 0,
    settings: { optionsLevel: 2, fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 },
    optionsLevelName: 'Standard',
    pdt: { isPatternDayTrader: false, dayTradeCount: 0, dayTradesRemaining: 3, equityRequirement: 25_000, currentEquity: 99_700, meetsRequirement: true },
  },
  positions: [],
  greeks: { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 },
  activity: [],
  pending,
});

function renderPage(answer: PortfolioView) {
  stubApi({ 'GET /api/portfolio': answer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <PortfolioPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the portfolio’s pending work', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists what the settle job has not done yet, in a quiet notice', async () => {
    renderPage(portfolio([{ kind: 'settlement', text: '1 contract of SPY Nov 20, 26 600 Call expired and is settled at the next run.' }]));
    const notice = await screen.findByTestId('pending-notice');
    expect(notice.textContent).toContain('1 contract of SPY Nov 20, 26 600 Call expired and is settled at the next run.');
    expect(notice.getAttribute('role')).toBeNull();
  });

  it('shows no notice when nothing is pending', async () => {
    renderPage(portfolio([]));
    await screen.findByTestId('summary-cash');
    expect(screen.queryByTestId('pending-notice')).toBeNull();
  });
});
