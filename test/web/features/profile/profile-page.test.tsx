// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API, json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { avatarHue, initials } from '@shared/users/avatar';
import { ProfilePage } from '@web/features/profile/components/profile-page';

const api = {
  'GET /api/learning/progress': {
    progress: {
      level: 2,
      experience: 640,
      completedModules: ['options_basics'],
      completedLessons: ['options_basics.why-options', 'options_basics.calls-and-puts', 'options_basics.moneyness'],
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

function renderProfile(overrides: Record<string, unknown> = {}) {
  const stub = stubApi({ ...api, ...overrides });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return stub;
}

const me = DEFAULT_API['GET /api/me'] as { user: Record<string, unknown>; profile: Record<string, unknown> };
/** PATCH answers as the server would: the patch merged into the profile. */
const patchEcho = async (_url: URL, init?: RequestInit) => {
  const patch = JSON.parse(String(init?.body));
  const profile = {
    ...me.profile,
    ...patch,
    visibility: { ...(me.profile.visibility as object), ...patch.visibility },
    updatedAt: '2026-02-01T00:00:00Z',
  };
  return json({ user: { ...me.user, displayName: patch.displayName || 'Ada Lovelace' }, profile });
};

describe('the profile page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the display name with a local initials avatar, member since, the course progress, the gamification level, the rank, modules completed and achievements', async () => {
    renderProfile();
    // A loaded machine may take longer than waitFor's default second to answer the stubbed requests.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ada Lovelace'), { timeout: 10_000 });
    expect(screen.getAllByTestId('avatar')[0]!.textContent).toBe('AL');
    expect(screen.getByRole('link', { name: 'See your public profile as others do' }).getAttribute('href')).toBe('/app/people/adapublic234');
    expect(screen.getByText('Member since January 1, 2026')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('game-rank').textContent).toBe('Novice Trader · #7 overall'));
    // The course's progress in its own words: the gamification level is the only level shown.
    expect(screen.getByTestId('course-progress').textContent).toBe('3 lessons done · 640 course XP');
    expect(screen.getByTestId('game-level').textContent).toBe('Level 4 · Novice Trader');
    expect(screen.getByRole('heading', { name: 'Modules completed (1 of 2)' })).toBeTruthy();
    expect(screen.getAllByTestId('achievement').map((a) => a.textContent)).toEqual([
      'First TradePlace your first paper trade',
      'First moduleCompleted a module',
    ]);
  });

  it('saves the display name, bio and a re-rolled pattern avatar in one request, and shows the bio as text', async () => {
    const user = userEvent.setup();
    const stub = renderProfile({ 'PATCH /api/me/profile': patchEcho });
    const about = await screen.findByRole('region', { name: 'About you' });
    const name = within(about).getByLabelText(/Display name/);
    expect(name.getAttribute('placeholder')).toBe('Ada Lovelace');
    await user.type(name, 'Countess');
    await user.type(within(about).getByLabelText(/^Bio/), '<b>Analytical</b> engines');
    expect(within(about).getByText(/^25 of 280 characters/)).toBeTruthy();
    await user.click(within(about).getByRole('button', { name: 'New pattern' }));
    expect(within(about).getByTestId('avatar').getAttribute('data-kind')).toBe('identicon');
    await user.click(within(about).getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile saved.');
    const sent = stub.calls.find((c) => c.method === 'PATCH')!.body as { displayName: string; bio: string; avatar: { kind: string; seed: string } };
    expect(sent).toMatchObject({ displayName: 'Countess', bio: '<b>Analytical</b> engines', avatar: { kind: 'identicon' } });
    expect(sent.avatar.seed).toMatch(/^[a-z0-9]{10}$/);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Countess'));
    expect(screen.getByTestId('bio').textContent).toBe('<b>Analytical</b> engines');
    expect(screen.getByTestId('bio').querySelector('b')).toBeNull();
  });

  it('turns a group of the public profile on with one click, and greys the groups out while the profile is private', async () => {
    const user = userEvent.setup();
    const stub = renderProfile({ 'PATCH /api/me/profile': patchEcho });
    const pub = await screen.findByRole('region', { name: 'Public profile' });
    const trading = within(pub).getByRole('checkbox', { name: /Show trading figures/ }) as HTMLInputElement;
    expect(trading.checked).toBe(false);
    await user.click(within(pub).getByRole('checkbox', { name: /Show gamification/ }));
    await waitFor(() => expect(stub.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ visibility: { gamification: true } }]));
    await waitFor(() => expect((within(pub).getByRole('checkbox', { name: /Show gamification/ }) as HTMLInputElement).checked).toBe(true));
    await user.click(within(pub).getByRole('checkbox', { name: /Other learners can open my profile/ }));
    await waitFor(() => expect(trading.matches(':disabled')).toBe(true));
  });

  it('makes initials and a colour from the learner alone', () => {
    expect([initials('Grace Brewster Hopper'), initials('ada'), initials('  '), initials('Émile Zola')]).toEqual(['GH', 'AD', 'U', 'ÉZ']);
    expect(avatarHue('u1')).not.toBe(avatarHue('u2'));
  });
});
