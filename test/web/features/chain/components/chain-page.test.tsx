// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { setNumberStyle } from '@shared/format/number-style';
import { chainOf, contract, DEMO_STATUS, EXPIRIES, LIVE_STATUS, TICKERS } from '../fixtures';
import { stubApi } from '../../../app/api-stub';
import type * as IndiaApi from '@web/api/india';
import { formatMoney } from '@shared/format/money';
import { INDIA_BADGE, INDIA_REFRESH_SECONDS, type IndiaFeed } from '@shared/market/india/india.api';
import { NSE_CONTRACTS } from '@shared/market/india/nse-contracts';
import { simulatedIndianChainSource } from '@shared/market/india/simulated-chain-source';

const api = vi.hoisted(() => ({ getMarketStatus: vi.fn(), getTickers: vi.fn(), getExpiries: vi.fn(), getChain: vi.fn(), syncMarket: vi.fn() }));

// The page's fetchers are replaced; the hooks keep the real query keys and options.
vi.mock('@web/api/market', async () => {
  const { queryOptions, useQuery } = await import('@tanstack/react-query');
  const marketStatusQueryOptions = () => queryOptions({ queryKey: ['market', 'status'], queryFn: () => api.getMarketStatus() });
  return {
    getMarketStatus: api.getMarketStatus,
    marketStatusQueryOptions,
    useMarketStatus: () => useQuery(marketStatusQueryOptions()),
    getTickers: api.getTickers,
    useTickers: (enabled = true) => useQuery({ queryKey: ['market', 'tickers'], queryFn: () => api.getTickers(), enabled }),
    getExpiries: api.getExpiries,
    useExpiries: (u: string, enabled = true) => useQuery({ queryKey: ['market', 'expiries', u], queryFn: () => api.getExpiries(u), enabled: enabled && !!u }),
    getChain: api.getChain,
    useChain: (u: string, e: string | null) => useQuery({ queryKey: ['market', 'chain', u, e], queryFn: () => api.getChain(u, e), enabled: !!u && !!e }),
    syncMarket: api.syncMarket,
  };
});
// The Indian chain's fetchers are replaced; its refresh rule is the real one.
const india = vi.hoisted(() => ({ getIndiaUnderlyings: vi.fn(), getIndianChain: vi.fn() }));
vi.mock('@web/api/india', async (importOriginal) => {
  const real = await importOriginal<typeof IndiaApi>();
  const { useQuery } = await import('@tanstack/react-query');
  return {
    ...real,
    useIndiaUnderlyings: (enabled = true) => useQuery({ queryKey: ['india', 'underlyings'], queryFn: () => india.getIndiaUnderlyings(), enabled }),
    useIndianChain: (symbol: string, expiry: string | null, enabled = true) =>
      useQuery({
        queryKey: ['india', 'chain', symbol, expiry ?? ''],
        queryFn: () => india.getIndianChain(symbol, expiry),
        enabled: enabled && !!symbol,
        refetchInterval: (query) => real.indiaRefetchInterval(query.state.data as never),
      }),
  };
});
vi.mock('@web/features/chain/hooks/use-signed-in', () => ({ useSignedIn: () => false }));
// The price chart above the chain is its own component (test/web/components/price-chart.test.tsx): here only what it is given.
vi.mock('@web/components/charts/price-chart', () => ({
  PriceChart: ({ ticker, expiration }: { ticker: string; expiration: string | null }) => (
    <p data-testid="price-chart">{`${ticker} chart, cone to ${expiration}`}</p>
  ),
}));

import ChainPage from '@web/features/chain/components/chain-page';

/** SPY at 552.30 with strikes 400..700 every 5: the default window is 480..630. */
const CHAIN = chainOf({ price: 552.3, first: 400, step: 5, count: 61 });

function Probe({ label }: { label: string }) {
  const location = useLocation();
  return <p data-testid="probe">{`${label} ${location.pathname}${location.search}`}</p>;
}

