// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODEL_NOTE, runBacktest, whatThisTeaches } from '@shared/backtest';
import type { Result } from '@shared/result';
import { json, stubApi, type Stub } from '../../app/api-stub';
import { CLOSES_1, CLOSES_2, DATES, IVS_1, IVS_2, history, rules } from '../../../shared/backtest/support/history';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import BacktestPage from '@web/features/backtest/components/backtest-page';
import { fieldOf, legsFromBuilder, serverFieldError } from '@web/features/backtest/lib/form';
import { builderHref } from '@web/features/backtest/lib/results';

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const RUN_ID = '01JD0Y6Q7R8S9T0V1W2X3Y4Z5A';
const POST_ID = 'post-1';

const HISTORY = {
  underlyings: [
    {
      symbol: 'SPY',
      name: 'SPDR S&P 500 ETF',
      first: DATES[0],
      last: DATES.at(-1)!,
      sessions: DATES.length,
      defaultRange: { from: DATES[0], to: DATES.at(-1)! },
    },
    { symbol: 'QQQ', name: null, first: DATES[0], last: DATES.at(-1)!, sessions: DATES.length, defaultRange: { from: DATES[0], to: DATES.at(-1)! } },
  ],
  source: { kind: 'end-of-day', label: 'End-of-day daily summaries (close, IV30, skew and term structure).', asOf: DATES.at(-1)! },
  templates: [
    { id: 'cash-secured-put', name: 'Cash-Secured Put', category: 'bullish' },
    { id: 'iron-condor', name: 'Iron Condor', category: 'neutral' },
  ],
  defaults: { costs: { commissionPerContract: 0.65, spreadPerContract: 2 }, startingBalance: 100_000, compare: ['SPY', 'QQQ'] },
  modelNote: MODEL_NOTE,
  limit: 50,
};

/** A real run of the engine: a put sold 5% below the price every 5 sessions on path 1, with a 50% target, compared with QQQ. */
function savedRun(over: Record<string, unknown> = {}) {
  const r = rules({
    underlying: 'SPY',
    strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } }] },
    entry: { schedule: { kind: 'every', tradingDays: 5 }, daysToExpiry: 18 },
    exit: { profitTargetPct: 50 },
    size: { kind: 'contracts', contracts: 1 },
    ...over,
  });
  const spy = history(CLOSES_1, IVS_1, 'SPY');
  const result = value(runBacktest(spy, r));
  const teaches = value(whatThisTeaches({ history: spy, rules: r, run: result, others: [{ underlying: 'QQQ', history: history(CLOSES_2, IVS_2, 'QQQ') }] }));
  // As the API answers it: JSON, ±Infinity as null.
  return JSON.parse(
    JSON.stringify({
      id: RUN_ID,
      name: 'SPY short put',
      createdAt: '2026-03-28T00:00:00Z',
      dataAsOf: DATES.at(-1),
      rules: r,
      compare: ['QQQ'],
      result,
      teaches,
    }),
  );
}

const summary = (run: ReturnType<typeof savedRun>) => ({
  id: run.id,
  name: run.name,
  createdAt: run.createdAt,
  underlying: 'SPY',
  strategy: 'Sell put',
  from: run.result.from,
  to: run.result.to,
  trades: run.result.metrics.trades,
  winRate: run.result.metrics.winRate,
  returnOnRisk: run.result.metrics.returnOnRisk,
  maxDrawdown: run.result.metrics.maxDrawdown,
  totalPnl: run.result.metrics.totalPnl,
});

