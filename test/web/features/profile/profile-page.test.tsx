// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { avatarHue, initials, ProfilePage } from '@web/features/profile/components/profile-page';

const api = {
  'GET /api/learning/progress': {
    progress: {
      level: 2,
      experience: 640,
      completedModules: ['options_basics'],
      achievements: [{ id: 'first-module', title: 'First module', description: 'Completed a module', icon: '', unlockedAt: '', category: 'learning' }],
    },
  },
  'GET /api/learning/modules': {
    modules: [
      { id: 'options_basics', title: 'Options Basics', completed: true, lessons: [] },
      { id: 'options_greeks', title: 'Options Greeks', completed: false, lessons: [] },
    ],
  },
  'GET /api/gamification/state': {
    level: 4,
    levelName: 'Novice Trader',
    rank: { name: 'Novice Trader' },
    userRanks: { global: 7 },
    achievements: [
      { id: 'first-trade', name: 'First Trade', description: 'Place your first paper trade' },
      { id: 'ten-trades', name: 'Ten Trades', description: 'Place ten paper trades' },
    ],
    unlockedAchievements: ['first-trade'],
  },
};

describe('the profile page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the display name with a local initials avatar, member since, both levels, the rank, modules completed and achievements', async () => {
    stubApi(api);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ada Lovelace'));
    expect(screen.getByTestId('avatar').textContent).toBe('AL');
    expect(screen.getByText('Member since January 1, 2026')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('game-rank').textContent).toBe('Novice Trader · #7 overall'));
    expect(screen.getByTestId('learning-level').textContent).toBe('Level 2 · 640 XP');
    expect(screen.getByTestId('game-level').textContent).toBe('Level 4 · Novice Trader');
    expect(screen.getByRole('heading', { name: 'Modules completed (1 of 2)' })).toBeTruthy();
    expect(screen.getAllByTestId('achievement').map((a) => a.textContent)).toEqual([
      'First TradePlace your first paper trade',
      'First moduleCompleted a module',
    ]);
  });

  it('makes initials and a colour from the learner alone', () => {
    expect([initials('Grace Brewster Hopper'), initials('ada'), initials('  '), initials('Émile Zola')]).toEqual(['GH', 'AD', 'U', 'ÉZ']);
    expect(avatarHue('u1')).not.toBe(avatarHue('u2'));
  });
});