function renderPage(path = '/optionschain', inShell = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/optionschain', element: <ChainPage inShell={inShell} /> },
      { path: '/app/trade', element: <Probe label="trade" /> },
      { path: '/login', element: <Probe label="login" /> },
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

const table = () => screen.getByRole('table');
/** The strikes down the table, as the learner reads them. */
const shownStrikes = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((h) => Number(/^[$₹]([\d,.]+)/.exec(h.textContent ?? '')?.[1]?.replaceAll(',', '')));
const rowOf = (strike: number) =>
  within(table())
    .getByRole('rowheader', { name: new RegExp(`^\\$${strike}\\b`) })
    .closest('tr')!;
const cellTexts = (strike: number) =>
  within(rowOf(strike))
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** The simulated NSE market's NIFTY chain of Friday 27 November 2026, as GET /api/india/chain answers it. */
const DEMO_FEED: IndiaFeed = {
  badge: INDIA_BADGE.demo,
  source: 'simulated',
  standIn: false,
  sessionExpiresAt: null,
  marketOpen: false,
  refreshSeconds: INDIA_REFRESH_SECONDS,
};
async function indianChain(symbol: string, feed: IndiaFeed = DEMO_FEED) {
  const read = await simulatedIndianChainSource().chain({ symbol, now: new Date('2026-11-28T06:30:00Z') });
  if (!read.ok || !read.value) throw new Error('no simulated chain');
  return { ...read.value, feed };
}
const UNDERLYINGS = NSE_CONTRACTS.map((c) => ({ symbol: c.symbol, name: c.name, kind: c.kind, lotSize: c.lotSize, strikeInterval: c.strikeInterval }));

beforeEach(() => {
  Object.values(api).forEach((f) => f.mockReset());
  Object.values(india).forEach((f) => f.mockReset());
  india.getIndiaUnderlyings.mockResolvedValue({ underlyings: UNDERLYINGS, feed: DEMO_FEED });
  india.getIndianChain.mockImplementation((symbol: string) => indianChain(symbol));
  api.getMarketStatus.mockResolvedValue(DEMO_STATUS);
  api.getTickers.mockResolvedValue({ source: 'demo', tickers: TICKERS });
  api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES });
  api.getChain.mockImplementation(async (u: string, e: string) => ({ ...CHAIN, expiration_date: e, underlying: { ...CHAIN.underlying, ticker: u } }));
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  setNumberStyle('en-US');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('ChainPage: default expiry and strike window', () => {
  it('opens SPY on the first Weekly expiry with 15 strikes either side of the strike at or above the price', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(api.getChain).toHaveBeenCalledWith('SPY', '2026-11-27');
    expect(screen.getByRole('option', { name: /Fri, Nov 27, 2026/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'SPY Fri, Nov 27, 2026' })).toBeTruthy();
    const strikes = shownStrikes();
    expect(strikes).toHaveLength(31);
    expect(strikes[0]).toBe(480);
    expect(strikes.at(-1)).toBe(630);
    expect((screen.getByLabelText('Strike range from') as HTMLInputElement).value).toBe('480');
    expect((screen.getByLabelText('Strike range to') as HTMLInputElement).value).toBe('630');
    expect(screen.getByText(/showing 31 of 61 strikes/)).toBeTruthy();
  });

  it('shows the price chart open below the chain on a desktop, its cone on the selected expiry', async () => {
    renderPage('/optionschain?ticker=SPY&expiry=2026-12-18');
    await screen.findByRole('table');
    expect((screen.getByTestId('chain-chart') as HTMLDetailsElement).open).toBe(true);
    // Below the table, so the chain's first rows stay within a desktop's first screen.
    expect(screen.getByRole('table').compareDocumentPosition(screen.getByTestId('chain-chart')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect((await screen.findByTestId('price-chart')).textContent).toBe('SPY chart, cone to 2026-12-18');
  });

  it('keeps the expiry from the URL, and recomputes the window for another expiry', async () => {
    api.getChain.mockImplementation(async (u: string, e: string) =>
      e === '2026-12-18' ? chainOf({ price: 552.3, first: 500, step: 1, count: 101, expiry: e }) : { ...CHAIN, expiration_date: e },
    );
    renderPage('/optionschain?ticker=SPY&expiry=2026-12-18');
    await screen.findByRole('table');
    expect(api.getChain).toHaveBeenCalledWith('SPY', '2026-12-18');
    expect(api.getChain).not.toHaveBeenCalledWith('SPY', '2026-11-27');
    // Strikes 500..600 every 1: the pivot is 553, so 538..568.
    await waitFor(() => expect((screen.getByLabelText('Strike range from') as HTMLInputElement).value).toBe('538'));
    expect((screen.getByLabelText('Strike range to') as HTMLInputElement).value).toBe('568');

    await userEvent.click(screen.getByRole('option', { name: /Fri, Nov 27, 2026/ }));
    await waitFor(() => expect((screen.getByLabelText('Strike range from') as HTMLInputElement).value).toBe('480'));
    expect(shownStrikes()[0]).toBe(480);
  });

  it('falls back on the first expiry when there is no Weekly', async () => {
    api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES.filter((e) => e.expiry_type !== 'Weekly') });
    renderPage();
    await screen.findByRole('table');
    expect(api.getChain).toHaveBeenCalledWith('SPY', '2026-11-23');
  });
});

