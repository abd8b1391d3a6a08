// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AchievementsPage from '@web/features/gamification/components/achievements-page';
import ChallengesPage from '@web/features/gamification/components/challenges-page';
import GamificationDemoPage from '@web/features/gamification/components/demo-page';
import LeaderboardsPage from '@web/features/gamification/components/leaderboards-page';
import GamificationProfilePage from '@web/features/gamification/components/profile-page';
import { json, stubApi } from '../../app/api-stub';
import { lesson, stateAfter, withProviders } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));
afterEach(cleanup);

const oneLesson = () => stateAfter([lesson('options_basics', 'options_basics.why-options')], undefined, { global: 2 });
const greeksLesson = () => stateAfter([lesson('options_greeks', 'options_greeks.delta')]);

describe('achievements page', () => {
  it('lists the 31 achievements (the specification’s 30 and Planned Season) by category with rarity, unlocked or locked, and progress current / total', async () => {
    stubApi({ 'GET /api/gamification/state': oneLesson() });
    render(withProviders(<AchievementsPage />, '/app/gamification/achievements'));
    expect((await screen.findByTestId('achievements-count')).textContent).toBe('1 / 31 unlocked');
    for (const c of ['First steps', 'Strategy mastery', 'Greeks guru', 'Risk management', 'Profit milestones', 'Consistency', 'Community', 'Learning'])
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(`^${c}`) })).toBeTruthy();
    const first = within(screen.getByTestId('achievement-first-lesson'));
    expect(first.getByText('Unlocked')).toBeTruthy();
    expect(first.getByText('Common')).toBeTruthy();
    expect(first.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    const trades = within(screen.getByTestId('achievement-ten-trades'));
    expect(trades.getByText('Locked')).toBeTruthy();
    expect(trades.getByText('0 / 10')).toBeTruthy();
    expect(screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('achievement-'))).toHaveLength(31);
  });

  it('filters to the unlocked ones and by rarity', async () => {
    stubApi({ 'GET /api/gamification/state': oneLesson() });
    render(withProviders(<AchievementsPage />, '/app/gamification/achievements'));
    await screen.findByTestId('achievements-count');
    await userEvent.click(screen.getByRole('radio', { name: 'Unlocked' }));
    expect(screen.getAllByTestId(/^achievement-/).map((e) => e.dataset.testid)).toEqual(['achievement-first-lesson']);
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rarity' }), 'legendary');
    expect(screen.getAllByTestId(/^achievement-/).every((e) => within(e).queryByText('Legendary'))).toBe(true);
  });
});

