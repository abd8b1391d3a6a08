// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type Stub } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { DashboardPage } from '@web/features/dashboard/components/dashboard-page';
import { nextSteps } from '@web/features/dashboard/components/tiles/learning-tile';
import { PositionsTile } from '@web/features/dashboard/components/tiles/positions-tile';
import { noStreakYet, ProgressTile, streakLine } from '@web/features/dashboard/components/tiles/progress-tile';
import type { GamificationState } from '@web/api/gamification';

const challenge = (over: Record<string, unknown> = {}) => ({
  id: 'daily-trades@2026-11-25',
  title: 'Make 3 trades',
  description: 'Place three paper trades today',
  type: 'daily',
  icon: '📈',
  xpReward: 100,
  coinReward: 10,
  requirement: '3 trades',
  category: 'trading',
  expiresAt: '2026-11-26T04:59:59Z',
  progress: { current: 0, total: 3 },
  status: 'in_progress',
  ...over,
});

const gameState = (over: Record<string, unknown> = {}) => ({
  level: 1,
  levelName: 'Novice Trader',
  currentXP: 0,
  totalXP: 0,
  xpToNextLevel: 100,
  xpForNextLevel: 100,
  rank: { id: 'novice', name: 'Novice Trader', minLevel: 1, maxLevel: 10, color: '#888', theme: 'Foundations', focus: 'Basics' },
  unlockedFeatures: [],
  nextUnlocks: null,
  achievements: [],
  unlockedAchievements: [],
  achievementProgress: {},
  dailyChallenges: [challenge()],
  weeklyChallenges: [],
  monthlyChallenges: [],
  challengeProgress: {},
  completedChallenges: [],
  claimedChallenges: [],
  currentStreak: 0,
  longestStreak: 0,
  streakFreezes: 0,
  tradingDays: [],
  lastTradeDate: null,
  optionsCoins: 0,
  rewards: [],
  purchasedRewards: [],
  powerUpInventory: {},
  activePowerUps: [],
  settings: { notifications: true, sounds: true, animations: true, widgetPosition: 'top-right' },
  userRanks: {},
  ...over,
});

const lesson = (id: string, completed = false) => ({ id, title: `Lesson ${id}`, minutes: 10, completed });
const mod = (id: string, title: string, lessons: ReturnType<typeof lesson>[], over: Record<string, unknown> = {}) => ({
  id,
  title,
  description: '',
  difficulty: 'beginner',
  estimatedTime: 60,
  prerequisites: [],
  objectives: [],
  lessons,
  completed: false,
  progress: 0,
  unlocked: true,
  ...over,
});

const newLearnerApi: Record<string, Stub> = {
  'GET /api/portfolio': () => json({ error: 'No paper account yet' }, 404),
  'GET /api/accounts': { accounts: [], needsSetup: true, startingCapitals: [10000, 25000, 100000] },
  'GET /api/orders': { orders: [] },
  'GET /api/gamification/state': gameState(),
  'GET /api/learning/modules': {
    modules: [
      mod('options_basics', 'Options Basics', [lesson('what-is-an-option'), lesson('calls')]),
      mod('options_greeks', 'Options Greeks', [lesson('delta')], { unlocked: false }),
    ],
  },
  'GET /api/journal/trades': { trades: [], total: 0, toReflect: 0 },
  'GET /api/market/quotes': {
    quotes: [{ ticker: 'SPY', name: 'SPDR S&P 500', price: 598.12, change: 1.5, changePercent: 0.25, asOf: '2026-11-25T21:00:00.000Z' }],
  },
  'GET /api/watchlist': { items: [], expired: [], slots: { used: 0, limit: 10, level: 1, next: { level: 5, adds: 5 } } },
};

const position = (over: Record<string, unknown>) => ({
  symbol: 'SPY261127C00600000',
  kind: 'option',
  underlying: 'SPY',
  optionType: 'call',
  strike: 600,
  expiration: '2026-11-27',
  quantity: 1,
  side: 'long',
  avgPrice: 2,
  mark: 3,
  bid: 2.9,
  ask: 3.1,
  marketValue: 300,
  costBasis: 200,
  unrealizedPnl: 100,
  openedAt: '2026-11-20T15:00:00Z',
  underlyingPrice: 610,
  intrinsicValue: 10,
  greeks: { delta: 0.6, gamma: 0.01, theta: -0.1, vega: 0.2, rho: 0.05 },
  quoteAsOf: '2026-11-25T21:00:00Z',
  group: null,
  ...over,
});

