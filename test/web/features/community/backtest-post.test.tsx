// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../app/api-stub';
import { PostPage } from '@web/features/community/components/post-page';
import { StrategyFeed } from '@web/features/community/components/strategy-feed';
import type { Post } from '@web/api/community-posts';

function renderAt(path: string, routes: { path: string; element: React.ReactNode }[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const POST: Post = {
  id: '01JD0000000000000000000009',
  title: 'Backtest: SPY short puts',
  authorName: 'Ada Lovelace',
  authorPublicId: null,
  underlying: 'SPY',
  strategyName: 'Custom',
  strategyType: 'custom',
  tags: ['backtest'],
  source: 'backtest',
  useful: 0,
  comments: 0,
  createdAt: '2026-11-20T15:00:00Z',
  hasOutcome: false,
  thesis: 'Selling puts in a slide: the target kept the losses small.',
  legs: [{ action: 'sell', optionType: 'put', strikeRatio: 0.95, dte: 30, quantity: 1, premiumRatio: 0.01 }],
  refPrice: 580,
  refDate: '2026-11-20',
  outcome: null,
  backtest: {
    runId: 'run-1',
    underlying: 'SPY',
    from: '2025-12-01',
    to: '2026-11-27',
    rules: {
      underlying: 'SPY',
      strategy: { legs: [{ type: 'put', side: 'sell', quantity: 1, strike: { by: 'distance', distance: -5, unit: 'percent' } }] },
      entry: { schedule: { kind: 'weekday', weekday: 1 }, daysToExpiry: 30, maxOpen: 3 },
      filters: { ivRank: { above: 30 } },
      exit: { profitTargetPct: 50, daysBeforeExpiry: 7 },
      size: { kind: 'contracts', contracts: 2 },
      startingBalance: 10000,
      costs: { commissionPerContract: 0.65, spreadPerContract: 2 },
      from: '2025-12-01',
      to: '2026-11-27',
    },
    trades: 12,
    winRate: 75,
    returnOnRisk: 4.5,
    maxDrawdown: 820,
    totalPnl: 310,
    ranAt: '2026-11-28T14:30:00Z',
    dataAsOf: '2026-11-27',
  },
  hidden: false,
  mine: false,
  votedUseful: false,
  commentList: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a post shared from a backtest', () => {
  it('says it came from a backtest and shows the run: range, rules in words, figures, date and the end-of-day model', async () => {
    stubApi({ [`GET /api/community/posts/${POST.id}`]: { post: POST } });
    renderAt(`/app/community/posts/${POST.id}`, [{ path: '/app/community/posts/:postId', element: <PostPage /> }]);
    await screen.findByRole('heading', { level: 1, name: POST.title });
    expect(screen.getByText(/from a backtest/)).toBeTruthy();
    expect(screen.queryByText(/from the strategy builder/)).toBeNull();

    const run = screen.getByRole('region', { name: 'The backtest' });
    expect(within(run).getByText(/^SPY, Dec 1, 2025 to Nov 27, 2026\. Run /)).toBeTruthy();
    const rules = within(run).getByRole('list', { name: 'Rules' });
    expect(rules.textContent).toContain('Sell put on SPY.');
    expect(rules.textContent).toContain('Entered every Monday at about 30 days to expiry, at most 3 open at once, only with IV rank above 30.');
    expect(rules.textContent).toContain('Closed at 50% of the max profit, or 7 days before expiry, else at expiry.');
    expect(rules.textContent).toContain('2 lots a trade');
    const figure = (label: string) => within(run).getByText(label).nextElementSibling?.textContent;
    expect(figure('Trades')).toBe('12');
    expect(figure('Win rate')).toBe('75.0%');
    expect(figure('Return on risk')).toBe('4.5%');
    expect(figure('Max drawdown')).toMatch(/820\.00/);
    expect(within(run).getByText(/modelled from end-of-day data through Nov 27, 2026/)).toBeTruthy();
  });

  it('is marked as from a backtest on its feed card', async () => {
    stubApi({ 'GET /api/community/posts': { posts: [POST], cursor: null } });
    renderAt('/app/community', [{ path: '/app/community', element: <StrategyFeed /> }]);
    const list = await screen.findByRole('list', { name: 'Shared strategies' });
    expect(within(list).getByText('From a backtest')).toBeTruthy();
    expect(within(list).queryByText('From a closed trade')).toBeNull();
  });
});