describe('ChainPage: the expiry filter', () => {
  it('shows each tab with its count and the cards with type, days, totals and the call/put bar', async () => {
    renderPage();
    await screen.findByRole('table');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['All7', '0DTE0', 'Daily2', 'Weekly2', 'Monthly1', 'Quarterly1', 'LEAPS1']);
    const card = screen.getByRole('option', { name: /Fri, Nov 27, 2026/ });
    expect(card.textContent).toContain('Weekly');
    expect(card.textContent).toContain('6 days');
    expect(card.textContent).toContain('Vol 40.0K');
    expect(card.textContent).toContain('OI 1.5M');
    expect(within(card).getByRole('img').getAttribute('aria-label')).toBe('Calls 75% of volume, puts 25%');
  });

  it('switches tabs, picking the first expiry of the tab, and shows the empty state for an empty tab', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('tab', { name: /Monthly/ }));
    expect(screen.getByRole('tab', { name: /Monthly/ }).getAttribute('aria-selected')).toBe('true');
    const cards = within(screen.getByRole('tabpanel')).getAllByRole('option', { selected: true });
    expect(cards).toHaveLength(1);
    expect(cards[0]?.textContent).toContain('Fri, Dec 18, 2026');
    await waitFor(() => expect(api.getChain).toHaveBeenCalledWith('SPY', '2026-12-18'));

    await userEvent.click(screen.getByRole('tab', { name: /0DTE/ }));
    expect(screen.getByText('No expiries available for this filter.')).toBeTruthy();
    // The chain stays on the last expiry chosen.
    expect(screen.getByRole('heading', { name: 'SPY Fri, Dec 18, 2026' })).toBeTruthy();
  });

  it('is one tab stop: Tab lands on the chosen expiry, the arrows move along the strip, Enter picks, the next Tab leaves', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    const strip = screen.getByRole('listbox', { name: 'Expiries' });
    const options = within(strip).getAllByRole('option');
    expect(options).toHaveLength(7);
    expect(options.filter((o) => o.tabIndex === 0).map((o) => o.textContent)).toEqual([expect.stringContaining('Fri, Nov 27, 2026')]);

    screen.getByRole('tab', { name: /All/ }).focus();
    await user.tab();
    expect(document.activeElement?.textContent).toContain('Fri, Nov 27, 2026');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toContain('Fri, Dec 4, 2026');
    // Moving does not load another chain; picking does.
    expect(api.getChain).not.toHaveBeenCalledWith('SPY', '2026-12-04');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.getChain).toHaveBeenCalledWith('SPY', '2026-12-04'));
    expect(screen.getByRole('option', { name: /Fri, Dec 4, 2026/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('role')).toBe('option');
    expect(document.activeElement).toBe(within(strip).getAllByRole('option').at(-1));
    await user.keyboard('{Home}{ArrowLeft}');
    expect(document.activeElement).toBe(within(strip).getAllByRole('option')[0]);
    await user.keyboard(' ');
    await waitFor(() => expect(api.getChain).toHaveBeenCalledWith('SPY', EXPIRIES[0]!.expiration_date));
    await user.tab();
    expect(document.activeElement?.getAttribute('role')).not.toBe('option');
    expect(strip.contains(document.activeElement)).toBe(false);
  });

  it('offers a skip link past the controls to the chain table', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('table');
    const skip = screen.getByRole('link', { name: 'Skip to the chain table' });
    expect(skip.getAttribute('href')).toBe('#chain-heading');
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'SPY Fri, Nov 27, 2026' }));
  });

  it('says Today for a 0DTE expiry and 1 day for tomorrow', async () => {
    api.getExpiries.mockResolvedValue({
      underlying: 'SPY',
      source: 'demo',
      expiries: [
        { ...EXPIRIES[0]!, expiration_date: '2026-11-20', expiry_type: '0DTE', days_to_expiry: 0 },
        { ...EXPIRIES[1]!, expiration_date: '2026-11-21', days_to_expiry: 1 },
      ],
    });
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('option', { name: /Nov 20, 2026/ }).textContent).toContain('Today');
    expect(screen.getByRole('option', { name: /Nov 21, 2026/ }).textContent).toContain('1 day');
  });
});

/** The chain with the 550 strike's quotes chosen to show each format: big and small figures, empty ones, a negative delta. */
const withStrike550 = (call: Record<string, unknown> = {}) => ({
  ...CHAIN,
  contracts: CHAIN.contracts.map((c) =>
    c.strike_price !== 550
      ? c
      : c.contract_type === 'call'
        ? { ...c, bid: 7.3, ask: 7.45, last: null, volume: 1820, open_interest: 2_345_678, implied_volatility: 0.14866, delta: 0.53391, ...call }
        : { ...c, bid: null, ask: 4.8, last: 4.72, volume: 950, open_interest: null, implied_volatility: null, delta: -0.46609 },
  ),
});