const portfolio = {
  account: { equity: 101_234.5, dayPnl: -42.1, buyingPower: 95_000 },
  positions: [
    position({ symbol: 'SPY261211P00550000', optionType: 'put', strike: 550, expiration: '2026-12-11', quantity: -1, side: 'short', unrealizedPnl: 20 }),
    position({}),
  ],
};

const activeApi: Record<string, Stub> = {
  ...newLearnerApi,
  'GET /api/portfolio': portfolio,
  'GET /api/accounts': {
    accounts: [
      {
        id: 'paper',
        name: 'Paper',
        displayName: 'Paper Trading',
        description: '',
        mode: 'paper',
        broker: null,
        balance: 101_234.5,
        currency: 'USD',
        isConnected: true,
      },
      {
        id: 'alpaca-paper',
        name: 'Alpaca Paper',
        displayName: 'Alpaca Paper',
        description: '',
        mode: 'live',
        broker: 'Alpaca (local stand-in)',
        balance: 99_876.54,
        currency: 'USD',
        isConnected: true,
      },
    ],
    needsSetup: false,
    startingCapitals: [],
  },
  'GET /api/orders': {
    orders: [
      {
        orderId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
        legs: [{ contract: 'SPY261127C00620000', side: 'buy', quantity: 1 }],
        type: 'limit',
        limitPrice: 0.5,
        strategy: null,
        held: 50.65,
        status: 'open',
      },
    ],
  },
  'GET /api/gamification/state': gameState({
    level: 3,
    currentXP: 40,
    xpForNextLevel: 132,
    xpToNextLevel: 92,
    currentStreak: 4,
    dailyChallenges: [
      challenge({ status: 'completed', progress: { current: 3, total: 3 } }),
      challenge({ id: 'daily-greeks@2026-11-25', title: 'Use the Greeks' }),
    ],
  }),
  'GET /api/learning/modules': {
    modules: [
      mod('options_basics', 'Options Basics', [lesson('what-is-an-option', true), lesson('calls', true)]),
      mod('options_greeks', 'Options Greeks', [lesson('delta', true), lesson('gamma')]),
    ],
  },
  'GET /api/journal/trades': {
    trades: [
      { id: '01JTRADE000000000000000001', underlying: 'SPY', strategy: 'Long Call', pnl: 120, reflected: false },
      { id: '01JTRADE000000000000000002', underlying: 'QQQ', strategy: 'Bull Put Spread', pnl: -30, reflected: true },
    ],
    total: 2,
    toReflect: 1,
  },
};

