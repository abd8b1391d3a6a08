// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBacktest, type BacktestTrade } from '@shared/backtest';
import { readAsOfChain } from '@shared/backtest/use-cases/read-as-of-chain';
import { readAsOfDay } from '@shared/backtest/use-cases/read-as-of-day';
import { formatMoney } from '@shared/format/money';
import { formatExpiry } from '@shared/format/time';
import { daysBetween } from '@shared/market/dates';
import type { DailySummary } from '@shared/metrics/daily-summary';
import { builderHref } from '@web/features/backtest/lib/results';
import { parseUrlLegs } from '@web/features/strategy/hooks/use-builder-params';
import { CLOSES_1, IRON_CONDOR, IVS_1, history, rules } from '../../../shared/backtest/support/history';
import { chainFor, EXPIRATIONS, EXPIRIES, portfolioWith, SPOT, TICKERS, TODAY } from './fixtures';
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
  getAsOfDay: vi.fn(),
  getAsOfChain: vi.fn(),
}));
vi.mock('@web/api/market', async () => (await import('./mock-api')).marketModule(api));
vi.mock('@web/api/backtest', async (actual) => ({ ...(await actual<object>()), ...(await import('./mock-api')).asOfModule(api) }));
vi.mock('@web/api/paper-account', async () => (await import('./mock-api')).paperAccountModule(api));
vi.mock('@web/api/broker', async (actual) => ({
  ...(await actual<object>()),
  useBrokerCredentials: () => ({ data: { credentials: [], environments: [] }, isPending: false }),
}));
vi.mock('@web/features/strategy/api/drafts', async () => (await import('./mock-api')).draftsModule(api));

import TradingPage from '@web/features/strategy/components/trading-page';

/**
 * The builder as of a backtest trade's entry day: the stored history is a constructed 20 sessions of SPY (March 2026),
 * the run is the engine's, and the as-of reads answer what the server's use cases answer over that history.
 */