describe('ChainPage: the table', () => {
  it('formats each cell: prices in dollars, K/M volume and OI, IV to one decimal, a dash when empty', async () => {
    api.getChain.mockResolvedValue(withStrike550());
    renderPage();
    await screen.findByRole('table');
    // Calls outside in, strike, puts mirrored: Bid Ask Last Volume OI IV Delta | Delta IV OI Volume Last Ask Bid.
    expect(cellTexts(550)).toEqual(['$7.30', '$7.45', '-', '1.8K', '2.3M', '14.9%', '0.534', '−0.466', '-', '-', '950', '$4.72', '$4.80', '-']);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.querySelector('button')?.textContent ?? h.textContent);
    expect(headers).toEqual([
      'Calls',
      'Strike',
      'Puts',
      'Bid',
      'Ask',
      'Last',
      'Volume',
      'OI',
      'IV',
      'Delta',
      'Delta',
      'IV',
      'OI',
      'Volume',
      'Last',
      'Ask',
      'Bid',
    ]);
  });

  it('writes every figure in the learner’s number format: 1.234,56 (Settings → Display)', async () => {
    setNumberStyle('de-DE');
    api.getChain.mockResolvedValue(withStrike550({ bid: 1007.3, gamma: 0.05 }));
    renderPage();
    await screen.findByRole('table');
    expect(cellTexts(550)).toEqual(['$1.007,30', '$7,45', '-', '1,8K', '2,3M', '14,9%', '0,534', '−0,466', '-', '-', '950', '$4,72', '$4,80', '-']);
    expect(screen.getAllByText('$552,30').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gamma' }));
    expect(cellTexts(550)).toContain('0,0500');
  });

  it('shades the one at-the-money strike, the band within 2% of the price more lightly, and in-the-money sides', async () => {
    renderPage();
    await screen.findByRole('table');
    const marked = (words: string) =>
      within(table())
        .getAllByRole('rowheader')
        .filter((h) => h.textContent?.includes(words))
        .map((h) => h.textContent?.slice(0, 4));
    // The listed strike nearest 552.30 is 550, as the lessons define at the money.
    expect(marked('at the money')).toEqual(['$550']);
    // 2% of 552.30 is 11.05: strikes 545, 555 and 560 are near the money too; 540 and 565 are not.
    expect(marked('near the money')).toEqual(['$545', '$555', '$560']);
    expect(within(screen.getByRole('list', { name: 'Legend' })).getByText('At the money (the strike nearest the price)')).toBeTruthy();
    expect(rowOf(550).querySelector('th')?.textContent).toContain('call in the money');
    expect(rowOf(550).querySelector('th')?.textContent).not.toContain('put in the money');
    expect(rowOf(555).querySelector('th')?.textContent).toContain('put in the money');
    expect(rowOf(555).querySelector('th')?.textContent).not.toContain('call in the money');
  });

  it('sends a click on a bid to sell and on an ask to buy that contract on the trade ticket', async () => {
    const router = renderPage();
    await screen.findByRole('table');
    await userEvent.click(within(rowOf(550)).getByRole('link', { name: 'Sell SPY Nov 27 $550 call at the bid, $1.10' }));
    expect(screen.getByTestId('probe').textContent).toBe('trade /app/trade?contract=SPY261127C00550000&side=sell');
    await act(() => router.navigate(-1));
    await screen.findByRole('table');
    await userEvent.click(within(rowOf(555)).getByRole('link', { name: 'Buy SPY Nov 27 $555 put at the ask, $1.20' }));
    expect(screen.getByTestId('probe').textContent).toBe('trade /app/trade?contract=SPY261127P00555000&side=buy');
  });

  it('explains each column in a tooltip reachable from the keyboard', async () => {
    renderPage();
    await screen.findByRole('table');
    const iv = within(table()).getAllByRole('button', { name: 'IV' })[0]!;
    expect(iv.getAttribute('aria-describedby')).toBeTruthy();
    const tip = document.getElementById(iv.getAttribute('aria-describedby')!)!;
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.textContent).toMatch(/^Implied volatility: /);
    // US stock and ETF options are American-style: the tooltip says which model the IV comes from, and why.
    expect(tip.textContent).toContain(
      'From the American-style model (Andersen-Lake-Offengenden): these options can be exercised on any day before expiry, and the model values that right, so no price is below what exercising pays.',
    );
    expect(tip.className).toContain('hidden');
    // A last price splits into what exercising pays now and the time value on top.
    expect(within(table()).getAllByTitle('Last $1.15 = intrinsic value $0.00 + time value $1.15').length).toBeGreaterThan(0);
    iv.focus();
    await waitFor(() => expect(tip.className).not.toContain('hidden'));
    await userEvent.keyboard('{Escape}');
    expect(tip.className).toContain('hidden');
  });

  it('shows and hides the Greek columns', async () => {
    renderPage();
    await screen.findByRole('table');
    const headers = () =>
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.querySelector('button')?.textContent ?? h.textContent);
    expect(headers().filter((h) => h === 'Gamma')).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Gamma' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Vega' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Delta' }));
    expect(headers().filter((h) => ['Delta', 'Gamma', 'Theta', 'Vega'].includes(h ?? ''))).toEqual(['Gamma', 'Vega', 'Vega', 'Gamma']);
    // Gamma to 4 decimals, vega to 3.
    expect(cellTexts(550).slice(6, 8)).toEqual(['0.0500', '0.100']);
  });

  it('always shows when the quotes were taken', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByTestId('quotes-as-of').textContent).toMatch(/^Quotes as of Nov 20,( 2026,)? 4:00 PM ET \(.+\)$/);
  });
});

