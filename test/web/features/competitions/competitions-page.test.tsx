// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPETITION_RULES, SCORE_FORMULA } from '@shared/competitions/rules';
import { json, stubApi, type Stub } from '../../app/api-stub';
import { account, board, debrief, lateJoin, month, nextWeek, PLANNED_ID, running, TRADE_ID, view } from './competition-fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import CompetitionsPage from '@web/features/competitions/components/competitions-page';
import SeasonPage from '@web/features/competitions/components/season-page';

const SEASON = `/api/competitions/seasons/${running.id}`;

function renderAt(path: string, overrides: Record<string, Stub> = {}) {
  const api = stubApi({
    'GET /api/competitions': view,
    'GET /api/accounts': { accounts: [], needsSetup: false },
    [`GET ${SEASON}/board`]: (url: URL) => json(board(url.searchParams.get('view') === 'overall' ? { view: 'overall', league: null, entrants: 41 } : {})),
    [`GET ${SEASON}/account`]: account(),
    [`GET ${SEASON}/debrief`]: () => json({ error: 'Not found' }, 404),
    ...overrides,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/app/competitions', element: <CompetitionsPage /> },
      { path: '/app/competitions/:seasonId', element: <SeasonPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the competitions page', () => {
  it('lists each season with its dates, status and entrants, states the score first and the rules word for word', async () => {
    renderAt('/app/competitions');
    const card = await screen.findByTestId(`season-${running.id}`);
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(running.label);
    expect(card.textContent).toContain('Mon, Nov 30, 2026 – Fri, Dec 4, 2026');
    expect(card.textContent).toContain('Running');
    expect(card.textContent).toContain('12 entrants');
    expect(screen.getByTestId(`season-${nextWeek.id}`).textContent).toContain('1 entrant');
    expect(screen.getByTestId(`season-${nextWeek.id}`).textContent).toContain('Open to join');

    const rules = screen.getByRole('region', { name: 'How the competitions work' });
    // The formula comes before the rules, with "never by raw return".
    expect(within(rules).getByTestId('score-formula').textContent).toBe(`Ranked by a risk-adjusted score, never by raw return. ${SCORE_FORMULA}`);
    for (const r of COMPETITION_RULES) {
      expect(within(rules).getByRole('heading', { name: r.title, level: 3 })).toBeTruthy();
      expect(within(rules).getByText(r.text)).toBeTruthy();
    }
    expect(rules.textContent).toContain('Why trading more does not help');
    expect(rules.textContent).toContain('the Planned Season achievement');
  });

  it('offers the builder with the competition account chosen for a season joined', async () => {
    renderAt('/app/competitions');
    const card = await screen.findByTestId(`season-${month.id}`);
    expect(card.textContent).toContain('You joined');
    expect(within(card).getByRole('link', { name: 'Trade in the builder' }).getAttribute('href')).toBe('/app/trading?account=competition-monthly-2026-12');
    expect(within(card).getByRole('link', { name: 'Open the season' }).getAttribute('href')).toBe('/app/competitions/monthly-2026-12');
  });

  it("joins a season, and a late join shows the server's message with a button that joins the season it names", async () => {
    let joined = false;
    const api = renderAt('/app/competitions', {
      [`POST ${SEASON}/join`]: () => json(lateJoin, 409),
      [`POST /api/competitions/seasons/${nextWeek.id}/join`]: () => {
        joined = true;
        return json({ entry: { seasonId: nextWeek.id, joinedAt: '2026-12-01T15:00:00Z', accountId: `competition-${nextWeek.id}` }, created: true }, 201);
      },
      'GET /api/competitions': () =>
        json({
          ...view,
          seasons: view.seasons.map((s) => (s.id === nextWeek.id && joined ? { ...s, joined: true, accountId: `competition-${s.id}`, entrants: 2 } : s)),
        }),
    });
    const card = await screen.findByTestId(`season-${running.id}`);
    await userEvent.click(within(card).getByRole('button', { name: `Join ${running.label}` }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain(lateJoin.error);
    expect(alert.textContent).toContain('Join next week’s, which starts on Monday, December 7.'.replace('’', "'"));
    await userEvent.click(within(alert).getByRole('button', { name: `Join ${nextWeek.label}` }));
    await waitFor(() => expect(screen.getByTestId(`season-${nextWeek.id}`).textContent).toContain('You joined'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`${SEASON}/join`, `/api/competitions/seasons/${nextWeek.id}/join`]);
    expect(screen.getByTestId(`season-${nextWeek.id}`).textContent).toContain('2 entrants');
  });

  it('lists the past seasons with the result, the score, the award and the debrief', async () => {
    renderAt('/app/competitions');
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Nov 23/ });
    expect(row.textContent).toContain('2nd in league 1, 4th overall');
    expect(row.textContent).toContain('1.23');
    expect(row.textContent).toContain('Planned Season');
    expect(
      within(row)
        .getByRole('link', { name: /Read the debrief/ })
        .getAttribute('href'),
    ).toBe('/app/competitions/weekly-2026-11-23');
  });
});

describe("a season's page", () => {
  it('shows the league board with your row marked in words, the unranked with their note, private entrants, and the basis of the standings', async () => {
    renderAt(`/app/competitions/${running.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: running.label })).toBeTruthy();
    const you = await screen.findByTestId('your-row');
    expect(you.textContent).toContain('Ada Lovelace(you)');
    expect(you.textContent).toContain('Unranked');
    expect(you.textContent).toContain('Needs 2 more closed trades and 1 more trading day');
    expect(screen.getByText('Private entrant')).toBeTruthy();
    expect(screen.getByTestId('board-as-of').textContent).toMatch(/^From each day's closing equity · as of Dec 1, 4:30 PM ET$/);
    expect(screen.getByRole('heading', { name: 'League 1 of 1' })).toBeTruthy();
    const board = screen.getByRole('region', { name: 'Board' });
    expect(within(board).getByTestId('score-formula').textContent).toContain('never by raw return');
  });

  it('switches to the overall board', async () => {
    const api = renderAt(`/app/competitions/${running.id}`);
    await screen.findByTestId('your-row');
    await userEvent.click(screen.getByRole('radio', { name: 'Overall' }));
    expect(await screen.findByRole('heading', { name: 'Overall · 41 entrants' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === `${SEASON}/board?view=overall`)).toBe(true);
  });

  it('says the provisional and final bases in words', async () => {
    renderAt(`/app/competitions/${running.id}`, {
      [`GET ${SEASON}/board`]: () => json(board({ asOf: { at: '2026-12-02T17:00:00.000Z', basis: 'provisional' } })),
    });
    await waitFor(() => expect(screen.getByTestId('board-as-of').textContent).toContain("Includes today's marks so far"));
  });

  it('shows your figures: the return, the drawdown, the divisor and why, the score, and the sample against the minimum', async () => {
    renderAt(`/app/competitions/${running.id}`);
    const figures = await screen.findByTestId('your-figures');
    expect(figures.textContent).toContain('+1.00%');
    expect(figures.textContent).toContain('0.50% ($500.00, Nov 30 to Dec 1)');
    expect(figures.textContent).toContain('2.00%: your drawdown is below the 2% floor, so the floor counts');
    expect(figures.textContent).toContain('0.50');
    expect(figures.textContent).toContain('3 of 5 closed trades · 2 of 3 trading days');
  });

  it('shows your competition account, the builder with it chosen, and how many trades lack a plan', async () => {
    renderAt(`/app/competitions/${running.id}`);
    const section = await screen.findByRole('region', { name: 'Your competition account' });
    expect(section.textContent).toContain('$100,980.00');
    expect(section.textContent).toContain('$100,120.50');
    expect(within(section).getByRole('link', { name: 'Trade in the builder' }).getAttribute('href')).toBe('/app/trading?account=competition-weekly-2026-11-30');
    expect(within(section).getByRole('row', { name: /Bull Put Spread/ }).textContent).toContain('2 legs');
    expect(screen.getByTestId('plan-count').textContent).toBe('1 trade of 2 lacks a plan. The award needs a plan on every trade, written before it closes.');
    const planned = screen.getByTestId(`trade-${PLANNED_ID}`);
    expect(planned.textContent).toContain('Range-bound into the Fed meeting');
    expect(planned.textContent).toContain('take profit at 50% of the most it can make; stop: 2x credit');
  });

  it('writes a plan: a thesis and a planned exit, sent as the contract asks; the server refusing shows its message', async () => {
    let refuse = true;
    const api = renderAt(`/app/competitions/${running.id}`, {
      [`PUT ${SEASON}/trades/${TRADE_ID}/plan`]: () =>
        refuse ? json({ error: 'This trade has closed: its plan can no longer be written.', code: 'conflict' }, 409) : json({ trade: account().trades[0] }),
    });
    const trade = await screen.findByTestId(`trade-${TRADE_ID}`);
    const form = within(trade).getByRole('form', { name: /Write your plan/ });
    await userEvent.click(within(form).getByRole('button', { name: 'Save the plan' }));
    expect(within(form).getByRole('alert').textContent).toBe('Write your thesis: why you expect this trade to work.');
    await userEvent.type(within(form).getByLabelText('Thesis'), 'SPY holds 580 into expiry');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the plan' }));
    expect(within(form).getByRole('alert').textContent).toBe('Write at least one planned exit: a profit target, a stop or a time.');
    await userEvent.type(within(form).getByLabelText('Profit target, % of max profit'), '50');
    await userEvent.type(within(form).getByLabelText('Time exit'), '21 days before expiry');
    await userEvent.click(within(form).getByRole('button', { name: 'Save the plan' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This trade has closed: its plan can no longer be written.');
    refuse = false;
    await userEvent.click(within(form).getByRole('button', { name: 'Save the plan' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      thesis: 'SPY holds 580 into expiry',
      plannedExit: { profitTargetPct: 50, stop: '', time: '21 days before expiry' },
    });
  });

  it('says so when you have not joined the season', async () => {
    renderAt(`/app/competitions/${running.id}`, { [`GET ${SEASON}/account`]: () => json({ error: 'Not found' }, 404) });
    const section = await screen.findByRole('region', { name: 'Your competition account' });
    await waitFor(() => expect(section.textContent).toContain('You have not joined this season.'));
    expect(within(section).queryByRole('link', { name: 'Trade in the builder' })).toBeNull();
  });
});

describe('the debrief of a closed season', () => {
  const PAST = '/api/competitions/seasons/weekly-2026-11-23';
  const closed = {
    [`GET ${PAST}/board`]: () =>
      json(board({ seasonId: debrief.seasonId, label: debrief.label, status: 'closed', asOf: { at: debrief.closedAt, basis: 'final' } })),
    [`GET ${PAST}/account`]: account({
      seasonId: debrief.seasonId,
      season: { firstDay: '2026-11-23', lastDay: '2026-11-27', closesAt: debrief.closedAt, status: 'closed' },
    }),
    [`GET ${PAST}/debrief`]: debrief,
  };

  it('shows what drove the score, the biggest risk, the best and worst trades, the drawdown, the plans and the one lesson', async () => {
    renderAt('/app/competitions/weekly-2026-11-23', closed);
    const section = await screen.findByTestId('debrief');
    expect(section.textContent).toContain('You finished 2nd in league 1 and 4th of 40 entrants overall.');
    expect(section.textContent).toContain('Your return was +2.47% ($100,000.00 to $102,469.00), divided by 2.00%');
    expect(section.textContent).toContain('a score of 1.23');
    expect(section.textContent).toContain('QQQ Iron Condor: it could lose $2,400.00, 2.4% of the account when it opened.');
    expect(section.textContent).toContain('1.00% ($1,000.00), from Nov 24 to Nov 25.');
    expect(section.textContent).toContain('SPY Bull Put Spread: +$300.00');
    expect(section.textContent).toContain('QQQ Iron Condor: −$150.00');
    expect(section.textContent).toContain('2 of 2 trades had a plan');
    expect(within(section).getByRole('link', { name: 'Position sizing' }).getAttribute('href')).toBe('/app/learning/risk_management/position-sizing');
    expect(within(section).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByTestId('board-as-of').textContent).toMatch(/^Final · /);
    // The season has closed: no way to trade it or write a plan.
    expect(screen.queryByRole('link', { name: 'Trade in the builder' })).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the award as a quiet card when earned, and none when not', async () => {
    renderAt('/app/competitions/weekly-2026-11-23', closed);
    const award = await screen.findByTestId('award');
    expect(award.textContent).toContain('50 coins and the Planned Season achievement');
    expect(award.textContent).not.toMatch(/congrat|win|!/i);
    cleanup();
    renderAt('/app/competitions/weekly-2026-11-23', { ...closed, [`GET ${PAST}/debrief`]: { ...debrief, award: null } });
    await screen.findByTestId('debrief');
    expect(screen.queryByTestId('award')).toBeNull();
  });
});
