// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { chainFor, EXPIRIES, markOf, portfolioWith, SPOT, TICKERS } from './fixtures';
import { stubResizeObserver } from './mock-api';

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
}));
vi.mock('@web/api/market', async () => (await import('./mock-api')).marketModule(api));
vi.mock('@web/api/paper-account', async () => (await import('./mock-api')).paperAccountModule(api));
vi.mock('@web/api/broker', async (actual) => ({
  ...(await actual<object>()),
  useBrokerCredentials: () => ({ data: { credentials: [], environments: [] }, isPending: false }),
}));
vi.mock('@web/features/strategy/api/drafts', async () => (await import('./mock-api')).draftsModule(api));

import TradingPage from '@web/features/strategy/components/trading-page';

const FRONT = '2026-12-18';

function Probe() {
  const location = useLocation();
  return <p data-testid="probe">{location.pathname}</p>;
}

function renderPage(path = '/app/trading?underlying=SPY') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/app/trading', element: <TradingPage /> },
      { path: '/app/orders', element: <Probe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const search = (router: ReturnType<typeof renderPage>) => new URLSearchParams(router.state.location.search);
const legRows = () => screen.queryAllByTestId('leg-row');
const strikeOf = (n: number) => Number(screen.getByLabelText<HTMLInputElement>(`Leg ${n} strike`).value.replace(/[$,]/g, ''));
const priceOf = (n: number) => screen.getByLabelText(`Leg ${n} price`).textContent;
const usd = (x: number) => `$${x.toFixed(2)}`;
const readyMade = () => screen.queryByRole('region', { name: 'Ready-made' });

async function chooseTemplate(tab: string, name: string) {
  const panel = await screen.findByRole('region', { name: 'Ready-made' });
  await userEvent.click(within(panel).getByRole('tab', { name: tab }));
  await userEvent.click(within(panel).getByRole('button', { name: new RegExp(`^${name}`) }));
  await waitFor(() => expect(legRows().length).toBeGreaterThan(0));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T18:00:00Z'));
  stubResizeObserver();
  Object.values(api).forEach((f) => f.mockReset());
  api.getTickers.mockResolvedValue({ source: 'demo', tickers: TICKERS });
  api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES });
  api.getChain.mockImplementation(async (u: string, e: string) => chainFor(e, u));
  api.getPortfolio.mockResolvedValue(portfolioWith(100_000));
  api.getDrafts.mockResolvedValue({ drafts: [] });
  api.preTrade.mockResolvedValue({ canProceed: true, checks: [] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the trading page', () => {
  it('asks for an underlying with a Get Started prompt, lists symbols with prices, and shows the price once chosen', async () => {
    const router = renderPage('/app/trading');
    expect(screen.getByRole('heading', { level: 1, name: 'Trading' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Educational use only' }).textContent).toContain('virtual money');
    expect(screen.getByRole('heading', { name: 'Get Started' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Live Trading with Alpaca' }).textContent).toContain('0 accounts connected');
    const select = screen.getByLabelText('Underlying') as HTMLSelectElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a stock or ETF...', 'QQQ · $480.50', 'SPY · $100.00']),
    );

    await userEvent.selectOptions(select, 'SPY');
    expect(search(router).get('underlying')).toBe('SPY');
    expect(screen.getByTestId('underlying-price').textContent).toBe('$100.00');
    expect(await screen.findByTestId('buying-power')).toBeTruthy();
    expect(screen.getByTestId('buying-power').textContent).toBe('$100,000.00');
    expect(screen.queryByRole('heading', { name: 'Get Started' })).toBeNull();
  });

  it('offers to open a paper account when there is none', async () => {
    api.getPortfolio.mockResolvedValue(null);
    api.openAccount.mockResolvedValue(portfolioWith(25_000));
    renderPage();
    await userEvent.click(await screen.findByLabelText('$25,000'));
    await userEvent.click(screen.getByRole('button', { name: 'Open paper account' }));
    expect(api.openAccount).toHaveBeenCalledWith(25_000);
    expect((await screen.findByTestId('buying-power')).textContent).toBe('$25,000.00');
  });

  it('opened with a template, starts the account at the options trading level that template needs and says why', async () => {
    api.getPortfolio.mockResolvedValue(null);
    renderPage('/app/trading?underlying=SPY&template=bull-call-spread');
    expect((await screen.findByRole('radio', { name: /^Level 3: Advanced/ })) as HTMLInputElement).toMatchObject({ checked: true });
    expect(screen.getByTestId('level-reason').textContent).toBe(
      'Options trading level 3 (Advanced) is chosen for you: the Bull Call Spread you came from needs it.',
    );
  });
});

describe('opening a template from the library', () => {
  it('asks for an underlying first, then places the template on it and keeps both in the URL', async () => {
    const router = renderPage('/app/trading?template=iron-condor');
    expect(screen.getByRole('heading', { name: 'Get Started' }).parentElement!.textContent).toContain('to place the Iron Condor on its options chain');
    const select = screen.getByLabelText('Underlying');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'SPY');
    await waitFor(() => expect(legRows()).toHaveLength(4));
    expect(search(router).get('underlying')).toBe('SPY');
    expect(search(router).get('template')).toBe('iron-condor');
  });

  it('says so when the template does not exist', async () => {
    renderPage('/app/trading?underlying=SPY&template=no-such-thing');
    expect(screen.getByRole('alert').textContent).toContain('There is no ready-made strategy called “no-such-thing”');
  });
});

describe('the ready-made panel', () => {
  it('searches names and descriptions within the tab, and says when nothing matches', async () => {
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Ready-made' });
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Bullish', 'Bearish', 'Neutral', 'Others']);
    await userEvent.type(within(panel).getByLabelText('Search strategies'), 'condor');
    await userEvent.click(within(panel).getByRole('tab', { name: 'Neutral' }));
    const names = within(panel)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names.some((n) => n?.startsWith('Iron Condor'))).toBe(true);
    expect(names.every((n) => /condor/i.test(n ?? ''))).toBe(true);
    expect(within(panel).getByRole('button', { name: /^Iron Condor/ }).textContent).toContain('intermediate');
    await userEvent.type(within(panel).getByLabelText('Search strategies'), 'zzz');
    expect(within(panel).getByText('No strategies found')).toBeTruthy();
  });
});

describe('the builder states', () => {
  it('starts with no legs and the empty state, then a template fills the legs on the grid at their marks and hides the ready-made panel', async () => {
    const router = renderPage();
    expect(await screen.findByText('No strategy selected - Select a ready-made strategy or build your own')).toBeTruthy();
    expect(legRows()).toHaveLength(0);

    await chooseTemplate('Neutral', 'Iron Condor');
    expect(search(router).get('template')).toBe('iron-condor');
    expect(legRows()).toHaveLength(4);
    expect(readyMade()).toBeNull();
    expect(screen.getByRole('heading', { name: /^Iron Condor/ })).toBeTruthy();
    // The Alpaca connection card comes after the legs, not between the learner and them.
    const legs = screen.getByRole('list', { name: 'Legs' });
    const liveCard = screen.getByRole('region', { name: 'Live Trading with Alpaca' });
    expect(legs.compareDocumentPosition(liveCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const sides = legRows().map((r) => within(r).getAllByRole('button')[0]!.textContent);
    expect(sides).toEqual(['BUY', 'SELL', 'SELL', 'BUY']);
    const types = [1, 2, 3, 4].map((n) => (screen.getByLabelText(`Leg ${n} type`) as HTMLSelectElement).selectedOptions[0]!.textContent);
    expect(types).toEqual(['Put', 'Put', 'Call', 'Call']);
    const strikes = [1, 2, 3, 4].map(strikeOf);
    expect(strikes).toEqual([...strikes].sort((a, b) => a - b));
    expect(strikes[1]).toBeLessThan(100);
    expect(strikes[2]).toBeGreaterThan(100);
    // The template's 30-day legs go on the listed expiry nearest 30 days, each priced at its contract's mark.
    for (const [i, type] of (['put', 'put', 'call', 'call'] as const).entries()) {
      expect((screen.getByLabelText(`Leg ${i + 1} expiry`) as HTMLSelectElement).value).toBe(FRONT);
      expect(priceOf(i + 1)).toBe(usd(markOf(type, strikes[i]!, FRONT)));
    }
    expect(screen.queryByText('No strategy selected - Select a ready-made strategy or build your own')).toBeNull();
    expect(screen.getByTestId('summary-max-profit').textContent).toMatch(/^\$\d/);
  });

  it('links the legs to the backtest page with their price, and offers no link without legs or with more than a backtest takes', async () => {
    renderPage();
    await screen.findByText('No strategy selected - Select a ready-made strategy or build your own');
    expect(screen.queryByRole('link', { name: 'Backtest these legs' })).toBeNull();

    await chooseTemplate('Bullish', 'Bull Call Spread');
    const link = await screen.findByRole('link', { name: 'Backtest these legs' });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/app/backtest');
    expect(url.searchParams.get('underlying')).toBe('SPY');
    expect(url.searchParams.get('price')).toBe(String(SPOT));
    const [low, high] = [strikeOf(1), strikeOf(2)];
    expect(url.searchParams.get('legs')).toBe(`buy.call.${low}.${FRONT}.1,sell.call.${high}.${FRONT}.1`);

    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Add Leg' }));
    await waitFor(() => expect(legRows()).toHaveLength(5));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Backtest these legs' })).toBeNull());
  });

  it('Clear New Trades empties the legs, drops the template, sets the multiplier back to 1 and shows the panel again', async () => {
    const router = renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    await userEvent.selectOptions(screen.getByLabelText('Multiplier'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Clear New Trades' }));
    expect(legRows()).toHaveLength(0);
    expect(search(router).get('template')).toBeNull();
    expect((screen.getByLabelText('Multiplier') as HTMLSelectElement).value).toBe('1');
    expect(readyMade()).toBeTruthy();
    expect(screen.getByText('No strategy selected - Select a ready-made strategy or build your own')).toBeTruthy();
  });

  it('sets lots to 1 when the input is not a whole number of at least 1', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leg' }));
    const lots = screen.getByLabelText('Leg 1 lots') as HTMLInputElement;
    await userEvent.clear(lots);
    await userEvent.type(lots, '3');
    expect(lots.value).toBe('3');
    const threeLots = screen.getByTestId('summary-max-loss').textContent;
    for (const bad of ['0', '-2', '2.5']) {
      await userEvent.clear(lots);
      await userEvent.type(lots, bad);
      await userEvent.tab();
      expect(lots.value).toBe('1');
    }
    await userEvent.clear(lots);
    await userEvent.tab();
    expect(lots.value).toBe('1');
    expect(screen.getByTestId('summary-max-loss').textContent).not.toBe(threeLots);
  });

  it('steps the strike only through strikes with open interest or volume, and re-prices the leg', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leg' }));
    await waitFor(() => expect(strikeOf(1)).toBe(100));
    const expiry = (screen.getByLabelText('Leg 1 expiry') as HTMLSelectElement).value;
    const up = screen.getByRole('button', { name: 'Higher strike for leg 1' });
    const down = screen.getByRole('button', { name: 'Lower strike for leg 1' });
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      await userEvent.click(up);
      seen.push(strikeOf(1));
    }
    // 103 has open interest only; 104 has neither and is skipped.
    expect(seen).toEqual([101, 102, 103, 105, 107.5]);
    expect(priceOf(1)).toBe(usd(markOf('call', 107.5, expiry)));
    const back: number[] = [];
    for (let i = 0; i < 10; i++) {
      await userEvent.click(down);
      back.push(strikeOf(1));
    }
    // 97 has volume only; 96 has neither and is skipped.
    expect(back).toEqual([105, 103, 102, 101, 100, 99, 98, 97, 95, 92.5]);
    for (let i = 0; i < 10; i++) if (!(down as HTMLButtonElement).disabled) await userEvent.click(down);
    expect(strikeOf(1)).toBe(80);
    expect((down as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds legs up to 8 and then says why Add Leg is off', async () => {
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add Leg' });
    for (let i = 0; i < 8; i++) await userEvent.click(add);
    expect(screen.getAllByTestId('leg-row')).toHaveLength(8);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('max-legs').textContent).toBe('A strategy holds at most 8 legs: remove one to add another.');
    await userEvent.click(screen.getByRole('button', { name: 'Remove leg 8' }));
    expect((add as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('max-legs')).toBeNull();
  });

  it('takes a typed strike on Enter or leaving the field, at the nearest strike that trades; Escape and bad input undo', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leg' }));
    await waitFor(() => expect(strikeOf(1)).toBe(100));
    const expiry = (screen.getByLabelText('Leg 1 expiry') as HTMLSelectElement).value;
    const field = screen.getByLabelText<HTMLInputElement>('Leg 1 strike');
    await userEvent.clear(field);
    await userEvent.type(field, '107.5{Enter}');
    expect(field.value).toBe('$107.5');
    expect(priceOf(1)).toBe(usd(markOf('call', 107.5, expiry)));
    // 104 never trades: the nearest strike that does is 103 (105 is as near; the lower one wins).
    await userEvent.clear(field);
    await userEvent.type(field, '104');
    await userEvent.tab();
    expect(strikeOf(1)).toBe(103);
    await userEvent.clear(field);
    await userEvent.type(field, '$1,000{Enter}');
    expect(strikeOf(1)).toBe(120);
    await userEvent.clear(field);
    await userEvent.type(field, 'abc{Enter}');
    expect(strikeOf(1)).toBe(120);
    await userEvent.clear(field);
    await userEvent.type(field, '90{Escape}');
    expect(strikeOf(1)).toBe(120);
  });

  it('offers the 6 soonest expirations, plus a template leg’s own expiry; changing type or expiry re-prices the leg', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Leg' }));
    const expiry = screen.getByLabelText('Leg 1 expiry') as HTMLSelectElement;
    expect([...expiry.options].map((o) => o.value)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30', '2026-12-02']);
    expect(expiry.value).toBe('2026-12-02');
    await userEvent.selectOptions(expiry, '2026-11-27');
    await waitFor(() => expect(priceOf(1)).toBe(usd(markOf('call', 100, '2026-11-27'))));
    await userEvent.selectOptions(screen.getByLabelText('Leg 1 type'), 'put');
    await waitFor(() => expect(priceOf(1)).toBe(usd(markOf('put', 100, '2026-11-27'))));
    await userEvent.click(screen.getByRole('button', { name: 'Leg 1 is a buy. Switch to sell' }));
    expect(screen.getByRole('button', { name: 'Leg 1 is a sell. Switch to buy' }).textContent).toBe('SELL');

    await userEvent.click(screen.getByRole('button', { name: 'Clear New Trades' }));
    await chooseTemplate('Bullish', 'Long Call');
    const templated = screen.getByLabelText('Leg 1 expiry') as HTMLSelectElement;
    expect(templated.options).toHaveLength(7);
    expect(templated.value).toBe(FRONT);
  });

  it('shows the validator’s messages beside the legs as they are edited', async () => {
    renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    const messages = () => screen.queryByTestId('leg-messages')?.textContent ?? '';
    expect(messages()).not.toContain('Must have one buy leg and one sell leg');
    await userEvent.click(screen.getByRole('button', { name: 'Leg 2 is a sell. Switch to buy' }));
    expect(within(screen.getByTestId('leg-messages')).getByText('Must have one buy leg and one sell leg')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Leg 2 is a buy. Switch to sell' }));
    expect(messages()).not.toContain('Must have one buy leg and one sell leg');
    while (strikeOf(1) <= strikeOf(2)) await userEvent.click(screen.getByRole('button', { name: 'Higher strike for leg 1' }));
    expect(within(screen.getByTestId('leg-messages')).getByText('Buy call strike must be lower than sell call strike')).toBeTruthy();
  });
});

describe('Trade All', () => {
  it('alerts when there are no legs, and when the buying power does not cover the strategy', async () => {
    api.getPortfolio.mockResolvedValue(portfolioWith(150));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('alert').textContent).toBe('Please add at least one leg to the strategy');
    await chooseTemplate('Neutral', 'Iron Condor');
    await screen.findByTestId('buying-power');
    // The credit alone is under $150 (the spec's figure); the spread's width the account sets aside is not.
    const credit = Number(/Net credit \$([\d.]+)/.exec(screen.getByTestId('net-premium').textContent!)![1]);
    expect(credit).toBeLessThan(150);
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient buying power for this strategy');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.placeOrder).not.toHaveBeenCalled();
  });

  it('explains that a strategy of more than 4 legs cannot be one order yet', async () => {
    renderPage();
    await chooseTemplate('Neutral', 'Double Plateau');
    expect(legRows()).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^This strategy has 8 legs, and a paper order takes at most 4\. .*two orders/);
  });

  it('confirms, places one multi-leg order of lots × multiplier, says so and resets the builder', async () => {
    api.placeOrder.mockResolvedValue({ order: { orderId: '01J', status: 'filled' }, checks: [] });
    const router = renderPage();
    await chooseTemplate('Neutral', 'Iron Condor');
    await screen.findByTestId('buying-power');
    await userEvent.selectOptions(screen.getByLabelText('Multiplier'), '2');
    const strikes = [1, 2, 3, 4].map(strikeOf);
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm paper trade' });
    expect(dialog.textContent).toContain('2 × SPY Iron Condor');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));

    expect(api.placeOrder).toHaveBeenCalledTimes(1);
    const order = api.placeOrder.mock.calls[0]![0];
    expect(order).toMatchObject({ type: 'market', timeInForce: 'day', strategy: 'Iron Condor' });
    expect(order.clientOrderId).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(order.legs).toEqual([
      { contract: `SPY261218P${String(strikes[0]! * 1000).padStart(8, '0')}`, side: 'buy', quantity: 2 },
      { contract: `SPY261218P${String(strikes[1]! * 1000).padStart(8, '0')}`, side: 'sell', quantity: 2 },
      { contract: `SPY261218C${String(strikes[2]! * 1000).padStart(8, '0')}`, side: 'sell', quantity: 2 },
      { contract: `SPY261218C${String(strikes[3]! * 1000).padStart(8, '0')}`, side: 'buy', quantity: 2 },
    ]);
    expect(await screen.findByText('Strategy placed successfully! 4 legs × 2 contracts')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(legRows()).toHaveLength(0));
    expect(search(router).get('template')).toBeNull();
    expect((screen.getByLabelText('Multiplier') as HTMLSelectElement).value).toBe('1');
    expect(readyMade()).toBeTruthy();
  });

  it('places Trade All on the live Alpaca account chosen in the account selector, after the live confirmation and its box', async () => {
    localStorage.setItem('options-academy.selected-account', 'alpaca-live');
    try {
      api.placeOrder.mockResolvedValue({ order: { orderId: 'a-1', status: 'filled' }, checks: [] });
      renderPage();
      await chooseTemplate('Neutral', 'Iron Condor');
      await screen.findByTestId('buying-power');
      await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
      expect(screen.getByRole('complementary', { name: 'Educational use only' }).textContent).toContain(
        'Trades here go to your Alpaca live account and use real money.',
      );
      const dialog = screen.getByRole('dialog', { name: 'Confirm LIVE trade' });
      expect(dialog.textContent).toContain('Alpaca Live (REAL MONEY)');
      const place = within(dialog).getByRole('button', { name: 'PLACE LIVE TRADE' }) as HTMLButtonElement;
      expect(place.disabled).toBe(true);
      await userEvent.click(within(dialog).getByLabelText('I understand this is a live trade with real money and accept the risk.'));
      await userEvent.click(place);
      expect(api.placeOrder.mock.calls.at(-1)![0]).toMatchObject({ accountId: 'alpaca-live', strategy: 'Iron Condor', type: 'market' });
      expect(await screen.findByText('Strategy placed successfully! 4 legs × 1 contract')).toBeTruthy();
    } finally {
      localStorage.removeItem('options-academy.selected-account');
    }
  });

  it('places Trade All on an Alpaca paper account as virtual money: the ordinary confirmation, no LIVE box, the Alpaca account id', async () => {
    localStorage.setItem('options-academy.selected-account', 'alpaca-paper');
    try {
      api.placeOrder.mockResolvedValue({ order: { orderId: 'a-2', status: 'filled' }, checks: [] });
      renderPage();
      await chooseTemplate('Neutral', 'Iron Condor');
      await screen.findByTestId('buying-power');
      await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
      const dialog = screen.getByRole('dialog');
      expect(dialog.textContent).toContain('Alpaca Paper (Virtual)');
      expect(dialog.textContent).not.toContain('REAL MONEY');
      expect(within(dialog).queryByRole('checkbox')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));
      expect(api.placeOrder.mock.calls.at(-1)![0]).toMatchObject({ accountId: 'alpaca-paper', strategy: 'Iron Condor', type: 'market' });
      expect(await screen.findByText('Strategy placed successfully! 4 legs × 1 contract')).toBeTruthy();
    } finally {
      localStorage.removeItem('options-academy.selected-account');
    }
  });

  it('shows the same price in the builder and in the confirmation: the mid, the natural price, commission and the total charged', async () => {
    renderPage();
    await chooseTemplate('Neutral', 'Iron Condor');
    await screen.findByTestId('buying-power');
    const breakdown = await screen.findByTestId('price-breakdown');
    const figure = (text: string, label: RegExp) => text.match(new RegExp(`${label.source}[^$]*(\\$[\\d,]+\\.\\d\\d)`))![1];
    const total = figure(breakdown.textContent!, /Total the account (?:pays|receives)/);
    const natural = figure(breakdown.textContent!, /Now, as a market order fills/);
    const mid = figure(breakdown.textContent!, /At the mid/);
    expect(natural).not.toBe(mid); // a market order crosses the spread
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm paper trade' });
    expect(dialog.textContent).toContain(`Total credit${total}`);
    expect(dialog.textContent).toContain(`Price now (natural)${natural}`);
    expect(dialog.textContent).toContain(`At the mid${mid}`);
  });

  it('counts the buying power the order uses from the total it is charged, not from the mid', async () => {
    renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    await screen.findByTestId('buying-power');
    const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    const breakdown = await screen.findByTestId('price-breakdown');
    const total = money(/Total the account pays(\$[\d,]+\.\d\d)/.exec(breakdown.textContent!)![1]!);
    const mid = money(/Net debit (\$[\d,]+\.\d\d) at the mid-prices/.exec(screen.getByTestId('net-premium').textContent!)![1]!);
    expect(total).toBeGreaterThan(mid); // the natural prices and the commission
    expect(money(screen.getByTestId('funds-buying-power-needed').textContent!)).toBe(total);
    const after = within(screen.getByRole('region', { name: 'Funds & Margins' })).getByText('Buying power after the trade').nextSibling!;
    expect(after.textContent).toBe(`$${(100_000 - total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  it('shows the server’s refusal and its blocking checks in the dialog, and keeps the legs', async () => {
    const checks = [
      { passed: true, type: 'buying_power', severity: 'info', message: 'Sufficient buying power available: $100,000.00' },
      { passed: false, type: 'trading_level', severity: 'error', message: 'Trading level 3 required. Current level: 2' },
    ];
    api.placeOrder.mockRejectedValue(
      new ApiError(422, 'Trading level 3 required. Current level: 2', { error: 'Trading level 3 required. Current level: 2', checks }),
    );
    renderPage();
    await chooseTemplate('Neutral', 'Iron Condor');
    await screen.findByTestId('buying-power');
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Trading level 3 required. Current level: 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(legRows()).toHaveLength(4);
    expect(within(screen.getByRole('list', { name: 'Why the order was refused' })).getByText('Trading level 3 required. Current level: 2')).toBeTruthy();
  });

  it('sends a fresh client order id for each confirmation', async () => {
    api.placeOrder
      .mockRejectedValueOnce(new ApiError(0, 'Unable to reach Options Academy.', null))
      .mockResolvedValueOnce({ order: { orderId: '01J', status: 'filled' }, checks: [] });
    renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    await screen.findByTestId('buying-power');
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Place Paper Trade' }));
    await within(screen.getByRole('dialog')).findByRole('alert');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Place Paper Trade' }));
    await screen.findByText('Strategy placed successfully! 2 legs × 1 contract');
    const [first, second] = api.placeOrder.mock.calls.map((c) => c[0].clientOrderId);
    expect(first).not.toBe(second);
  });
});

describe('Trade All as a limit order', () => {
  const figure = (text: string, label: RegExp) => text.match(new RegExp(`${label.source}[^$]*(\\$[\\d,]+\\.\\d\\d)`))![1]!;
  const limitField = () => screen.getByLabelText<HTMLInputElement>('Net price per unit ($)');

  it('starts the limit at the net mid, says it in words, and the builder and the confirmation show the same total at the limit', async () => {
    api.placeOrder.mockResolvedValue({ order: { orderId: '01J', status: 'open' }, checks: [] });
    renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    await screen.findByTestId('buying-power');
    const marketTotal = figure((await screen.findByTestId('price-breakdown')).textContent!, /Total the account pays/);
    await userEvent.click(screen.getByLabelText('Limit at a net price'));
    const breakdown = screen.getByTestId('price-breakdown').textContent!;
    const mid = figure(breakdown, /At the mid/);
    expect(`$${limitField().value}`).toBe(mid);
    expect(screen.getByTestId('limit-words').textContent).toBe(`Limit: pay at most ${mid} net per unit`);
    expect(figure(breakdown, /At your limit/)).toBe(mid);
    const total = figure(breakdown, /Total the account pays at most, at your limit/);
    expect(total).not.toBe(marketTotal); // the mid is under the natural price a market order pays
    expect(Number(screen.getByTestId('funds-buying-power-needed').textContent!.replace(/[^\d.]/g, ''))).toBe(Number(total.replace(/[^\d.]/g, '')));

    // The learner bids a cent under the mid.
    const bid = (Number(limitField().value) - 0.01).toFixed(2);
    await userEvent.clear(limitField());
    await userEvent.type(limitField(), bid);
    expect(screen.getByTestId('limit-words').textContent).toBe(`Limit: pay at most $${bid} net per unit`);
    const atBid = figure(screen.getByTestId('price-breakdown').textContent!, /Total the account pays at most, at your limit/);
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm paper trade' });
    expect(dialog.textContent).toContain(`Order typeLimit $${bid} net debit (day)`);
    expect(dialog.textContent).toContain(`Price$${bid} net debit per unit`);
    expect(dialog.textContent).toContain(`Total cost${atBid}`);
    expect(dialog.textContent).not.toContain('Price now (natural)');
    expect(within(dialog).getByTestId('limit-note').textContent).toContain('it does not fill now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));

    expect(api.placeOrder).toHaveBeenCalledTimes(1);
    expect(api.placeOrder.mock.calls[0]![0]).toMatchObject({ type: 'limit', limitPrice: Number(bid), timeInForce: 'day', strategy: 'Bull Call Spread' });
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Your limit order is open: it fills when the market reaches your price, or expires at the close. View orders');
    expect(screen.queryByText(/placed successfully/)).toBeNull();
    await userEvent.click(within(status).getByRole('link', { name: 'View orders' }));
    expect(screen.getByTestId('probe').textContent).toBe('/app/orders');
  });

  it('offers a credit spread as a net credit, and sends a credit as a negative net price', async () => {
    api.placeOrder.mockResolvedValue({ order: { orderId: '01J', status: 'filled' }, checks: [] });
    renderPage();
    await chooseTemplate('Neutral', 'Iron Condor');
    await screen.findByTestId('buying-power');
    await userEvent.click(screen.getByLabelText('Limit at a net price'));
    const mid = figure(screen.getByTestId('price-breakdown').textContent!, /At the mid/);
    expect(screen.getByTestId('limit-words').textContent).toBe(`Limit: receive at least ${mid} net credit per unit`);
    expect((screen.getByLabelText('Debit or credit') as HTMLSelectElement).value).toBe('credit');
    const total = figure(screen.getByTestId('price-breakdown').textContent!, /Total the account receives at least, at your limit/);
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm paper trade' });
    expect(dialog.textContent).toContain(`Order typeLimit ${mid} net credit (day)`);
    expect(dialog.textContent).toContain(`Total credit${total}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Place Paper Trade' }));
    expect(api.placeOrder.mock.calls[0]![0]).toMatchObject({ type: 'limit', limitPrice: -Number(mid.slice(1)) });
    // Filled when placed: the spec's words.
    expect(await screen.findByText('Strategy placed successfully! 4 legs × 1 contract')).toBeTruthy();
  });

  it('prices the limit per unit of the legs’ ratio when their lots share a factor, and says so', async () => {
    renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    await screen.findByTestId('buying-power');
    for (const n of [1, 2]) {
      const lots = screen.getByLabelText<HTMLInputElement>(`Leg ${n} lots`);
      await userEvent.clear(lots);
      await userEvent.type(lots, '2');
      await userEvent.tab();
    }
    await userEvent.click(screen.getByLabelText('Limit at a net price'));
    const mid = Number(figure(screen.getByTestId('price-breakdown').textContent!, /At the mid/).slice(1));
    expect(Number(limitField().value)).toBe(mid / 2);
    expect(screen.getByTestId('limit-unit').textContent).toBe(
      "Your legs' lots share a factor of 2, so the paper account counts each multiple as 2 units of 1:1: the limit is the net price of one 1:1 unit, and a unit in the price breakdown is 2 of them.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Place Paper Trade' }));
    expect(api.placeOrder.mock.calls[0]![0]).toMatchObject({ type: 'limit', limitPrice: mid / 2, legs: [{ quantity: 2 }, { quantity: 2 }] });
  });

  it('says in words what is wrong with the limit, and Trade All does not go on until it is fixed', async () => {
    renderPage();
    await chooseTemplate('Bullish', 'Bull Call Spread');
    await screen.findByTestId('buying-power');
    await userEvent.click(screen.getByLabelText('Limit at a net price'));
    const words = () => screen.getByTestId('limit-words').textContent;
    await userEvent.clear(limitField());
    expect(words()).toBe('Enter a limit price: the net price per unit you accept.');
    expect(limitField().getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a limit price: the net price per unit you accept.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.type(limitField(), '2.345');
    expect(words()).toBe('The limit price can have at most 2 decimals: options trade in whole cents.');
    await userEvent.clear(limitField());
    await userEvent.type(limitField(), '0');
    expect(words()).toBe('A debit limit must be above $0.00: it is the most you pay per unit. To be paid for the order, choose net credit.');
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^A debit limit must be above \$0\.00/);
    await userEvent.selectOptions(screen.getByLabelText('Debit or credit'), 'credit');
    expect(words()).toBe('Limit: receive at least $0.00 net credit per unit');
    expect(api.placeOrder).not.toHaveBeenCalled();

    // Back to Market: the order is a market order again.
    await userEvent.click(screen.getByLabelText('Market'));
    expect(screen.queryByTestId('limit-words')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Trade All' }));
    expect(screen.getByRole('dialog').textContent).toContain('Order typeMarket (day), one order for all legs');
  });
});
