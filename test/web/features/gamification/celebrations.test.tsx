// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XpToasts } from '@web/features/gamification/components/xp-toasts';
import { json, stubApi } from '../../app/api-stub';
import { stateAfter, withProviders } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const award = (id: string, xp: number, over: Record<string, unknown> = {}) => ({
  id,
  key: `k${id}`,
  source: 'LessonCompleted',
  label: 'Lesson completed',
  icon: '📘',
  baseXp: xp,
  multiplier: 1,
  boost: 1,
  xp,
  coins: 0,
  learning: true,
  quiet: false,
  at: '2026-11-25T15:00:00.000Z',
  ...over,
});

/** The feed: an empty first page (which only sets the cursor), then `awards`. */
function feed(awards: unknown[], settings: Record<string, boolean> = {}) {
  let reads = 0;
  const state = stateAfter([]);
  return stubApi({
    'GET /api/gamification/state': { ...state, settings: { ...state.settings, ...settings } },
    'GET /api/gamification/awards': () => json(reads++ === 0 ? { awards: [], cursor: null } : { awards, cursor: 'C' }),
  });
}

afterEach(cleanup);

describe('celebrations from the awards feed', () => {
  it('an award that raised the level opens the level-up modal, beside its toast', async () => {
    feed([award('01A', 10), award('01B', 100, { label: 'Unlocked: First Lesson', source: 'Achievement', levelUp: { from: 1, to: 2 } })]);
    render(withProviders(<XpToasts />, '/app/learning'));
    const dialog = await screen.findByRole('dialog', { name: 'LEVEL UP' }, { timeout: 3000 });
    expect(dialog.textContent).toContain('You reached level 2.');
    expect(screen.getAllByTestId('xp-toast').map((t) => t.textContent)).toEqual(['📘+100 XPUnlocked: First Lesson', '📘+10 XPLesson completed']);
  });

  it('a level reached by a trading award celebrates nothing (no modal, no toast)', async () => {
    const { calls } = feed([award('01C', 10, { source: 'OrderFilled', quiet: true, learning: false, levelUp: { from: 1, to: 2 } })]);
    render(withProviders(<XpToasts />, '/app/trading'));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/gamification/awards')).length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('xp-toast')).toBeNull();
  });

  it('with notifications off, neither toasts nor the modal show', async () => {
    const { calls } = feed([award('01D', 100, { levelUp: { from: 1, to: 2 } })], { notifications: false });
    render(withProviders(<XpToasts />, '/app/learning'));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/gamification/awards')).length).toBeGreaterThanOrEqual(3), { timeout: 4000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('xp-toast')).toBeNull();
  });
});
