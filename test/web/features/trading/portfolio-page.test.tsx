// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortfolioView } from '@shared/paper/paper.api';
import { json, stubApi, type Stub } from '../../app/api-stub';

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
    fees: 0,
    unrealizedPnl: -300,
    totalPnl: -300,
    dayPnl: 0,
    settings: { optionsLevel: 2, fillModel: 'bid-ask', midShare: 0.25, commissionPerContract: 0.65 },
    optionsLevelName: 'Standard',
    pdt: { isPatternDayTrader: false, dayTradeCount: 0, dayTradesRemaining: 3, equityRequirement: 25_000, currentEquity: 99_700, meetsRequirement: true },
  },
  positions: [],
  strategies: [],
  greeks: { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 },
  activity: [],
  pending,
});

function renderPage(answer: PortfolioView, more: Record<string, Stub> = {}) {
  const api = stubApi({ 'GET /api/portfolio': answer, ...more });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <PortfolioPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

describe('the portfolio’s pending work', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists what the settle job has not done yet, in a quiet notice', async () => {
    renderPage(portfolio([{ kind: 'settlement', text: '1 contract of SPY Nov 20, 2026 $600 Call expired and is settled at the next run.' }]));
    const notice = await screen.findByTestId('pending-notice');
    expect(notice.textContent).toContain('1 contract of SPY Nov 20, 2026 $600 Call expired and is settled at the next run.');
    expect(notice.getAttribute('role')).toBeNull();
  });

  it('shows no notice when nothing is pending', async () => {
    renderPage(portfolio([]));
    await screen.findByTestId('summary-cash');
    expect(screen.queryByTestId('pending-notice')).toBeNull();
  });
});

describe('closing a position', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const position: PortfolioView['positions'][number] = {
    symbol: 'SPY261218P00580000',
    kind: 'option',
    underlying: 'SPY',
    optionType: 'put',
    strike: 580,
    expiration: '2026-12-18',
    quantity: 2,
    side: 'long',
    avgPrice: 4,
    mark: 3.5,
    bid: 3.4,
    ask: 3.6,
    marketValue: 700,
    costBasis: 800,
    unrealizedPnl: -100,
    openedAt: '2026-11-20T15:00:00.000Z',
    underlyingPrice: 600,
    intrinsicValue: 0,
    greeks: { delta: -60, gamma: 2, theta: -10, vega: 40, rho: -5 },
    quoteAsOf: '2026-11-20T21:00:00.000Z',
    group: null,
  };

  it("says which positions the learner's agent token opened, as the orders list says of its orders", async () => {
    renderPage({
      ...portfolio([]),
      positions: [
        { ...position, agent: 'my-bot' },
        { ...position, symbol: 'SPY261218C00600000', optionType: 'call', strike: 600 },
      ],
    });
    const rows = await screen.findAllByTestId('position-row');
    expect(rows.map((r) => within(r).queryByTestId('position-agent')?.textContent ?? null)).toEqual(["opened by agent 'my-bot'", null]);
    const cards = screen.getAllByTestId('position-card');
    expect(cards.map((c) => within(c).queryByTestId('position-agent')?.textContent ?? null)).toEqual(["opened by agent 'my-bot'", null]);
  });

  it('sends one idempotency key per close: the same when the learner confirms again after an error, a new one for the next close', async () => {
    let attempts = 0;
    const api = renderPage(
      { ...portfolio([]), positions: [position] },
      {
        'POST /api/positions/SPY261218P00580000/close': () =>
          ++attempts === 1 ? json({ error: 'Something went wrong on our side. Please try again.' }, 500) : json({ order: {}, checks: [] }, 201),
      },
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Close' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Place Paper Trade' }));
    expect((await screen.findAllByText('Something went wrong on our side. Please try again.')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Place Paper Trade' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Place Paper Trade' })).toBeNull());
    await user.click((await screen.findAllByRole('button', { name: 'Close' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Place Paper Trade' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(3));
    const keys = api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { clientOrderId: string }).clientOrderId);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('selling shares while the market is closed', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const shares: PortfolioView['positions'][number] = {
    symbol: 'SPY',
    kind: 'stock',
    underlying: 'SPY',
    optionType: null,
    strike: null,
    expiration: null,
    quantity: 100,
    side: 'long',
    avgPrice: 590,
    mark: 600,
    bid: 600,
    ask: 600,
    marketValue: 60_000,
    costBasis: 59_000,
    unrealizedPnl: 1_000,
    openedAt: '2026-11-20T15:00:00.000Z',
    underlyingPrice: 600,
    intrinsicValue: null,
    greeks: { delta: 100, gamma: 0, theta: 0, vega: 0, rho: 0 },
    quoteAsOf: '2026-11-27T18:00:00.000Z',
    group: null,
  };

  it('says before the sale is sent that it waits for Monday, and sends the learner’s choice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T15:00:00Z')); // Saturday 10:00 New York
    const api = renderPage({ ...portfolio([]), positions: [shares] }, { 'POST /api/positions/SPY/close': json({ order: {}, checks: [] }, 201) });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Close' }))[0]!);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Market (day): closes the position, queued for the next session');
    expect(within(dialog).getByTestId('market-hours-note').textContent).toContain('This order is queued and fills at the next session');
    await user.click(within(dialog).getByRole('radio', { name: 'Fill now at the last close (practice shortcut)' }));
    await user.click(screen.getByRole('button', { name: 'Place Paper Trade' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ whenClosed: 'last-close' });
  });
});

