// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PredictionMarketsPage from '@web/features/prediction-markets/components/prediction-markets-page';
import { json, stubApi } from '../../app/api-stub';
import { stubResizeObserver } from '../learning/fixtures';
import { MarketsListSchema } from '@shared/prediction/prediction.api';
import { calibration, demoAccount, emptyCalibration, MARKET_ID, marketsList, order } from './fixtures';

// The page's first render loads its lazy chunks; a loaded machine takes longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/app/prediction-markets']}>
        <PredictionMarketsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const api = (over: Record<string, unknown> = {}) =>
  stubApi({
    'GET /api/predictions/markets': marketsList(),
    'GET /api/predictions/account': demoAccount(),
    'GET /api/predictions/calibration': emptyCalibration(),
    ...over,
  });

const position = {
  marketId: MARKET_ID,
  question: 'Will SPY close above 600 on Dec 18, 2026?',
  label: '600 or above',
  side: 'yes',
  count: 10,
  avgPrice: 43,
  cost: 448,
  mid: 41.5,
  value: 415,
  pnl: -33,
  resolution: { status: 'open' },
  closesAt: '2026-12-18T21:00:00.000Z',
} as const;

describe('the prediction markets page', () => {
  beforeEach(() => stubResizeObserver());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is labelled DEMO, play money kept apart from the paper account, with the demo balance', async () => {
    api();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Prediction Markets DEMO' })).toBeTruthy();
    expect(screen.getByTestId('demo-label').textContent).toContain('Play money, never mixed with your paper account.');
    expect((await screen.findByTestId('demo-balance')).textContent).toBe('$1,000.00');
  });

  it('lists the markets of an underlying by expiry: YES as % and $, NO, change, volume, close time and source', async () => {
    api();
    renderPage();
    const spy = await screen.findByRole('tabpanel', { name: 'SPY' });
    const expiry = within(spy).getByRole('region', { name: 'SPY close on Dec 18, 2026' });
    expect(expiry.textContent).toContain('Trading closes Dec 18, 4:00 PM ET');
    expect(expiry.textContent).toContain("source: SPY's official closing price for Fri, Dec 18, 2026");
    const row = within(expiry).getAllByTestId('market-row')[1]!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['600 or above: Will SPY close above 600 on Dec 18, 2026?', '41.5% $0.415', '$0.585', '+1.5¢', '120', 'Dec 18, 4:00 PM ET']);
    expect(within(row).getByRole('link', { name: '600 or above' }).getAttribute('href')).toBe(`/app/prediction-markets/${MARKET_ID}`);
    expect(within(expiry).getByRole('link', { name: 'Where will SPY close on Dec 18, 2026?' }).getAttribute('href')).toBe(
      '/app/prediction-markets/SPY-2026-12-18-RANGE',
    );
  });

  it('shows one underlying at a time, a tab each: the arrow keys move to the next, which is fetched on its own', async () => {
    const qqq = MarketsListSchema.parse({ ...marketsList(), underlying: 'QQQ', groups: [] });
    const { calls } = api({
      'GET /api/predictions/markets': (url: URL) => json(url.searchParams.get('underlying') === 'QQQ' ? qqq : marketsList()),
    });
    renderPage();
    const tabs = within(await screen.findByRole('tablist', { name: 'Underlying' })).getAllByRole('tab');
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([
      ['SPY', 'true'],
      ['QQQ', 'false'],
    ]);
    expect(screen.getByRole('tabpanel', { name: 'SPY' }).textContent).toContain('SPY close on Dec 18, 2026');
    tabs[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    const panel = await screen.findByRole('tabpanel', { name: 'QQQ' });
    await waitFor(() => expect(panel.textContent).toContain('No QQQ markets are on the list now'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'QQQ' }));
    expect(screen.getByRole('tab', { name: 'QQQ' }).getAttribute('aria-selected')).toBe('true');
    expect(calls.filter((c) => c.path.startsWith('/api/predictions/markets')).map((c) => c.path)).toEqual([
      '/api/predictions/markets',
      '/api/predictions/markets?underlying=QQQ',
    ]);
  });

  it('says honestly that nothing can be said about calibration before any market settled', async () => {
    api();
    renderPage();
    const empty = await screen.findByTestId('calibration-empty');
    expect(empty.textContent).toContain('No market has settled yet');
    expect(screen.queryByTestId('calibration-chart')).toBeNull();
    expect(screen.queryAllByTestId('calibration-row')).toHaveLength(0);
  });

  it('sets implied probability against how often YES happened, with the counts, once markets settled', async () => {
    api({ 'GET /api/predictions/calibration': calibration() });
    renderPage();
    await screen.findByTestId('calibration-chart');
    expect(screen.getByTestId('calibration').textContent).toContain('Over 14 settled markets (expiries Nov 20, 2026 to Nov 27, 2026)');
    const rows = screen.getAllByTestId('calibration-row').map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    // The empty bucket is left out.
    expect(rows).toEqual([
      ['0% to 10%', '5', '5.0%', '0.0% (0 of 5)'],
      ['40% to 50%', '4', '44.0%', '50.0% (2 of 4)'],
      ['90% to 100%', '5', '95.0%', '100.0% (5 of 5)'],
    ]);
  });

  it('shows positions with the average price, value at the mid and P&L, and cancels an open order', async () => {
    const resting = order({
      id: '01KORDER000000000000000002',
      type: 'limit',
      limitPrice: 38,
      count: 5,
      filledCount: 0,
      avgFillPrice: null,
      fee: 0,
      status: 'resting',
    });
    const { calls } = api({
      'GET /api/predictions/account': demoAccount({ balance: 99_353, held: 199, positions: [position], openOrders: [resting] }),
      [`DELETE /api/predictions/orders/${resting.id}`]: () => json({ ...resting, status: 'canceled' }),
    });
    renderPage();
    const row = await screen.findByTestId('prediction-position');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Will SPY close above 600 on Dec 18, 2026?', 'YES', '10', '43¢', '$4.48', '$4.15', '−$0.33', 'Trading']);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order: Buy 5 YES contracts at 38¢, Will SPY close above 600 on Dec 18, 2026?' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === `/api/predictions/orders/${resting.id}`)).toBe(true));
  });

  it('resets the demo balance only after a confirmation', async () => {
    const { calls } = api({
      'GET /api/predictions/account': demoAccount({ balance: 52_000 }),
      'POST /api/predictions/account/reset': demoAccount({ resetAt: '2026-11-28T16:00:00.000Z' }),
    });
    renderPage();
    expect((await screen.findByTestId('demo-balance')).textContent).toBe('$520.00');
    await userEvent.click(screen.getByRole('button', { name: 'Reset demo balance…' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset the demo balance?' });
    expect(dialog.textContent).toContain('Your paper account is not touched.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset to $1,000.00' }));
    await waitFor(() => expect(screen.getByTestId('demo-balance').textContent).toBe('$1,000.00'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