const ROWS: DailySummary[] = history(CLOSES_1, IVS_1, 'SPY');
const deps = { history: { stored: async () => [], history: async (u: string) => ROWS.filter((r) => r.underlying === u) } };
const run = runBacktest(
  ROWS,
  rules({
    underlying: 'SPY',
    strategy: IRON_CONDOR,
    entry: { schedule: { kind: 'every', tradingDays: 5 }, daysToExpiry: 14 },
    size: { kind: 'contracts', contracts: 1 },
  }),
);
if (!run.ok) throw new Error(run.error.message);
const trade: BacktestTrade = run.value.trades[1]!;
const unwrap = async <T,>(p: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>) => {
  const r = await p;
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T18:00:00Z'));
  stubResizeObserver();
  Object.values(api).forEach((f) => f.mockReset());
  api.getTickers.mockResolvedValue({ source: 'demo', tickers: TICKERS });
  api.getPortfolio.mockResolvedValue(portfolioWith(100_000));
  api.getDrafts.mockResolvedValue({ drafts: [] });
  api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES });
  api.getChain.mockImplementation(async (u: string, e: string) => chainFor(e, u));
  api.getAsOfDay.mockImplementation((u: string, date: string) => unwrap(readAsOfDay(deps, u, date)));
  api.getAsOfChain.mockImplementation((u: string, date: string, expiry: string) => unwrap(readAsOfChain(deps, u, date, expiry)));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the builder as of a backtest trade’s entry day', () => {
  it('says which day and how it is priced, prices each leg at the trade’s entry price, and offers no order or draft', async () => {
    expect(trade.legs).toHaveLength(4);
    const router = renderPage(builderHref('SPY', trade));

    const banner = await screen.findByTestId('as-of-banner');
    expect(banner.textContent).toContain(
      `As of ${new Date(`${trade.entryDate}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}.`,
    );
    expect(banner.textContent).toContain('Priced by the model from that day’s end-of-day surface, not traded quotes');
    await waitFor(() => expect(banner.textContent).toContain(`close ${formatMoney(trade.marks[0]!.close)}`));
    expect(banner.textContent).toContain('Orders and drafts are off in this view');
    const back = within(banner).getByRole('link', { name: 'Back to today’s chain' });
    const backUrl = new URL(back.getAttribute('href')!, 'http://x');
    expect(backUrl.searchParams.get('asOf')).toBeNull();
    expect(backUrl.searchParams.get('underlying')).toBe('SPY');

    const rows = await screen.findAllByTestId('leg-row');
    expect(rows).toHaveLength(4);
    for (const [i, leg] of trade.legs.entries()) {
      await waitFor(() => expect(screen.getByLabelText(`Leg ${i + 1} price`).textContent).toBe(formatMoney(leg.entryPrice)));
      expect(Number(screen.getByLabelText<HTMLInputElement>(`Leg ${i + 1} strike`).value.replace(/[$,]/g, ''))).toBe(leg.strike);
    }
    expect(screen.queryByTestId('leg-unlisted')).toBeNull();
    // The spot is that day's close.
    expect(screen.getByTestId('underlying-price').textContent).toBe(formatMoney(trade.marks[0]!.close));

    // Nothing to order, save or share; the reason is said.
    for (const name of ['Trade All', 'Add to Drafts', 'Share']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByTestId('as-of-no-orders').textContent).toContain('no order can fill');
    expect(screen.queryByTestId('price-breakdown')).toBeNull();
    // No account to fund on a past day, and the payoff's price line is that day's, not today's.
    expect(screen.queryByTestId('account-balance')).toBeNull();
    await waitFor(() => expect(screen.getByText(`Price on ${formatExpiry(trade.entryDate)} ${formatMoney(trade.marks[0]!.close)}`)).toBeTruthy());
    // The legs are priced from the as-of reads only; today's chain is read just for the same-shape link below.
    expect(api.getAsOfChain).toHaveBeenCalledWith('SPY', trade.entryDate, trade.expiration);
    expect(new URLSearchParams(router.state.location.search).get('asOf')).toBe(trade.entryDate);

    // The same shape on today's chain: the listed expiry nearest the trade's days to expiry, each strike the listed one
    // nearest the same ratio to today's price as the leg's to the entry close.
    const shape = await within(banner).findByTestId('same-shape-today');
    const shapeUrl = new URL(shape.getAttribute('href')!, 'http://x');
    expect(shapeUrl.pathname).toBe('/app/trading');
    expect(shapeUrl.searchParams.get('asOf')).toBeNull();
    const dte = daysBetween(trade.entryDate, trade.expiration);
    const gap = (e: string) => Math.abs(daysBetween(TODAY, e) - dte);
    const expiry = EXPIRATIONS.reduce((best, e) => (gap(e) <= gap(best) ? e : best));
    const listed = chainFor(expiry).contracts.map((c) => c.strike_price);
    const close = trade.marks[0]!.close;
    const legs = parseUrlLegs(shapeUrl.searchParams.get('legs'));
    expect(legs).toHaveLength(trade.legs.length);
    for (const [i, leg] of trade.legs.entries()) {
      const target = (leg.strike / close) * SPOT;
      const nearest = Math.min(...listed.map((k) => Math.abs(k - target)));
      expect(legs[i]).toMatchObject({ action: leg.action, optionType: leg.optionType, expiration: expiry });
      expect(Math.abs(legs[i]!.strike - target)).toBe(nearest);
    }
    expect(api.getChain).toHaveBeenCalledWith('SPY', expiry);
  });

  it('reads a malformed asOf as none: today’s chain, no banner', async () => {
    api.getExpiries.mockResolvedValue({ underlying: 'SPY', source: 'demo', expiries: EXPIRIES });
    api.getChain.mockImplementation(async (u: string, e: string) => chainFor(e, u));
    renderPage('/app/trading?underlying=SPY&asOf=2026-02-30');
    await screen.findByRole('button', { name: 'Trade All' });
    expect(screen.queryByTestId('as-of-banner')).toBeNull();
    expect(api.getAsOfDay).not.toHaveBeenCalled();
  });

  it('says why when the day cannot be priced (a weekend)', async () => {
    renderPage(`/app/trading?underlying=SPY&asOf=2026-03-07&legs=sell.put.96.2026-03-20.1`);
    expect((await screen.findByRole('alert')).textContent).toContain('2026-03-07 is not a stored session of SPY');
    expect(screen.queryByRole('button', { name: 'Trade All' })).toBeNull();
  });
});
