// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
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
// What POST /api/orders received, and what it answers.
const sent = vi.hoisted(() => ({ orders: [] as unknown[], answer: null as unknown }));
vi.mock('@web/api/paper-account', () => ({
  // The accounts the selector lists; the one chosen is remembered in localStorage (the paper account by default).
  useAccounts: () => ({
    data: {
      accounts: [
        { id: 'paper', name: 'Paper Trading', mode: 'paper' },
        { id: 'alpaca-live', name: 'Alpaca Live', mode: 'live' },
      ],
      needsSetup: false,
    },
    isPending: false,
  }),
  preTrade: vi.fn(async () => ({ canProceed: true, checks: [] })),
  usePlaceOrder: () => ({
    mutate: (order: unknown, opts: { onSuccess: (placed: unknown) => void }) => {
      sent.orders.push(order);
      opts.onSuccess(sent.answer);
    },
    isPending: false,
  }),
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

vi.mock('@web/api/broker', () => ({
  useBrokerAccount: (environment: string | null) => ({
    data: environment ? { account: { options_buying_power: 5_000 }, standIn: true, host: 'localhost:4010' } : undefined,
  }),
  useBrokerPositions: () => ({ data: { positions: [] } }),
  useBrokerRefresh: () => async () => undefined,
  useBrokerSync: () => undefined,
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

const filledOrder = (over: Record<string, unknown>) => ({
  order: {
    orderId: 'o-1',
    status: 'filled',
    fills: [{ price: 2.2 }],
    totalCost: 440.65,
    commission: 0.65,
    held: 0,
    netPrice: 2.2,
    ...over,
  },
  checks: [],
});

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

describe('one ticket for every account', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sent.orders = [];
  });

  it('places a paper order on the paper account: the paper confirmation, no account id, and the fill in words', async () => {
    sent.answer = filledOrder({});
    renderTicket();
    expect(screen.getByRole('heading', { name: 'Paper order' })).toBeTruthy();
    // The pre-trade summary: the fill model's price now, the commission and the paper account's buying power.
    const summary = screen.getByLabelText('Order summary');
    expect(summary.textContent).toContain('Commission$0.65');
    expect(summary.textContent).toContain('Buying power$100,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Paper Trading (Virtual)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));
    expect(sent.orders).toHaveLength(1);
    expect(sent.orders[0]).toMatchObject({ type: 'market', legs: [{ contract: CONTRACT, side: 'buy', quantity: 1 }] });
    expect(sent.orders[0]).not.toHaveProperty('accountId');
    expect(screen.getByRole('heading', { name: 'Order filled' })).toBeTruthy();
    expect(screen.getByTestId('order-result').textContent).toMatch(/^Bought 1 SPY .* Call at \$2\.20 \(paid \$440\.65 including \$0\.65 commission\)\.$/);
  });

  it('places on the Alpaca account chosen in the selector: its name, the stand-in note, the live confirmation, its id on the order', async () => {
    localStorage.setItem('options-academy.selected-account', 'alpaca-live');
    sent.answer = filledOrder({ fills: [], totalCost: null, commission: 0 });
    vi.mocked(preTrade).mockClear();
    renderTicket();
    expect(screen.getByRole('heading', { name: 'Alpaca Live order' })).toBeTruthy();
    expect(screen.getByText(/the order goes to Alpaca after the same checks as a paper order/).textContent).toContain('On Alpaca Live');
    expect(screen.getByRole('note').textContent).toContain('local Alpaca stand-in');
    // No paper fill model or commission: the ask stands in for a market buy, and the buying power is Alpaca's.
    expect(screen.queryByText(/Fill model/)).toBeNull();
    const summary = screen.getByLabelText('Order summary');
    expect(summary.textContent).toContain('Now, as a market order fills$2.20 a share');
    expect(summary.textContent).toContain('Commission$0.00');
    expect(summary.textContent).toContain('Options buying power$5,000.00');
    // The paper account's dry run says nothing about an Alpaca account.
    expect(vi.mocked(preTrade)).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Alpaca Live (REAL MONEY)');
    const place = within(dialog).getByRole('button', { name: 'PLACE LIVE TRADE' });
    expect((place as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(dialog).getByLabelText('I understand this is a live trade with real money and accept the risk.'));
    await userEvent.click(place);
    expect(sent.orders).toHaveLength(1);
    expect(sent.orders[0]).toMatchObject({ accountId: 'alpaca-live', type: 'market', legs: [{ contract: CONTRACT, side: 'buy', quantity: 1 }] });
    expect(screen.getByTestId('order-result').textContent).toBe('Order sent to Alpaca: filled at $2.20.');
  });
});