describe('challenges page', () => {
  it('shows daily, weekly and monthly challenges with their expiry in New York time; a completed one is claimed through the claim route', async () => {
    const before = greeksLesson();
    const claimed = { ...before, optionsCoins: before.optionsCoins + 8 };
    claimed.dailyChallenges = before.dailyChallenges.map((c) => (c.id === 'daily-greeks@2026-11-25' ? { ...c, status: 'claimed' as const } : c));
    const { calls } = stubApi({
      'GET /api/gamification/state': before,
      'POST /api/gamification/challenges/daily-greeks%402026-11-25/claim': { state: claimed },
    });
    render(withProviders(<ChallengesPage />, '/app/gamification/challenges'));
    expect((await screen.findByTestId('ends-daily')).textContent).toMatch(/^Ends Nov 26, 12:00 AM ET \(in .+\), at the end of the New York day$/);
    expect(screen.getByTestId('ends-weekly').textContent).toContain('Ends Nov 30, 12:00 AM ET');
    expect(screen.getByTestId('ends-monthly').textContent).toContain('Ends Dec 1, 12:00 AM ET');
    const greeks = within(screen.getByTestId('challenge-daily-greeks'));
    expect(greeks.getByText('Completed')).toBeTruthy();
    expect(within(screen.getByTestId('challenge-daily-trades')).getByText('In progress')).toBeTruthy();
    expect(within(screen.getByTestId('challenge-daily-trades')).queryByRole('button')).toBeNull();
    await userEvent.click(greeks.getByRole('button', { name: 'Claim 8 coins and 75 XP' }));
    await waitFor(() => expect(within(screen.getByTestId('challenge-daily-greeks')).getByText('Reward claimed')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/gamification/challenges/daily-greeks%402026-11-25/claim']);
  });

  it("shows the server's refusal of a second claim", async () => {
    stubApi({
      'GET /api/gamification/state': greeksLesson(),
      'POST /api/gamification/challenges/daily-greeks%402026-11-25/claim': () => json({ error: 'Challenge reward already claimed' }, 409),
    });
    render(withProviders(<ChallengesPage />, '/app/gamification/challenges'));
    await userEvent.click(await screen.findByRole('button', { name: 'Claim 8 coins and 75 XP' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Challenge reward already claimed');
  });
});

describe('leaderboards page', () => {
  it("shows a board's entries and the learner's own rank, and switches among the ten boards", async () => {
    const { calls } = stubApi({
      'GET /api/gamification/state': oneLesson(),
      'GET /api/gamification/leaderboards/global': {
        category: 'global',
        entries: [
          { rank: 1, displayName: 'Grace Hopper', publicId: 'gracepublic2', value: 900, isYou: false },
          { rank: 2, displayName: 'Trader 0B11D4', publicId: null, value: 110, isYou: true },
        ],
        userRank: 2,
        userValue: 110,
      },
      'GET /api/gamification/leaderboards/profit_king': { category: 'profit_king', entries: [], userRank: 0, userValue: null },
    });
    render(withProviders(<LeaderboardsPage />, '/app/gamification/leaderboards'));
    expect((await screen.findByTestId('your-rank')).textContent).toBe('Your rank: #2 (110 XP)');
    expect(screen.getByRole('row', { name: /Trader 0B11D4/ }).textContent).toBe('#2Trader 0B11D4(you)110 XP');
    // A public profile opens from the name; a private one shows the name alone.
    expect(screen.getByRole('link', { name: 'Grace Hopper' }).getAttribute('href')).toBe('/app/people/gracepublic2');
    expect(screen.queryByRole('link', { name: 'Trader 0B11D4' })).toBeNull();
    expect(screen.getAllByRole('button', { pressed: false }).length + 1).toBe(10);
    await userEvent.click(screen.getByRole('button', { name: 'Profit King' }));
    await waitFor(() => expect(screen.getByTestId('your-rank').textContent).toBe('You are not on this board yet.'));
    expect(screen.getByText(/Realized return over maximum drawdown/)).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/gamification/leaderboards/profit_king?limit='))).toBe(true);
  });
});

describe('leaderboards page, hidden', () => {
  it('tells a learner who hides from the leaderboards where to show again', async () => {
    const s = oneLesson();
    stubApi({
      'GET /api/gamification/state': { ...s, settings: { ...s.settings, showOnLeaderboards: false } },
      'GET /api/gamification/leaderboards/global': { category: 'global', entries: [], userRank: 0, userValue: null },
    });
    render(withProviders(<LeaderboardsPage />, '/app/gamification/leaderboards'));
    await waitFor(() => expect(screen.getByTestId('your-rank').textContent).toBe('You are hidden from the leaderboards. Show yourself again in Settings'));
  });
});

describe('profile page', () => {
  it("shows level, rank, streak and coins; a refused purchase shows 'Insufficient Options Coins'; settings are saved", async () => {
    const s = oneLesson();
    const { calls } = stubApi({
      'GET /api/gamification/state': s,
      'POST /api/gamification/rewards/streak-freeze/purchase': () => json({ error: 'Insufficient Options Coins' }, 409),
      'PUT /api/gamification/settings': { state: { ...s, settings: { ...s.settings, animations: false } } },
    });
    render(withProviders(<GamificationProfilePage />, '/app/gamification/profile'));
    const level = within(await screen.findByTestId('profile-level'));
    expect(level.getByRole('heading', { name: 'Novice Trader' })).toBeTruthy();
    expect(level.getByText('5 XP to level 2 · 110 XP in total')).toBeTruthy();
    expect(screen.getByTestId('profile-coins').textContent).toBe('10');
    expect(level.getByText('#2')).toBeTruthy();
    await userEvent.click(within(screen.getByTestId('reward-streak-freeze')).getByRole('button', { name: 'Buy for 50 coins' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient Options Coins');
    await userEvent.click(screen.getByRole('checkbox', { name: /Animations/ }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: /Animations/ }) as HTMLInputElement).checked).toBe(false));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ animations: false });
  });
});

describe('profile page power-ups', () => {
  it('activates a held Study Boost through the activate route and shows until when it runs, in New York time', async () => {
    const held = stateAfter([], undefined, {}, (st) => {
      st.powerUpInventory = { 'xp-boost': 1 };
    });
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const active = { ...held, powerUpInventory: { 'xp-boost': 0 }, activePowerUps: [{ id: 'xp-boost', activatedAt: new Date().toISOString(), expiresAt }] };
    const { calls } = stubApi({ 'GET /api/gamification/state': held, 'POST /api/gamification/power-ups/xp-boost/activate': { state: active } });
    render(withProviders(<GamificationProfilePage />, '/app/gamification/profile'));
    const boost = within(await screen.findByTestId('reward-xp-boost'));
    expect(boost.getByText('Held: 1')).toBeTruthy();
    await userEvent.click(boost.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(within(screen.getByTestId('reward-xp-boost')).getByText(/^Active until .+ ET$/)).toBeTruthy());
    expect(within(screen.getByTestId('reward-xp-boost')).queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/gamification/power-ups/xp-boost/activate']);
  });
});

describe('demo tour', () => {
  it("runs the mechanics on a demo learner in the browser and never writes to the learner's real state", async () => {
    const { calls } = stubApi({ 'GET /api/gamification/state': stateAfter([]) });
    render(withProviders(<GamificationDemoPage path="/app/demo" />, '/app/demo'));
    expect(screen.getByTestId('demo-banner').textContent).toContain('Demo mode');
    await userEvent.click(screen.getByRole('button', { name: 'Complete a lesson' }));
    expect(screen.getByTestId('demo-log').textContent).toContain('+100 XP, +10 coins · Unlocked: First Lesson');
    expect(screen.getAllByTestId('xp-toast')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete a module' }));
    // 10 + 100 + 100 + 200 (Module Complete) = 410 XP: level 4 (115 + 132 + 152 = 399), and the level-up modal.
    expect(screen.getByTestId('demo-level').textContent).toBe('4');
    expect(screen.getByRole('dialog', { name: 'LEVEL UP' }).textContent).toContain('You reached level 4.');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Study the next 5 trading days' }));
    expect(screen.getByTestId('demo-streak').textContent).toBe('6 days');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Write a journal reflection' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const coins = () => Number(screen.getByTestId('demo-coins').textContent);
    const before = coins();
    // The daily "Use the Greeks" challenge completed with the tour's second lesson (an Options Greeks one): 8 coins.
    await userEvent.click(screen.getByRole('button', { name: 'Claim a completed challenge' }));
    expect(coins()).toBe(before + 8);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy a Streak Freeze (50 coins)' }));
    expect(screen.getByTestId('demo-message').textContent).toBe('Bought a Streak Freeze for 50 Options Coins.');
    expect(coins()).toBe(before + 8 - 50);
    await userEvent.click(screen.getByRole('button', { name: 'Buy a Streak Freeze (50 coins)' }));
    expect(screen.getByTestId('demo-message').textContent).toBe('You can hold at most 2 streak freezes');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const toastsBefore = screen.queryAllByTestId('xp-toast').length;
    await userEvent.click(screen.getByRole('button', { name: 'Place a demo trade' }));
    expect(screen.getByTestId('demo-log').textContent).toContain('+12 XP · First trade of the day (×1.25 streak) · quiet: no celebration');
    expect(screen.queryAllByTestId('xp-toast').length).toBeLessThanOrEqual(toastsBefore);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