describe('ChainPage: controls', () => {
  it('hides strikes where both sides trade less than Min Volume, and never goes below 0', async () => {
    api.getChain.mockResolvedValue(
      chainOf({
        price: 552.3,
        first: 400,
        step: 5,
        count: 61,
        patch: (type, strike) => ({ volume: strike === 550 && type === 'put' ? 1500 : strike === 560 ? 1200 : 40 }),
      }),
    );
    renderPage();
    await screen.findByRole('table');
    const min = screen.getByLabelText('Min Volume') as HTMLInputElement;
    expect(min.step).toBe('100');
    expect(min.min).toBe('0');
    await userEvent.clear(min);
    await userEvent.type(min, '1000');
    await waitFor(() => expect(shownStrikes()).toEqual([550, 560]));
    await userEvent.clear(min);
    await userEvent.type(min, '-5');
    expect(min.value).toBe('0');
    await waitFor(() => expect(shownStrikes()).toHaveLength(31));
  });

  it('sorts by delta by absolute value and by volume by the larger side, either order', async () => {
    api.getChain.mockResolvedValue(
      chainOf({ price: 552.3, first: 400, step: 5, count: 61, patch: (type, strike) => ({ volume: type === 'put' ? 1000 - strike : strike - 400 }) }),
    );
    renderPage();
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'Delta');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Descending');
    // The call delta falls as the strike rises, so the highest |delta| is the lowest strike shown.
    expect(shownStrikes().slice(0, 3)).toEqual([480, 485, 490]);
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Ascending');
    expect(shownStrikes().slice(0, 3)).toEqual([630, 625, 620]);

    // Volume: put 1000-K, call K-400; the larger of the two is smallest where they cross (K = 700), largest at the ends.
    await userEvent.selectOptions(screen.getByLabelText('Sort By'), 'Volume');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Descending');
    expect(shownStrikes()[0]).toBe(480);
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'Ascending');
    expect(shownStrikes()[0]).toBe(630);
  });

  it('narrows and widens the strike range, and resets to the default window', async () => {
    renderPage();
    await screen.findByRole('table');
    const from = screen.getByLabelText('Strike range from') as HTMLInputElement;
    const to = screen.getByLabelText('Strike range to') as HTMLInputElement;
    expect(from.step).toBe('5');
    await userEvent.clear(from);
    await userEvent.type(from, '540');
    await userEvent.clear(to);
    await userEvent.type(to, '560');
    expect(shownStrikes()).toEqual([540, 545, 550, 555, 560]);
    await userEvent.clear(to);
    expect(shownStrikes().at(-1)).toBe(700);
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    expect(shownStrikes()).toHaveLength(31);
    expect(from.value).toBe('480');
  });

  it('says "From is above To" for a reversed strike range', async () => {
    renderPage();
    await screen.findByRole('table');
    const from = screen.getByLabelText('Strike range from') as HTMLInputElement;
    const to = screen.getByLabelText('Strike range to') as HTMLInputElement;
    expect(screen.queryByText('From is above To')).toBeNull();
    await userEvent.clear(from);
    await userEvent.type(from, '600');
    await userEvent.clear(to);
    await userEvent.type(to, '550');
    expect(screen.getByText('From is above To').getAttribute('role')).toBe('alert');
  });

  it('says so when no strike passes the filters', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.clear(screen.getByLabelText('Min Volume'));
    await userEvent.type(screen.getByLabelText('Min Volume'), '100000');
    expect(await screen.findByText('No strikes match these filters.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('ChainPage: ticker selector', () => {
  it('lists tickers with price, name, average volume and OI, searches ticker or name, and says when nothing matches', async () => {
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Ticker SPY/ }));
    const options = within(screen.getByRole('listbox', { name: 'Tickers' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'AAPL$206.83Apple Inc.Avg vol 62.7K · Avg OI 1.6M',
      'QQQ$498.10Invesco QQQ TrustAvg vol 950 · Avg OI 12.0K',
      'SPY (selected)$576.67SPDR S&P 500 ETF TrustAvg vol 3.4M · Avg OI 21.0M',
    ]);
    const search = screen.getByRole('combobox', { name: 'Search tickers' });
    await userEvent.type(search, 'apple');
    expect(
      within(screen.getByRole('listbox', { name: 'Tickers' }))
        .getAllByRole('option')
        .map((o) => o.textContent?.slice(0, 4)),
    ).toEqual(['AAPL']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nothing like it');
    expect(screen.getByText('No tickers found')).toBeTruthy();
    expect(within(screen.getByRole('listbox', { name: 'Tickers' })).queryAllByRole('option')).toEqual([]);
  });

  it('says Loading tickers... until the list arrives', async () => {
    api.getTickers.mockReturnValue(new Promise(() => {}));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Ticker SPY/ }));
    expect(screen.getByText('Loading tickers...')).toBeTruthy();
  });

  it('picks a ticker from the keyboard, puts it in the URL and loads its expiries', async () => {
    const router = renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /^Ticker SPY/ }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search tickers' }), 'q');
    await userEvent.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?ticker=QQQ'));
    expect(api.getExpiries).toHaveBeenCalledWith('QQQ');
    await waitFor(() => expect(api.getChain).toHaveBeenCalledWith('QQQ', '2026-11-27'));
    expect(screen.getByRole('button', { name: /^Ticker QQQ Invesco QQQ Trust/ })).toBeTruthy();
  });
});

