// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeStats, type ClosedTradeRow } from '@shared/journal/stats';
import { setNumberStyle } from '@shared/format/number-style';
import JournalPage from '@web/features/journal/components/journal-page';
import JournalTradePage from '@web/features/journal/components/trade-page';
import { json, stubApi, type Stub } from '../../app/api-stub';
import { stubResizeObserver } from '../learning/fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const row = (id: string, pnl: number, date: string, over: Partial<ClosedTradeRow> = {}): ClosedTradeRow => ({
  id,
  account: 'paper',
  strategy: 'Bull Put Spread',
  underlying: 'SPY',
  openedAt: `${date}T15:00:00.000Z`,
  closedAt: `${date}T19:00:00.000Z`,
  date,
  pnl,
  risk: 400,
  maxProfit: 100,
  exitReason: 'closed',
  setupTags: [],
  mistakeTags: [],
  reflected: false,
  legs: 2,
  ...over,
});
const rows = [
  row('01KTRADE00000000000000001A', 74.8, '2026-11-20'),
  row('01KTRADE00000000000000002B', -120, '2026-11-24', { strategy: 'Long Call', legs: 1, mistakeTags: ['sized too big'] }),
];
const summary = (r: ClosedTradeRow) => ({ ...r, status: 'closed' });
const SHORT = 'SPY261218P00580000';
const LONG = 'SPY261218P00570000';
const trade = {
  id: rows[0]!.id,
  account: 'paper',
  run: 1,
  strategy: 'Bull Put Spread',
  strategySource: 'builder',
  underlying: 'SPY',
  openedAt: '2026-11-18T15:00:00.000Z',
  closedAt: '2026-11-20T19:00:00.000Z',
  status: 'closed',
  legs: [
    {
      contract: SHORT,
      underlying: 'SPY',
      optionType: 'put',
      strike: 580,
      expiration: '2026-12-18',
      side: 'sell',
      quantity: 1,
      openPrice: 3.1,
      openCommission: 0.65,
      iv: 0.2,
      open: 0,
      closes: [{ at: '2026-11-20T19:00:00.000Z', quantity: 1, price: 2, commission: 0.65, pnl: 110, reason: 'closed' }],
    },
    {
      contract: LONG,
      underlying: 'SPY',
      optionType: 'put',
      strike: 570,
      expiration: '2026-12-18',
      side: 'buy',
      quantity: 1,
      openPrice: 1.6,
      openCommission: 0.65,
      iv: 0.2,
      open: 0,
      closes: [{ at: '2026-11-20T19:00:00.000Z', quantity: 1, price: 1.25, commission: 0.65, pnl: -35, reason: 'closed' }],
    },
  ],
  entry: {
    netPremium: 150,
    commissions: 1.3,
    underlyingPrice: 600,
    iv: 0.2,
    greeks: { delta: 10, gamma: -0.2, theta: 5, vega: -10 },
    maxProfit: 150,
    maxLoss: 850,
    breakevens: [578.5],
    pop: 0.72,
    dte: 30,
    lots: 1,
  },
  realizedPnl: 72.4,
  exitReason: 'closed',
  marks: [{ date: '2026-11-19', pnl: 40 }],
  mfe: 40,
  mae: 40,
  entryId: null,
  setupTags: [],
  mistakeTags: [],
};
const entriesView = { entries: [], cursor: null, count: 0, limit: 5000, tags: { setup: ['breakout', 'high IV sell'], mistakes: ['no exit plan'] } };