function renderDashboard(overrides: Record<string, Stub>) {
  const api = stubApi(overrides);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

const tile = (id: string) => screen.getByTestId(`tile-${id}`);
const settled = () => waitFor(() => expect(screen.queryAllByText('Loading…')).toHaveLength(0));

describe('a new learner’s dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks every tile’s data at once, one request each, and tells a new learner what to do first', async () => {
    const api = renderDashboard(newLearnerApi);
    await settled();
    const paths = api.calls.map((c) => c.path.split('?')[0]);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(
      [
        '/api/accounts',
        '/api/gamification/state',
        '/api/journal/trades',
        '/api/learning/modules',
        '/api/market/quotes',
        '/api/me',
        '/api/orders',
        '/api/portfolio',
        '/api/watchlist',
      ].sort(),
    );
    expect(screen.getByText('Start here: open a paper account with virtual money, then take your first lesson.')).toBeTruthy();
    expect(within(tile('account')).getByRole('link', { name: 'Open your paper account' }).getAttribute('href')).toBe('/app/portfolio');
    expect(within(tile('learning')).getByRole('link', { name: 'Take your first lesson' }).getAttribute('href')).toBe(
      '/app/learning/options_basics/what-is-an-option',
    );
    expect(within(tile('journal')).getByRole('link', { name: 'Open the journal' })).toBeTruthy();
    expect(within(tile('progress')).getByTestId('streak').textContent).toMatch(/^No streak yet/);
    expect(within(tile('progress')).queryByRole('button')).toBeNull();
  });

  it('links every tile to its page', async () => {
    renderDashboard(newLearnerApi);
    await settled();
    const links = Object.fromEntries(
      ['account', 'positions', 'progress', 'learning', 'orders', 'journal', 'market', 'watchlist'].map((id) => [
        id,
        within(tile(id)).getAllByRole('link')[0]!.getAttribute('href'),
      ]),
    );
    expect(links).toEqual({
      account: '/app/portfolio',
      positions: '/app/portfolio',
      progress: '/app/gamification/challenges',
      learning: '/app/learning',
      orders: '/app/orders',
      journal: '/app/journal',
      market: '/app/optionschain',
      watchlist: '/app/watchlist',
    });
  });

  it('shows the first five watchlist rows, in the learner order, with their close and its date', async () => {
    const row = (id: string, order: number) => ({
      id,
      kind: 'underlying',
      underlying: id,
      order,
      addedAt: '2026-11-20T00:00:00Z',
      figures: { date: '2026-11-25', close: 100 + order, change: 1, changePercent: 1, iv: 0.2, ivRank: 40, source: 'demo' },
    });
    const items = ['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT', 'NVDA'].map(row);
    renderDashboard({ ...newLearnerApi, 'GET /api/watchlist': { items, expired: [], slots: { used: 6, limit: 10, level: 1, next: null } } });
    await settled();
    const links = within(tile('watchlist')).getAllByRole('link').slice(1);
    expect(links.map((l) => l.textContent)).toEqual(['SPY', 'QQQ', 'IWM', 'AAPL', 'MSFT']);
    expect(links[0]!.getAttribute('href')).toBe('/app/optionschain?ticker=SPY');
    expect(within(tile('watchlist')).getAllByText(/close Nov 25/)).toHaveLength(5);
  });

  it('shows a failing tile’s message and a retry without hiding the others', async () => {
    renderDashboard({ ...newLearnerApi, 'GET /api/journal/trades': () => json({ error: 'The journal is unavailable' }, 503) });
    await settled();
    expect(within(tile('journal')).getByRole('alert').textContent).toContain('The journal is unavailable');
    expect(within(tile('journal')).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(tile('market')).getByTestId('market-as-of')).toBeTruthy();
  });
});