function renderPage(overrides: Record<string, Stub> = {}, path = '/app/backtest') {
  const run = savedRun();
  let saved = [] as ReturnType<typeof summary>[];
  const api = stubApi({
    'GET /api/backtest/history': HISTORY,
    'GET /api/backtest/runs': () => json({ runs: saved, count: saved.length, limit: 50 }),
    'POST /api/backtest/runs': () => {
      saved = [summary(run)];
      return json({ run }, 201);
    },
    [`GET /api/backtest/runs/${RUN_ID}`]: { run },
    [`DELETE /api/backtest/runs/${RUN_ID}`]: () => {
      saved = [];
      return new Response(null, { status: 204 });
    },
    [`POST /api/backtest/runs/${RUN_ID}/share`]: () => json({ postId: POST_ID }, 201),
    ...overrides,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BacktestPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { api, run };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.method === 'POST' && c.path === '/api/backtest/runs');

describe('the backtest page', () => {
  it('offers the stored underlyings with their range, labelled end-of-day, and the default costs', async () => {
    renderPage();
    const select = (await screen.findByLabelText('Underlying')) as HTMLSelectElement;
    expect(select.value).toBe('SPY');
    expect(within(select).getByRole('option', { name: /^SPY · SPDR S&P 500 ETF \(Mar 2, 2026 to Mar 27, 2026\)$/ })).toBeTruthy();
    expect(screen.getByTestId('history-source').textContent).toBe(
      'End-of-day daily summaries (close, IV30, skew and term structure). End-of-day data through Mar 27, 2026.',
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-02');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-27');
    expect((screen.getByLabelText('Commission per contract, $') as HTMLInputElement).value).toBe('0.65');
    expect(screen.getByText(/Default \$0\.65, on the opening/)).toBeTruthy();
    expect((screen.getByLabelText('Spread cost per contract, $') as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText('Template') as HTMLSelectElement).value).toBe('cash-secured-put');
  });

  it('runs the rules once with a clientRunId and shows the results: figures with formulas, trades, what this teaches, the model note', async () => {
    const { api, run } = renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'My own legs' }));
    await user.selectOptions(screen.getByLabelText('Strike by'), 'distance');
    await user.clear(screen.getByLabelText(/Distance from the price, %/));
    await user.type(screen.getByLabelText(/Distance from the price, %/), '-5');
    await user.selectOptions(screen.getByLabelText('Enter'), 'every');
    await user.clear(screen.getByLabelText('Trading days between entries'));
    await user.type(screen.getByLabelText('Trading days between entries'), '5');
    await user.clear(screen.getByLabelText('Days to expiry at entry'));
    await user.type(screen.getByLabelText('Days to expiry at entry'), '18');
    await user.click(screen.getByRole('button', { name: 'Run the backtest' }));

    await screen.findByTestId('run-results');
    const sent = posts(api);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as { clientRunId: string; rules: Record<string, unknown> };
    expect(body.clientRunId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(body.rules).toMatchObject({
      underlying: 'SPY',
      strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } }] },
      entry: { schedule: { kind: 'every', tradingDays: 5 }, daysToExpiry: 18, maxOpen: 10 },
      exit: { profitTargetPct: 50 },
      size: { kind: 'contracts', contracts: 1 },
      costs: { commissionPerContract: 0.65, spreadPerContract: 2 },
      from: '2026-03-02',
      to: '2026-03-27',
    });

    expect(screen.getByTestId('data-date').textContent).toBe('End-of-day data through Mar 27, 2026.');
    expect(screen.getByTestId('model-note').textContent).toContain(MODEL_NOTE);
    const m = run.result.metrics;
    const winRate = screen.getByTestId('figure-winRate');
    expect(within(winRate).getByRole('tooltip', { hidden: true }).textContent).toBe(
      `Winning trades ÷ all trades = ${m.wins} ÷ ${m.trades}. A win is a trade with P&L above $0 after costs.`,
    );
    expect(within(screen.getByTestId('figure-expectancy')).getByRole('button', { name: 'How expectancy is worked out' })).toBeTruthy();

    const rows = within(screen.getByTestId('trades-table')).getAllByTestId('trade-row');
    expect(rows).toHaveLength(run.result.trades.length);
    const first = run.result.trades[0];
    expect(rows[0]!.textContent).toContain('Sell SPY Mar 20, 2026 $95 Put ×1');
    expect(
      within(rows[0]!)
        .getByRole('link', { name: /Open in builder/ })
        .getAttribute('href'),
    ).toBe(`/app/trading?underlying=SPY&legs=sell.put.95.${first.expiration}.1&asOf=${first.entryDate}`);
    expect(screen.getByTestId('builder-link-note').textContent).toContain('as of its entry day');

    const teaches = screen.getByTestId('teaches-panel');
    expect(teaches.textContent).toContain(run.teaches.profitTarget.sentences.winRate);
    expect(teaches.textContent).toContain(run.teaches.worstTrade.sentence);
    expect(within(screen.getByTestId('others-table')).getByRole('rowheader', { name: 'QQQ' })).toBeTruthy();
    expect(screen.getByTestId('equity-summary').textContent).toMatch(
      /^From \$100,000\.00 on Mar 2, 2026: the strategy ended at \$[\d,.]+, buying and holding SPY/,
    );
    expect(await screen.findByTestId('saved-count')).toHaveProperty('textContent', '1 of 50 saved');
  });

  it('sends a failed run again with the same clientRunId, and the next press after a success as a new run', async () => {
    let tries = 0;
    const { api, run } = renderPage({
      'POST /api/backtest/runs': () => (++tries === 1 ? json({ error: 'Something went wrong on our side.' }, 503) : json({ run }, 201)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run the backtest' }));
    expect((await screen.findByTestId('run-error')).textContent).toBe('Something went wrong on our side.');
    await user.click(screen.getByRole('button', { name: 'Run the backtest' }));
    await screen.findByTestId('run-results');
    const [a, b] = posts(api).map((c) => (c.body as { clientRunId: string }).clientRunId);
    expect(b).toBe(a);
    // The next press after a success is a new run.
    await user.click(screen.getByRole('button', { name: 'Run the backtest' }));
    await waitFor(() => expect(posts(api)).toHaveLength(3));
    expect((posts(api)[2]!.body as { clientRunId: string }).clientRunId).not.toBe(a);
  });

  it('puts the server’s 400 on the field it names', async () => {
    renderPage({
      'POST /api/backtest/runs': () =>
        json(
          {
            error: 'The dates are outside the stored history: it runs from 2026-03-02 to 2026-03-27.',
            code: 'bad_request',
            field: 'rules.from',
            reason: 'dates-outside-history',
          },
          400,
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Run the backtest' }));
    const from = screen.getByLabelText('From');
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(from.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(error.textContent).toBe('Error: The dates are outside the stored history: it runs from 2026-03-02 to 2026-03-27.');
    expect(screen.queryByTestId('run-error')).toBeNull();
  });

  it('shows an error on a field once it is touched, or on submit, and never sends rules it can tell are wrong', async () => {
    const { api } = renderPage();
    const user = userEvent.setup();
    const dte = await screen.findByLabelText('Days to expiry at entry');
    await user.clear(dte);
    await user.type(dte, '400');
    expect(dte.getAttribute('aria-invalid')).toBe('false');
    await user.tab();
    expect(dte.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Error: Too big/)).toBeTruthy();
    const contracts = screen.getByLabelText('Lots per trade');
    await user.clear(contracts);
    expect(contracts.getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Run the backtest' }));
    expect(contracts.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Error: Enter a number').length).toBeGreaterThan(0);
    expect(posts(api)).toHaveLength(0);
  });

  it('says which rule filtered everything out when a run found no trade', async () => {
    const run = savedRun({ filters: { ivRank: { above: 90 } } });
    expect(run.result.noTrade).not.toBeNull();
    renderPage({ [`GET /api/backtest/runs/${RUN_ID}`]: { run } }, `/app/backtest?run=${RUN_ID}`);
    const box = await screen.findByTestId('no-trade');
    expect(box.textContent).toContain(`The rule that filtered everything out: the IV rank filter.`);
    expect(box.textContent).toContain(run.result.noTrade.message.slice(1));
    expect((screen.getByRole('button', { name: 'Share to the community' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the saved runs with the count, and deletes one only after a confirmation', async () => {
    const run = savedRun();
    let saved = [summary(run)];
    const { api } = renderPage({
      'GET /api/backtest/runs': () => json({ runs: saved, count: saved.length, limit: 50 }),
      [`DELETE /api/backtest/runs/${RUN_ID}`]: () => {
        saved = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    expect((await screen.findByTestId('saved-count')).textContent).toBe('1 of 50 saved');
    await user.click(screen.getByRole('button', { name: 'Open SPY short put' }));
    await screen.findByTestId('run-results');
    await user.click(screen.getByRole('button', { name: 'Delete SPY short put' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === `/api/backtest/runs/${RUN_ID}`)).toBe(true));
    expect(await screen.findByTestId('saved-empty')).toBeTruthy();
    expect(screen.getByTestId('saved-count').textContent).toBe('0 of 50 saved');
    await waitFor(() => expect(screen.queryByTestId('run-results')).toBeNull());
  });

  it('shares a run within the community’s bounds and links to the post', async () => {
    const { api } = renderPage({}, `/app/backtest?run=${RUN_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Share to the community' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Share run' }));
    expect(within(dialog).getByText('Error: The thesis must be at least 10 characters')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/share'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Thesis'), 'Selling puts in a slide: the target kept the losses small.');
    await user.click(within(dialog).getByRole('button', { name: 'Share run' }));
    const link = await within(dialog).findByRole('link', { name: 'See your post' });
    expect(link.getAttribute('href')).toBe(`/app/community/posts/${POST_ID}`);
    expect(api.calls.find((c) => c.path.endsWith('/share'))?.body).toEqual({
      title: 'Backtest: SPY short put',
      thesis: 'Selling puts in a slide: the target kept the losses small.',
      tags: ['backtest'],
    });
  });

  it('starts from the builder’s legs, as distances from the price they were placed at', async () => {
    renderPage({}, '/app/backtest?underlying=QQQ&legs=sell.put.380.2026-12-18.1,buy.put.360.2026-12-18.1&price=400');
    expect(((await screen.findByLabelText('Underlying')) as HTMLSelectElement).value).toBe('QQQ');
    expect((screen.getByRole('radio', { name: 'My own legs' }) as HTMLInputElement).checked).toBe(true);
    const distances = screen.getAllByLabelText(/Distance from the price, %/) as HTMLInputElement[];
    expect(distances.map((d) => d.value)).toEqual(['-5', '-10']);
    expect(screen.getByTestId('builder-note')).toBeTruthy();
  });
});

describe('a saved draft', () => {
  it('sets the legs from a draft by their distance from the underlying’s latest close', async () => {
    const leg = (action: string, strike: number) => ({
      action,
      optionType: 'put',
      strike,
      premium: 1,
      quantity: 1,
      expiration: '2026-12-18',
      underlying: 'QQQ',
      contractTicker: null,
    });
    const draft = {
      draftId: 'd1',
      name: 'QQQ put spread',
      underlying: 'QQQ',
      strategy: 'Bull Put Spread',
      multiplier: 1,
      legs: [leg('sell', 380), leg('buy', 360)],
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    };
    renderPage({
      'GET /api/drafts': { drafts: [draft] },
      'GET /api/market/quotes': { quotes: [{ ticker: 'QQQ', name: 'QQQ', price: 400, change: 0, changePercent: 0, asOf: '2026-11-27T21:00:00Z' }] },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'My own legs' }));
    await user.selectOptions(await screen.findByLabelText('Start from a saved draft (optional)'), 'd1');
    await waitFor(() => expect((screen.getByLabelText('Underlying') as HTMLSelectElement).value).toBe('QQQ'));
    const distances = screen.getAllByLabelText(/Distance from the price, %/) as HTMLInputElement[];
    expect(distances.map((d) => d.value)).toEqual(['-5', '-10']);
    expect(screen.getByTestId('builder-note').textContent).toContain('latest close ($400.00)');
  });
});

describe('the backtest page’s helpers', () => {
  it('reads the field of a server error from `field` or from the schema’s first issue', () => {
    expect(serverFieldError({ error: 'x', field: 'rules.size.riskPct' }, 'f')).toEqual({ field: 'size.riskPct', message: 'x' });
    expect(serverFieldError({ error: 'x', issues: [{ path: 'body.rules.strategy.legs.1.strike.delta', message: 'Too big' }] }, 'f')).toEqual({
      field: 'strategy.legs.1.strike',
      message: 'Too big',
    });
    expect(serverFieldError({ error: 'x' }, 'f')).toBeNull();
    expect(fieldOf('rules.strategy.template')).toBe('strategy');
    expect(fieldOf('entry.schedule.tradingDays')).toBe('entry.schedule');
  });

  it('turns the builder’s legs into distances from the price, and needs the price', () => {
    expect(legsFromBuilder('sell.call.412.2026-12-18.2', 400)).toEqual([{ side: 'sell', type: 'call', quantity: '2', by: 'distance', value: '3' }]);
    expect(legsFromBuilder('sell.call.412.2026-12-18.2', NaN)).toEqual([]);
  });

  it('opens a trade in the builder as of its entry day with every leg on its expiry, lots multiplied in', () => {
    const trade = savedRun().result.trades[0];
    expect(builderHref('SPY', { ...trade, lots: 3 })).toBe(
      `/app/trading?underlying=SPY&legs=sell.put.${trade.legs[0].strike}.${trade.expiration}.3&asOf=${trade.entryDate}`,
    );
  });
});