function renderAt(path: string, api: Record<string, Stub>) {
  const stub = stubApi(api);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/journal" element={<JournalPage />} />
          <Route path="/app/journal/trades/:tradeId" element={<JournalTradePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return stub;
}

const journalApi = (): Record<string, Stub> => ({
  'GET /api/journal/trades': (url: URL) => {
    if (url.searchParams.get('status') === 'open') return json({ trades: [], total: 0, toReflect: 2 });
    const date = url.searchParams.get('date');
    const kept = rows.filter((r) => !date || r.date === date);
    return json({ trades: kept.map(summary), total: kept.length, toReflect: 2 });
  },
  'GET /api/journal/stats': computeStats(rows, 100_000),
  'GET /api/journal/entries': entriesView,
  [`GET /api/journal/trades/${trade.id}`]: { trade, entry: null },
});

describe('the journal page', () => {
  beforeEach(() => stubResizeObserver());
  afterEach(() => {
    cleanup();
    setNumberStyle('en-US');
    vi.unstubAllGlobals();
  });

  it('lists the closed trades with their reflection state and says how many await a reflection', async () => {
    renderAt('/app/journal', journalApi());
    expect((await screen.findByTestId('to-reflect')).textContent).toBe('2 trades to reflect on');
    const list = await screen.findAllByTestId('trade-row');
    expect(list.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^SPY Bull Put Spread2 legs · opened Nov 20 · closed Nov 20 · Closed\+?\$74\.80To reflect on$/),
      expect.stringMatching(/^SPY Long Call1 leg · opened Nov 24 · closed Nov 24 · Closed−\$120\.00To reflect on$/),
    ]);
    expect(screen.getByText(/No open trades/)).toBeTruthy();
  });

  it("marks a trade the learner's agent token placed, in the list and on the trade's page", async () => {
    const byAgent = row('01KTRADE00000000000000003C', 12, '2026-11-25', { agent: 'my-bot' });
    renderAt('/app/journal', {
      ...journalApi(),
      'GET /api/journal/trades': (url: URL) =>
        url.searchParams.get('status') === 'open'
          ? json({ trades: [], total: 0, toReflect: 3 })
          : json({ trades: [byAgent, ...rows].map(summary), total: 3, toReflect: 3 }),
    });
    const list = await screen.findAllByTestId('trade-row');
    expect(list.map((r) => within(r).queryByTestId('trade-agent')?.textContent ?? null)).toEqual(["placed by agent 'my-bot'", null, null]);
    cleanup();
    renderAt(`/app/journal/trades/${trade.id}`, {
      ...journalApi(),
      [`GET /api/journal/trades/${trade.id}`]: { trade: { ...trade, agent: 'my-bot' }, entry: null },
    });
    expect(await screen.findByText("placed by agent 'my-bot'")).toBeTruthy();
  });

  it('keeps each account apart: with an Alpaca account connected, choosing it lists and counts that account’s trades', async () => {
    const live = row('8a0f3c2e-1b2c-4d5e-8f90-123456789abc', 160, '2026-11-25', { account: 'alpaca-live', strategy: 'Bull Put Spread' });
    const stub = renderAt('/app/journal', {
      ...journalApi(),
      'GET /api/accounts': {
        accounts: [
          { id: 'paper', name: 'Paper Trading', mode: 'paper' },
          { id: 'alpaca-live', name: 'Alpaca Live', mode: 'live' },
        ],
        needsSetup: false,
      },
      'GET /api/journal/trades': (url: URL) => {
        const account = url.searchParams.get('account') ?? 'paper';
        const kept = url.searchParams.get('status') === 'open' ? [] : [...rows, live].filter((r) => r.account === account);
        return json({ trades: kept.map(summary), total: kept.length, toReflect: 3 });
      },
    });
    expect(await screen.findAllByTestId('trade-row')).toHaveLength(2);
    await userEvent.selectOptions(await screen.findByLabelText('Account'), 'Alpaca Live');
    await screen.findByText(/\+?\$160\.00/);
    expect(screen.getAllByTestId('trade-row')).toHaveLength(1);
    expect(stub.calls.some((c) => c.path.includes('status=closed') && c.path.includes('account=alpaca-live'))).toBe(true);
    await userEvent.click(screen.getByRole('tab', { name: 'Statistics' }));
    await screen.findByText(/Alpaca Live trades only/);
    expect(stub.calls.some((c) => c.path.startsWith('/api/journal/stats') && c.path.includes('account=alpaca-live'))).toBe(true);
  });

  it('shows each figure with its formula, N and the small-sample badge; a calendar day shows its trades', async () => {
    renderAt('/app/journal?tab=stats', journalApi());
    const winRate = await screen.findByTestId('figure-win-rate');
    // 1 win of 2 decided trades; payoff 74.80 / 120 → break-even win rate 1 / (1 + 0.6233) = 61.6%.
    expect(winRate.textContent).toContain('50.0%');
    expect(winRate.textContent).toContain('N = 2');
    expect(winRate.textContent).toContain('small sample');
    expect(winRate.textContent).toContain('wins ÷ (wins + losses)');
    expect(winRate.textContent).toContain('Break-even win rate at this payoff: 61.6%');
    expect(screen.getByTestId('figure-mean-r').textContent).toContain('N = 2');
    expect(screen.getByTestId('mistake-costs').textContent).toContain('sized too big');
    const day = within(screen.getByTestId('calendar-heatmap')).getByRole('button', { name: /Nov 24: −\$120\.00, 1 trade/ });
    await userEvent.click(day);
    const dayTrades = await screen.findByTestId('day-trades');
    await within(dayTrades).findByText('SPY Long Call');
    expect(within(dayTrades).getAllByTestId('trade-row')).toHaveLength(1);
  });

  it('writes the statistics and a trade’s analytics in the learner’s number format: 1.234,56 (Settings → Display)', async () => {
    setNumberStyle('de-DE');
    renderAt('/app/journal?tab=stats', journalApi());
    const winRate = await screen.findByTestId('figure-win-rate');
    expect(winRate.textContent).toContain('50,0%');
    expect(winRate.textContent).toContain('Break-even win rate at this payoff: 61,6%');
    // Payoff: 74.80 / 120 = 0.62; net P&L 74.80 − 120 = −45.20.
    expect(screen.getByTestId('figure-payoff').textContent).toContain('0,62');
    expect(screen.getByTestId('figure-net').textContent).toContain('−$45,20');
    cleanup();

    renderAt(`/app/journal/trades/${trade.id}`, journalApi());
    expect((await screen.findByTestId('trade-pnl')).textContent).toBe('+$72,40');
    const analytics = screen.getByTestId('entry-analytics').textContent!;
    expect(analytics).toContain('Breakevens$578,50');
    expect(analytics).toContain('IV at entry20,0%');
    expect(analytics).toContain('Delta · Theta · Vega10 · 5 · −10');
    expect(analytics).toContain('Underlying at entry$600,00');
    expect(analytics).not.toMatch(/\d\.\d\d(?!\d)/);
  });

  it('shows a trade with its legs and entry analytics, and saves a reflection that earns XP', async () => {
    const stub = renderAt(`/app/journal/trades/${trade.id}`, {
      ...journalApi(),
      'POST /api/journal/entries': (_u: URL, init?: RequestInit) => {
        const body = JSON.parse(String(init!.body));
        return json(
          { entry: { ...body, id: '01KENTRY00000000000000001A', date: '2026-11-20', xpAwarded: true, createdAt: 'x', updatedAt: 'x' }, xpAwarded: 25 },
          201,
        );
      },
    });
    expect((await screen.findByTestId('trade-pnl')).textContent).toBe('+$72.40');
    const analytics = screen.getByTestId('entry-analytics').textContent!;
    expect(analytics).toContain('Max loss (1R)$850.00');
    expect(analytics).toContain('Probability of profit72%');
    expect(analytics).toContain('MFE (best daily mark)$40.00');
    expect(screen.getByText(/Short SPY Dec 18 \$580 put/)).toBeTruthy();
    expect(screen.getByTestId('payoff-graph')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Thesis: your outlook and why this strategy'), 'SPY holds 580');
    await userEvent.click(screen.getByRole('button', { name: 'high IV sell' }));
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    await userEvent.type(screen.getByLabelText('Lesson learned'), 'Take profits at half the max profit');
    await userEvent.click(screen.getByRole('button', { name: 'Save entry' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved. +25 XP for a real reflection.');
    const post = stub.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      tradeId: trade.id,
      kind: 'trade',
      thesis: 'SPY holds 580',
      setupTags: ['high IV sell'],
      confidence: 4,
      lesson: 'Take profits at half the max profit',
    });
  });

  it('edits a free entry in place, and deletes an entry only after the learner confirms', async () => {
    const note = {
      id: '01KNOTE000000000000000000A',
      tradeId: null,
      kind: 'note' as const,
      date: '2026-11-20',
      title: 'Week plan',
      thesis: 'Sell premium only when IV rank is above fifty',
      outlook: null,
      plannedExit: { profitTargetPct: null, stop: '', time: '' },
      confidence: null,
      emotionBefore: { choice: null, text: '' },
      emotionAfter: { choice: null, text: '' },
      setupTags: [],
      mistakeTags: [],
      lesson: 'Size every trade by its max loss',
      grade: null,
      body: '',
      xpAwarded: true,
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    };
    const stub = renderAt('/app/journal?tab=entries', {
      ...journalApi(),
      'GET /api/journal/entries': { ...entriesView, entries: [note], count: 1 },
      [`PUT /api/journal/entries/${note.id}`]: (_u: URL, init?: RequestInit) => json({ entry: { ...note, ...JSON.parse(String(init!.body)) }, xpAwarded: 0 }),
      [`DELETE /api/journal/entries/${note.id}`]: () => new Response(null, { status: 204 }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const lesson = screen.getByLabelText('Lesson learned');
    expect((lesson as HTMLTextAreaElement).value).toBe('Size every trade by its max loss');
    await userEvent.type(lesson, ', always');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(stub.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ kind: 'note', lesson: 'Size every trade by its max loss, always' });

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(confirm).toHaveBeenCalledWith('Delete this journal entry? Its text cannot be recovered.');
    confirm.mockRestore();
  });

  it('says so when the trade is not the learner’s', async () => {
    renderAt('/app/journal/trades/01KOTHER0000000000000000AA', {
      ...journalApi(),
      'GET /api/journal/trades/01KOTHER0000000000000000AA': () => json({ error: 'No journal trade 01KOTHER0000000000000000AA.' }, 404),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('No journal trade 01KOTHER0000000000000000AA.');
  });
});
