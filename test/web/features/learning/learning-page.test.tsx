// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../app/api-stub';
import { basicsSummary, greeksSummary, progress, renderLearning } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const open = (over: { done?: number; xp?: number; greeksUnlocked?: boolean; achievements?: boolean } = {}) =>
  renderLearning('/app/learning', {
    'GET /api/learning/modules': { modules: [basicsSummary(over.done ?? 1), greeksSummary({ unlocked: !!over.greeksUnlocked })] },
    'GET /api/learning/progress': {
      progress: progress({
        experience: over.xp ?? 0,
        level: Math.floor((over.xp ?? 0) / 500) + 1,
        totalTimeSpent: 75,
        quizScores: { 'options_basics.quiz': 60 },
        achievements: over.achievements
          ? [
              {
                id: 'learning-level-2',
                title: 'Course level 2',
                description: 'Reached course level 2.',
                icon: '🎓',
                unlockedAt: '2026-11-20T10:00:00Z',
                category: 'learning',
              },
            ]
          : [],
      }),
    },
    'POST /api/learning/reset': () => json({ progress: progress() }),
  });

describe('the learning path', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the modules in course order with progress, time and the next lesson to take', async () => {
    open({ done: 1 });
    const cards = await screen.findAllByTestId(/^module-/);
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['1. Options Basics', '2. The GreeksLocked']);
    const basics = cards[0]!;
    expect(within(basics).getByRole('progressbar', { name: 'Options Basics progress' }).getAttribute('aria-valuenow')).toBe('20');
    expect(basics.textContent).toContain('1 of 3 lessons done · quiz best 60%');
    expect(basics.textContent).toContain('Beginner · about 45 min · 3 lessons');
    const next = screen.getByTestId('continue');
    expect(next.getAttribute('href')).toBe('/app/learning/options_basics/calls-and-puts');
    expect(screen.getByRole('region', { name: 'Next up' }).textContent).toContain('Calls and puts');
  });

  it('says which module a locked module waits for', async () => {
    open();
    const greeks = await screen.findByTestId('module-options_greeks');
    expect(within(greeks).getByTestId('locked-reason').textContent).toBe('Finish Options Basics first.');
    expect(within(greeks).queryByRole('link')).toBeNull();
  });

  it('shows course progress in its own words (lessons and modules done, course XP, time), and no level of its own', async () => {
    open({ done: 1, xp: 600, achievements: true });
    const course = await screen.findByTestId('course-progress');
    expect(within(course).getByRole('heading').textContent).toBe('Course progress');
    expect(course.textContent).toContain('1 of 4 lessons done');
    expect(within(course).getByRole('progressbar', { name: 'Lessons done' }).getAttribute('aria-valuenow')).toBe('1');
    expect(course.textContent).toContain('0 of 2 modules complete');
    expect(course.textContent).toContain('600 course XP');
    expect(course.textContent).toContain('Time spent learning: 1 h 15 min');
    expect(course.textContent).not.toMatch(/level/i);
    expect(screen.getByRole('region', { name: 'Achievements' }).textContent).toContain('Course level 2');
  });

  it('resets learning data only after the learner confirms', async () => {
    const user = userEvent.setup();
    const { calls } = open({ xp: 600 });
    await user.click(await screen.findByRole('button', { name: 'Reset learning data' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset learning data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/learning/reset')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Reset learning data' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Your learning data was reset.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/learning/reset')).toHaveLength(1);
    expect(screen.getByTestId('course-progress').textContent).toContain('0 course XP');
  });
});