describe('ChainPage: data source, demo notice and Sync Data', () => {
  it('shows Demo Data Only, no Sync Data (nothing to sync) and a notice in a learner’s words, which stays dismissed for the visit', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByTestId('data-source-badge').textContent).toBe('Demo Data Only');
    expect(screen.queryByRole('button', { name: 'Sync Data' })).toBeNull();
    const notice = screen.getByRole('region', { name: 'Simulated end-of-day prices' });
    expect(notice.textContent).toContain("Quotes come from the academy's simulated market as of the last close");
    // Keys and secrets are the operator's business, on the admin page.
    for (const operatorWord of ['POLYGON', 'secret', 'options-academy/', 'API key', 'README']) expect(document.body.textContent).not.toContain(operatorWord);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the simulated prices notice' }));
    expect(screen.queryByRole('region', { name: 'Simulated end-of-day prices' })).toBeNull();
    cleanup();
    renderPage();
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Simulated end-of-day prices' })).toBeNull();
  });

  it('folds the simulated-prices notice to one line beside the badge on a desktop, above the chain table, and opens it on a click', async () => {
    renderPage();
    const table = await screen.findByRole('table');
    const notice = screen.getByRole('region', { name: 'Simulated end-of-day prices' });
    const fold = within(notice).getByTestId('demo-notice-fold') as HTMLDetailsElement;
    expect(fold.open).toBe(false);
    // The badge and the folded notice share one line, and the chain follows them.
    expect(notice.parentElement).toBe(screen.getByTestId('data-source-badge').parentElement);
    expect(notice.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(within(notice).getByRole('heading', { name: 'Simulated end-of-day prices' }));
    expect(fold.open).toBe(true);
  });

  it('says "Live" only once the prices are live, and "Simulated" in the title and heading while they are simulated', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Options ChainSimulated');
    expect(screen.getByRole('heading', { level: 1, name: 'Options Chain (Simulated)' })).toBeTruthy();
    expect(document.title).toBe('Options Chain (Simulated) | Options Academy');
    cleanup();
    api.getMarketStatus.mockResolvedValue(LIVE_STATUS);
    api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'live', expiries: EXPIRIES });
    api.getChain.mockResolvedValue({ ...CHAIN, source: 'live' });
    renderPage();
    await screen.findByRole('table');
    await waitFor(() => expect(document.title).toBe('Live Options Chain | Options Academy'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Live Options Chain');
  });

  it('shows Live Data Available and no notice when the provider serves the chain', async () => {
    api.getMarketStatus.mockResolvedValue(LIVE_STATUS);
    api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'live', expiries: EXPIRIES });
    api.getChain.mockResolvedValue({ ...CHAIN, source: 'live' });
    renderPage();
    await screen.findByRole('table');
    await waitFor(() => expect(screen.getByTestId('data-source-badge').textContent).toBe('Live Data Available'));
    expect(screen.queryByRole('region', { name: 'Simulated end-of-day prices' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Sync Data' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the notice when the provider is configured but this chain fell back on demo data', async () => {
    api.getMarketStatus.mockResolvedValue(LIVE_STATUS);
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByTestId('data-source-badge').textContent).toBe('Demo Data Only');
    expect(screen.getByRole('region', { name: 'Simulated end-of-day prices' }).textContent).toContain(
      'Live prices for this chain could not be loaded, so these quotes come from the academy',
    );
  });

  it('asks a signed-out visitor to sign in to sync', async () => {
    api.getMarketStatus.mockResolvedValue(LIVE_STATUS);
    api.syncMarket.mockRejectedValue(new ApiError(401, 'Your session has ended. Please sign in again.', null));
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Sync Data' }));
    expect(await screen.findByText('Sign in to sync data from the market-data provider.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByTestId('probe').textContent).toBe('login /login');
  });

  it('queues a sync, stays disabled while it runs, and reloads the data once the status shows a newer sync', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.getMarketStatus.mockResolvedValue(LIVE_STATUS);
    api.syncMarket.mockResolvedValue({ status: 'queued', message: 'Syncing SPY from polygon. The chain refreshes when it is done.' });
    renderPage();
    await screen.findByRole('table');
    const calls = api.getChain.mock.calls.length;
    api.getMarketStatus.mockResolvedValue({ ...LIVE_STATUS, lastSync: '2026-11-22T03:10:00.000Z' });
    await userEvent.click(screen.getByRole('button', { name: 'Sync Data' }));
    expect(await screen.findByText('Syncing SPY from polygon. The chain refreshes when it is done.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Syncing...' }) as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByText('SPY is synced. The chain shows the latest data.')).toBeTruthy();
    expect(api.syncMarket).toHaveBeenCalledWith('SPY');
    await waitFor(() => expect(api.getChain.mock.calls.length).toBeGreaterThan(calls));
    expect((screen.getByRole('button', { name: 'Sync Data' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('ChainPage: markets', () => {
  it('keeps the coming-soon banner in Indian mode and shows the view-only NIFTY chain below it, in rupees with lot sizes; SPY again on the way back', async () => {
    const router = renderPage('/optionschain?ticker=QQQ');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Indian Markets' }));
    expect(router.state.location.search).toBe('?ticker=NIFTY&market=india');
    const banner = screen.getByRole('region', { name: 'Indian market options are on their way' });
    for (const item of ['NIFTY, BANKNIFTY and FINNIFTY options', '20+ NSE/BSE stock options', 'Real-time data', 'Indian Greeks calculator']) {
      expect(within(banner).getByText(item)).toBeTruthy();
    }
    expect(banner.textContent).toContain('below is a view-only NSE chain. Expected launch: Q1 2026');
    // Q1 2026 has passed without a launch: the banner says so rather than showing a past date as the future.
    expect(banner.textContent).toContain('Q1 2026 (delayed). The new date will be announced on the coming-soon page.');
    expect(within(banner).getByRole('link', { name: 'See what is coming' }).getAttribute('href')).toBe('/coming-soon');
    expect(within(banner).getByRole('link', { name: 'Open the Indian Greeks calculator' }).getAttribute('href')).toBe('/india/greeks-calculator');
    const nse = within(banner).getByRole('link', { name: /NSE option chain/ });
    expect(nse.getAttribute('href')).toBe('https://www.nseindia.com/option-chain');
    expect(nse.getAttribute('target')).toBe('_blank');
    expect(nse.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('data-source-badge').textContent).toBe('Demo Data Only');
    // The simulated NSE market's chain is not called live; the US market's simulated-prices notice is not shown here.
    await waitFor(() => expect(document.title).toBe('Options Chain (Simulated) | Options Academy'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Options ChainSimulated');
    expect(screen.queryByTestId('demo-notice-fold')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync Data' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ticker / })).toBeNull();
    expect(api.getExpiries).not.toHaveBeenCalledWith('NIFTY');

    // The Indian chain, below the banner.
    const chain = await indianChain('NIFTY');
    const section = screen.getByRole('region', { name: 'NSE option chain (view only)' });
    expect(banner.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(india.getIndianChain).toHaveBeenCalledWith('NIFTY', null);
    const nseTable = await within(section).findByRole('table');
    expect(section.textContent).toContain('For viewing only: Indian options cannot be traded or added to the strategy builder here.');
    expect(within(section).getByTestId('india-as-of').textContent).toContain('End of day: the close of Fri, Nov 27, 2026 (15:30 IST).');
    expect((within(section).getByLabelText('Underlying') as HTMLSelectElement).value).toBe('NIFTY');
    expect((within(section).getByLabelText('Expiry') as HTMLSelectElement).value).toBe(chain.expiry);
    expect(nseTable.querySelector('caption')!.textContent).toContain('Each contract is one lot of 65');
    // A row: the call's lot, bid, ask and premium per lot in rupees, then the strike, then the put's.
    const q = chain.quotes.find((x) => x.type === 'CE')!;
    const row = within(nseTable)
      .getByRole('rowheader', { name: new RegExp(`^₹${q.strike.toLocaleString('en-IN')}`) })
      .closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['65', formatMoney(q.bid, 'INR'), formatMoney(q.ask, 'INR'), formatMoney(q.premiumPerLot, 'INR')]);
    expect(cells.at(-1)).toBe('65');
    // en-IN grouping: the spot (₹26,xxx) and any premium per lot past a lakh (₹1,23,456.00).
    expect(section.textContent).toContain(formatMoney(chain.spot, 'INR'));
    expect(formatMoney(123_456, 'INR')).toBe('₹1,23,456.00');
    // View only: nothing to trade or to build with; the one link of each contract opens it in the Greeks calculator.
    expect(within(section).queryAllByRole('button')).toEqual([]);
    const price = within(row).getByRole('link', { name: `Price NIFTY ${formatMoney(q.strike, 'INR')} CE in the Greeks calculator` });
    expect(price.getAttribute('href')).toBe(`/india/greeks-calculator?symbol=NIFTY&expiry=${chain.expiry}&strike=${q.strike}&type=call`);
    expect(
      within(row)
        .getByRole('link', { name: `Price NIFTY ${formatMoney(q.strike, 'INR')} PE in the Greeks calculator` })
        .getAttribute('href'),
    ).toBe(`/india/greeks-calculator?symbol=NIFTY&expiry=${chain.expiry}&strike=${q.strike}&type=put`);
    expect(
      within(section)
        .getAllByRole('link')
        .every((a) => a.getAttribute('href')!.startsWith('/india/greeks-calculator?symbol=NIFTY&')),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'US Markets' }));
    expect(router.state.location.search).toBe('?ticker=SPY');
    expect(await screen.findByRole('button', { name: /^Ticker SPY/ })).toBeTruthy();
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'NSE option chain (view only)' })).toBeNull();
  });

  it("says 'Zerodha Connected', reads the chain again every 5 s while NSE is open, and stops when the page goes back to the US", async () => {
    const live: IndiaFeed = {
      ...DEMO_FEED,
      badge: INDIA_BADGE.connected,
      source: 'kite',
      standIn: true,
      sessionExpiresAt: '2026-12-01T00:30:00Z',
      marketOpen: true,
    };
    india.getIndiaUnderlyings.mockResolvedValue({ underlyings: UNDERLYINGS, feed: live });
    india.getIndianChain.mockImplementation(async (symbol: string) => ({ ...(await indianChain(symbol, live)), asOf: '2026-11-30T05:00:07Z' }));
    renderPage('/optionschain?market=india&ticker=NIFTY');
    const section = await screen.findByRole('region', { name: 'NSE option chain (view only)' });
    await within(section).findByRole('table');
    expect(screen.getByTestId('data-source-badge').textContent).toBe('Zerodha Connected');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Live Options Chain');
    expect(within(section).getByTestId('india-as-of').textContent).toBe(
      'Live from Zerodha Kite: refreshed at 10:30:07 IST, every 5 seconds while NSE is open. These prices come from the local Kite stand-in, not from Zerodha.',
    );
    await waitFor(() => expect(india.getIndianChain.mock.calls.length).toBeGreaterThanOrEqual(2), { timeout: 7_000 });
    await userEvent.click(screen.getByRole('button', { name: 'US Markets' }));
    const after = india.getIndianChain.mock.calls.length;
    await new Promise((r) => setTimeout(r, 6_000));
    expect(india.getIndianChain.mock.calls.length).toBe(after);
  });

  it('reads another underlying and expiry from the labelled pickers', async () => {
    const router = renderPage('/optionschain?market=india&ticker=NIFTY');
    const section = await screen.findByRole('region', { name: 'NSE option chain (view only)' });
    await within(section).findByRole('table');
    expect(india.getIndianChain.mock.calls.length).toBe(1);
    await userEvent.selectOptions(within(section).getByLabelText('Underlying'), 'BANKNIFTY');
    expect(router.state.location.search).toBe('?market=india&ticker=BANKNIFTY');
    await waitFor(() => expect(india.getIndianChain).toHaveBeenCalledWith('BANKNIFTY', null));
    await waitFor(() => expect(within(section).getByRole('table').querySelector('caption')!.textContent).toContain('one lot of 30'));
    const bank = await indianChain('BANKNIFTY');
    const second = bank.expiries[1]!.date;
    await userEvent.selectOptions(within(section).getByLabelText('Expiry'), second);
    await waitFor(() => expect(india.getIndianChain).toHaveBeenCalledWith('BANKNIFTY', second));
  });
});

describe('ChainPage: phone and long chains', () => {
  it('shows one side at a time on a phone, with a Calls / Puts toggle', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === '(max-width: 767px)', media: query, addEventListener: () => {}, removeEventListener: () => {} }),
    });
    renderPage();
    await screen.findByRole('table');
    const headers = () =>
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.querySelector('button')?.textContent ?? h.textContent);
    expect(headers()).toEqual(['Strike', 'Calls', 'Bid', 'Ask', 'Last', 'Volume', 'OI', 'IV', 'Delta']);
    expect(within(rowOf(550)).getByRole('link', { name: /call at the bid/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Puts' }));
    expect(headers()).toEqual(['Strike', 'Puts', 'Bid', 'Ask', 'Last', 'Volume', 'OI', 'IV', 'Delta']);
    expect(within(rowOf(550)).getByRole('link', { name: /put at the bid/ })).toBeTruthy();
    expect(screen.getByText('Filters, sorting and Greeks').closest('details')).toBeTruthy();
  });

  it('folds the price chart on a phone until the learner opens it, and opens it on the selected expiry', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({ matches: query === '(max-width: 767px)', media: query, addEventListener: () => {}, removeEventListener: () => {} }),
    });
    renderPage();
    await screen.findByRole('table');
    const disclosure = screen.getByTestId('chain-chart') as HTMLDetailsElement;
    expect(disclosure.open).toBe(false);
    expect(screen.queryByTestId('price-chart')).toBeNull();
    await userEvent.click(screen.getByText('SPY price chart'));
    expect((await screen.findByTestId('price-chart')).textContent).toBe('SPY chart, cone to 2026-11-27');
  });

  it('renders only the rows on screen of a 200-strike chain, and tells assistive technology how many there are', async () => {
    api.getChain.mockResolvedValue(chainOf({ price: 552.3, first: 300, step: 2.5, count: 200 }));
    // jsdom lays nothing out: give the scroll box and the rows the heights a browser gives them.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(36);
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getAllByRole('button', { name: 'Reset filters' })[0]!);
    await userEvent.clear(screen.getByLabelText('Strike range from'));
    await userEvent.clear(screen.getByLabelText('Strike range to'));
    expect(screen.getByText(/showing 200 of 200 strikes/)).toBeTruthy();
    expect(table().getAttribute('aria-rowcount')).toBe('202');
    const rendered = within(table()).getAllByRole('rowheader');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(200);
    expect(rendered[0]?.closest('tr')?.getAttribute('aria-rowindex')).toBe('3');
  });
});