describe('an active learner’s dashboard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows paper equity, day P&L and buying power, and a connected Alpaca account’s equity beside them', async () => {
    renderDashboard(activeApi);
    await settled();
    const t = tile('account');
    expect(within(t).getByTestId('paper-equity').textContent).toBe('$101,234.50');
    expect(within(t).getByTestId('paper-day-pnl').textContent).toBe('−$42.10');
    expect(within(t).getByTestId('paper-buying-power').textContent).toBe('$95,000.00');
    expect(within(t).getByTestId('live-equity-alpaca-paper').textContent).toBe('$99,876.54');
  });

  it('lists resting orders with the buying power they hold', async () => {
    renderDashboard(activeApi);
    await settled();
    const row = within(tile('orders')).getByTestId('dashboard-order');
    expect(row.textContent).toContain('buy 1 SPY');
    expect(row.textContent).toContain('Holds $50.65 of buying power');
  });

  it('shows level, XP and streak, and claims a completed challenge with one click', async () => {
    const api = renderDashboard({
      ...activeApi,
      'POST /api/gamification/challenges/daily-trades%402026-11-25/claim': {
        state: gameState({ level: 3, currentXP: 140, xpForNextLevel: 132, dailyChallenges: [challenge({ status: 'claimed' })] }),
      },
    });
    await settled();
    const t = tile('progress');
    expect(t.textContent).toContain('Level 3');
    expect(within(t).getByRole('progressbar', { name: 'XP to the next level' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(t).getByTestId('streak').textContent).toContain('4-day streak');
    await userEvent.setup().click(within(t).getByRole('button', { name: 'Claim 100 XP' }));
    await waitFor(() => expect(within(tile('progress')).getByText('Claimed')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/gamification/challenges/daily-trades%402026-11-25/claim']);
  });

  it('points at the next lesson and the quiz that is due', async () => {
    renderDashboard(activeApi);
    await settled();
    const t = tile('learning');
    expect(within(t).getByRole('link', { name: 'Lesson gamma' }).getAttribute('href')).toBe('/app/learning/options_greeks/gamma');
    expect(within(t).getByRole('link', { name: 'Options Basics quiz' }).getAttribute('href')).toBe('/app/learning/options_basics/quiz');
  });

  it('counts the closed trades waiting for a reflection and links the unreflected ones', async () => {
    renderDashboard(activeApi);
    await settled();
    const t = tile('journal');
    expect(within(t).getByTestId('to-reflect').textContent).toBe('1 closed trade waits for your reflection (25 XP each).');
    expect(within(t).getByRole('link', { name: 'SPY Long Call' }).getAttribute('href')).toBe('/app/journal/trades/01JTRADE000000000000000001');
    expect(within(t).queryByRole('link', { name: 'QQQ Bull Put Spread' })).toBeNull();
  });

  it('gives the market snapshot’s date', async () => {
    renderDashboard(activeApi);
    await settled();
    expect(within(tile('market')).getByTestId('market-as-of').textContent).toBe('End-of-day, as of the close of Wed, Nov 25, 2026');
    expect(within(tile('market')).getByRole('row', { name: /SPY/ }).textContent).toContain('598.12');
  });
});

describe('the positions tile', () => {
  afterEach(cleanup);

  it('puts this week’s expiries first, flagged, each with what happens at expiry if nothing is done', () => {
    const query = { data: portfolio as never, isPending: false, isError: false, error: null, refetch: () => undefined };
    render(
      <MemoryRouter>
        <PositionsTile portfolio={query} now={new Date('2026-11-24T15:00:00Z')} />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('dashboard-position');
    expect(rows[0]!.textContent).toContain('SPY Nov 27, 2026 $600 Call');
    expect(rows[0]!.textContent).toContain('Expires this week');
    expect(rows[0]!.textContent).toContain('it would be exercised, buying 100 SPY shares at $600.00');
    expect(rows[1]!.textContent).not.toContain('Expires this week');
    expect(rows[1]!.textContent).toContain('−1 × SPY Dec 11, 2026 $550 Put');
    expect(rows[1]!.textContent).toContain('expire worthless (you keep the premium)');
    expect(screen.getByText(/expiring this week/).textContent).toBe('2 open · 1 expiring this week');
  });
});

describe('next steps in the course', () => {
  it('is the first lesson for someone who has not started, with nothing due', () => {
    const s = nextSteps([mod('a', 'A', [lesson('x'), lesson('y')]) as never]);
    expect(s).toMatchObject({ started: false, review: null, done: false });
    expect(s.next!.lesson.id).toBe('x');
  });
  it('says when the whole course is done', () => {
    expect(nextSteps([mod('a', 'A', [lesson('x', true)], { completed: true }) as never])).toMatchObject({ next: null, review: null, done: true });
  });
});

describe('the streak line before a streak', () => {
  it('names what starts a streak on a trading day, and the next trading day on a weekend or an NYSE holiday', () => {
    expect(noStreakYet('2026-11-25')).toBe('No streak yet: a lesson, a passed quiz, a journal reflection or a paper trade today starts one.');
    // Thanksgiving: the next trading day is the Friday after.
    expect(noStreakYet('2026-11-26')).toBe(
      'No streak yet. The market is closed today, so today neither starts nor breaks a streak: the next streak day is Fri, Nov 27, 2026.',
    );
    expect(noStreakYet('2026-11-28')).toMatch(/the next streak day is Mon, Nov 30, 2026\.$/);
  });

  it('says whether today has counted for a kept streak, and that a closed day is safe', () => {
    expect(streakLine(4, '2026-11-25', '2026-11-25')).toBe('🔥 4-day streak · today counted');
    expect(streakLine(4, '2026-11-24', '2026-11-25')).toBe('🔥 4-day streak · a lesson, a passed quiz, a journal reflection or a paper trade today keeps it');
    expect(streakLine(4, '2026-11-25', '2026-11-26')).toBe('🔥 4-day streak · safe today, the market is closed; next streak day Fri, Nov 27, 2026');
    expect(streakLine(0, '2026-11-20', '2026-11-25')).toBe(noStreakYet('2026-11-25'));
  });

  it('reads today in New York: at 11:30 pm on a Friday there, it is already Saturday in UTC', () => {
    const query = { data: gameState() as unknown as GamificationState, isPending: false, isError: false, error: null, refetch: () => undefined };
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <ProgressTile state={query} now={new Date('2026-11-28T04:30:00Z')} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('streak').textContent).toBe('No streak yet: a lesson, a passed quiz, a journal reflection or a paper trade today starts one.');
  });
});
