// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../app/api-stub';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

import { PublicProfilePage } from '@web/features/profile/components/public-profile-page';

const grace = {
  publicId: 'gracepublic2',
  displayName: 'Grace Hopper',
  avatar: { kind: 'identicon', seed: 'cobol' },
  bio: '<img src=x onerror=alert(1)> Nanoseconds\n[click](javascript:alert(1))',
  memberSince: '2026-03-04T10:00:00Z',
  isYou: false,
  shown: { learning: false, gamification: true, trading: false },
  gamification: {
    level: 5,
    levelName: 'Options Apprentice',
    rank: 'Options Apprentice',
    globalRank: 3,
    achievements: [{ id: 'first-trade', name: 'First Trade', description: 'Place your first paper trade', rarity: 'common' }],
  },
};

function renderPerson(stub: unknown) {
  stubApi({ 'GET /api/people/gracepublic2': stub });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/app/people/gracepublic2']}>
        <Routes>
          <Route path="/app/people/:publicId" element={<PublicProfilePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a public profile', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the name, a local avatar, member since, the bio as plain text, and only the groups the learner shows', async () => {
    renderPerson(grace);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Grace Hopper');
    expect(screen.getByText('Member since March 2026')).toBeTruthy();
    expect(screen.getByTestId('avatar').getAttribute('data-kind')).toBe('identicon');
    const bio = screen.getByTestId('person-bio');
    expect(bio.textContent).toBe(grace.bio);
    expect(bio.querySelector('img, a')).toBeNull();
    expect(screen.getByTestId('person-level').textContent).toBe('Level 5 · Options Apprentice');
    expect(screen.getByText('#3')).toBeTruthy();
    expect(screen.getByText('First Trade')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Learning' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Paper trading' })).toBeNull();
  });

  it("shows the course's progress in its own words, beside the one level (the gamification level)", async () => {
    renderPerson({
      ...grace,
      shown: { learning: true, gamification: true, trading: false },
      learning: { courseXp: 1_125, lessonsCompleted: 14, modulesCompleted: [{ id: 'options_basics', title: 'Options Basics' }] },
    });
    const learning = await screen.findByRole('region', { name: 'Learning' });
    expect(learning.textContent).toContain('Course progress14 lessons done');
    expect(learning.textContent).toContain('Course XP1,125');
    expect(learning.textContent).not.toMatch(/level/i);
    expect(screen.getByTestId('person-level').textContent).toBe('Level 5 · Options Apprentice');
  });

  it('says there is no public profile when the learner keeps it private', async () => {
    renderPerson(() => json({ error: 'This learner has no public profile.', code: 'not_found' }, 404));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('No public profile here');
    expect(screen.getByRole('alert').textContent).toContain('they keep it private, or the link is wrong');
  });
});