describe('ChainPage: page', () => {
  it('sets the title, description and canonical link, and offers Sign In on the public page', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(document.title).toBe('Options Chain (Simulated) | Options Academy');
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content).toMatch(/options chains/i);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(`${window.location.origin}/optionschain`);
    expect(screen.getByRole('link', { name: 'Options Academy' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('leaves the frame to the app shell inside the app', async () => {
    renderPage('/optionschain', true);
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(`${window.location.origin}/app/optionschain`);
    expect(document.head.querySelector<HTMLMetaElement>('meta[name="robots"]')?.content).toBe('noindex, nofollow');
  });

  it('puts a watchlist star on each contract, beside the strike on its own side, and on the underlying, inside the app only', async () => {
    stubApi({
      'GET /api/watchlist': {
        items: [{ id: 'SPY', kind: 'underlying', underlying: 'SPY', order: 0, addedAt: '2026-11-20T00:00:00Z', figures: null }],
        expired: [],
        slots: { used: 1, limit: 10, level: 1, next: { level: 5, adds: 5 } },
      },
    });
    renderPage('/optionschain', true);
    await screen.findByRole('table');
    const row = within(rowOf(550));
    const call = row.getByRole('button', { name: /^Watch SPY .* \$550 Call$/ });
    const put = row.getByRole('button', { name: /^Watch SPY .* \$550 Put$/ });
    // Mirrored: calls | call star | strike | put star | puts.
    const cells = [...rowOf(550).children];
    const strikeAt = cells.findIndex((c) => c.tagName === 'TH');
    expect(cells[strikeAt - 1]!.contains(call)).toBe(true);
    expect(cells[strikeAt + 1]!.contains(put)).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Watch SPY' }).getAttribute('aria-pressed')).toBe('true'));
    expect(call.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows no watchlist star on the public chain', async () => {
    renderPage();
    await screen.findByRole('table');
    expect(screen.queryAllByTestId('watch-star')).toHaveLength(0);
  });

  it('says what went wrong when the chain cannot be read, and tries again on request', async () => {
    api.getChain.mockRejectedValueOnce(new ApiError(404, 'No SPY options expire on 2026-11-27. Pick one of the listed expiries.', null));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain('No SPY options expire on 2026-11-27.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
  });
});

// A contract built with no overrides keeps the fixture's defaults; used above via chainOf.
void contract;
