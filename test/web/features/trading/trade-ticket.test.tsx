// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const CONTRACT = 'SPY261218C00600000';
vi.mock('@web/api/market', () => ({
  useContractQuote: () => ({
    data: {
      quote: {
        contract_ticker: CONTRACT,
        contract_type: 'call',
        strike_price: 600,
        expiration_date: '2026-12-18',
        bid: 2.0,
        ask: 2.2,
        mark: 2.1,
        last: 2.1,
        implied_volatility: 0.18,
        delta: 0.4,
        gamma: 0.01,
        theta: -0.1,
        vega: 0.5,
        rho: 0.1,
        volume: 100,
        open_interest: 1000,
      },
      underlying: { ticker: 'SPY', price: 598.5, asOf: '2026-11-20T21:00:00.000Z' },
      source: 'demo',
      expiryType: 'Monthly',
      daysToExpiry: 26,
    },
    isPending: false,
    isError: false,
  }),
}));
vi.mock('@web/api/paper-account', () => ({
  // The paper account is the one chosen in the account selector.
  useAccounts: () => ({ data: { accounts: [{ id: 'paper', name: 'Paper Trading', mode: 'paper' }], needsSetup: false }, isPending: false }),
  preTrade: vi.fn(async () => ({ canProceed: true, checks: [] })),
  usePlaceOrder: () => ({ mutate: vi.fn(), isPending: false }),
  useUpdateSettings: () => ({ mutate: vi.fn(), isPending: false, isError: false }),
  usePortfolio: () => ({
    data: {
      account: {
        name: 'Paper Trading',
        settings: { fillModel: 'cross', midShare: 0.5, commissionPerContract: 0.65, optionsLevel: 2 },
        buyingPower: 100_000,
        cash: 100_000,
        equity: 100_000,
      },
      positions: [],
    },
    isPending: false,
    isError: false,
  }),
}));

import TradeTicketPage from '@web/features/trading/components/trade-ticket-page';
import { preTrade } from '@web/api/paper-account';
import { ApiError } from '@web/lib/api-client';

const renderTicket = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/app/trade?contract=${CONTRACT}&side=buy`]}>
        <TradeTicketPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the trade ticket quantity', () => {
  afterEach(cleanup);

  it("gives the spec's message for each way a quantity can be wrong, and keeps the order from being reviewed", async () => {
    renderTicket();
    const quantity = screen.getByLabelText('Contracts');
    const review = screen.getByRole('button', { name: 'Review order' });

    await userEvent.clear(quantity);
    expect(screen.getByRole('alert').textContent).toBe('Order quantity must be greater than zero');
    expect((review as HTMLButtonElement).disabled).toBe(true);

    await userEvent.type(quantity, '1.5');
    expect(screen.getByRole('alert').textContent).toBe('Options orders must have whole number quantities');

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((review as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server’s refusal of a quantity in words, as the check that blocks the order', async () => {
    vi.mocked(preTrade).mockRejectedValueOnce(
      new ApiError(400, 'Quantity of leg 1: at most 10,000 contracts', { error: 'Quantity of leg 1: at most 10,000 contracts', code: 'bad_request' }),
    );
    renderTicket();
    const quantity = screen.getByLabelText('Contracts');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '999999');
    expect(await screen.findByText('Quantity of leg 1: at most 10,000 contracts', {}, { timeout: 3000 })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why a limit price of zero or less is refused', async () => {
    renderTicket();
    await userEvent.click(screen.getByRole('radio', { name: 'Limit' }));
    const limit = screen.getByLabelText(/limit price/i);
    fireEvent.change(limit, { target: { value: '-5' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'A single-leg limit price must be above $0.00: it is the most you pay, or the least you accept, per share.',
    );
    expect((screen.getByRole('button', { name: 'Review order' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