describe('strategies', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const leg = (symbol: string, quantity: number, bid: number, ask: number, strike: number): PortfolioView['positions'][number] => ({
    symbol,
    kind: 'option',
    underlying: 'SPY',
    optionType: 'call',
    strike,
    expiration: '2026-12-18',
    quantity,
    side: quantity > 0 ? 'long' : 'short',
    avgPrice: 5,
    mark: (bid + ask) / 2,
    bid,
    ask,
    marketValue: ((bid + ask) / 2) * quantity * 100,
    costBasis: 5 * quantity * 100,
    unrealizedPnl: 10,
    openedAt: '2026-11-20T15:00:00.000Z',
    underlyingPrice: 600,
    intrinsicValue: 0,
    greeks: { delta: 10, gamma: 1, theta: -1, vega: 2, rho: 1 },
    quoteAsOf: '2026-11-20T21:00:00.000Z',
    group: { id: '01JSPREAD0000000000000000A', name: 'Bull Call Spread' },
  });

  it('shows a strategy’s legs together and closes them as one order, confirming what it will bring in', async () => {
    const legs = [leg('SPY261218C00600000', 1, 6, 6.2, 600), leg('SPY261218C00610000', -1, 2, 2.1, 610)];
    const answer = {
      ...portfolio([]),
      positions: legs,
      strategies: [
        { id: '01JSPREAD0000000000000000A', name: 'Bull Call Spread', symbols: legs.map((l) => l.symbol), marketValue: 400, costBasis: 0, unrealizedPnl: 20 },
      ],
    };
    const api = renderPage(answer, { 'POST /api/strategies/01JSPREAD0000000000000000A/close': json({ order: {}, checks: [] }, 201) });
    const strategy = await screen.findByTestId('strategy');
    expect(strategy.textContent).toContain('Bull Call Spread');
    expect(strategy.textContent).toContain('2 legs');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Close strategy' }));
    const dialog = screen.getByRole('dialog');
    // Sell the long at its bid ($6.00), buy the short back at its ask ($2.10): $390 in, less $1.30 commission.
    expect(dialog.textContent).toContain('Price now (natural)$3.90 net credit per unit');
    // The same at the mid-prices ($6.10 and $2.05), and the commission on its own line, as the builder shows them.
    expect(dialog.textContent).toContain('At the mid$4.05 net credit per unit');
    expect(dialog.textContent).toContain('Commission$1.30');
    expect(dialog.textContent).toContain('Total credit$388.70');
    await user.click(screen.getByRole('button', { name: 'Place Paper Trade' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      clientOrderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      // What happens while the market is closed: the broker's rule unless the learner chose the shortcut.
      whenClosed: 'next-session',
    });
  });
});

describe('exercising early', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  // A call $1 in the money bidding $2.00: exercising gets $100 a contract, selling $200 less $0.65 commission.
  const call: PortfolioView['positions'][number] = {
    symbol: 'SPY261218C00599000',
    kind: 'option',
    underlying: 'SPY',
    optionType: 'call',
    strike: 599,
    expiration: '2026-12-18',
    quantity: 1,
    side: 'long',
    avgPrice: 2.5,
    mark: 2.1,
    bid: 2,
    ask: 2.2,
    marketValue: 210,
    costBasis: 250,
    unrealizedPnl: -40,
    openedAt: '2026-11-20T15:00:00.000Z',
    underlyingPrice: 600,
    intrinsicValue: 1,
    greeks: { delta: 55, gamma: 2, theta: -10, vega: 40, rho: 5 },
    quoteAsOf: '2026-11-20T21:00:00.000Z',
    group: null,
  };

  it('asks first, warns that exercising gives up time value, and offers to sell instead', async () => {
    const api = renderPage({ ...portfolio([]), positions: [call] });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Exercise' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Exercise the option' });
    expect(dialog.textContent).toContain('You buy 100 SPY shares at the strike, $599.00, paying $59,900.00.');
    expect(screen.getByTestId('exercise-warning').textContent).toBe('Exercising now gives up $99.35 of time value; selling the option would get $199.35.');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sell instead' }));
    expect(screen.queryByRole('dialog', { name: 'Exercise the option' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Confirm paper trade' }).textContent).toContain('SELL');
  });

  it('exercises on confirmation and shows what happened with the server’s warning', async () => {
    const api = renderPage(
      { ...portfolio([]), positions: [call] },
      {
        'POST /api/positions/SPY261218C00599000/exercise': {
          activity: {
            id: 'a1',
            at: '2026-11-23T15:00:00.000Z',
            kind: 'exercised',
            text: 'Exercised early: 1 contract of SPY Dec 18 599 Call.',
            cashDelta: -59_900,
            realizedPnl: 0,
          },
          warning: 'Exercising now gives up $99.35 of time value; selling the option would get $199.35.',
        },
      },
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Exercise' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Exercise 1 contract' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Exercise the option' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/positions/SPY261218C00599000/exercise']);
    expect(screen.getByRole('status').textContent).toBe(
      'Exercised early: 1 contract of SPY Dec 18 599 Call. Exercising now gives up $99.35 of time value; selling the option would get $199.35.',
    );
  });
});
