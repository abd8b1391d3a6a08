// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { XpToasts } from '@web/features/gamification/components/xp-toasts';
import { useCelebrationHold } from '@web/lib/celebration-hold';
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

/** A page that holds celebrations while `busy`, like a lesson, a quiz or a form. */
function Busy({ busy, label }: { busy: boolean; label: string }) {
  useCelebrationHold(busy, label);
  return <p>{busy ? 'working' : 'finished'}</p>;
}

describe('celebrations never interrupt learning (issue 33)', () => {
  const levelUpFeed = () => feed([award('01E', 100, { label: 'Lesson completed', levelUp: { from: 1, to: 2 } })]);

  it('while a lesson is open a toast says the level; the modal waits until it is finished, then offers "Back to the lesson"', async () => {
    const { calls } = levelUpFeed();
    const { rerender } = render(
      withProviders(
        <>
          <Busy busy label="Back to the lesson" />
          <XpToasts />
        </>,
        '/app/learning/options_basics/x',
      ),
    );
    const held = await screen.findByText('Level 2 reached', undefined, { timeout: 3000 });
    expect(held.closest('[data-testid="xp-toast"]')?.textContent).toContain('We will celebrate when you finish.');
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/gamification/awards')).length).toBeGreaterThanOrEqual(3), { timeout: 4000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('confetti')).toBeNull();
    rerender(
      withProviders(
        <>
          <Busy busy={false} label="Back to the lesson" />
          <XpToasts />
        </>,
        '/app/learning/options_basics/x',
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'LEVEL UP' });
    expect(dialog.textContent).toContain('You reached level 2.');
    expect(screen.getByRole('button', { name: 'Back to the lesson' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /trading/i })).toBeNull();
  });

  it('leaving the form opens the held celebration with a neutral button', async () => {
    levelUpFeed();
    function Page() {
      const [open, setOpen] = useState(true);
      return (
        <>
          {open && <Busy busy label="Back to the journal" />}
          <button type="button" onClick={() => setOpen(false)}>
            Leave
          </button>
          <XpToasts />
        </>
      );
    }
    render(withProviders(<Page />, '/app/journal'));
    await screen.findByText('Level 2 reached', undefined, { timeout: 3000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByRole('dialog', { name: 'LEVEL UP' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('a trading challenge claimed (a quiet award) raises no modal even with nothing open', async () => {
    const { calls } = feed([
      award('01F', 100, { source: 'Challenge', label: 'Challenge: Three Trades', quiet: true, learning: false, levelUp: { from: 1, to: 2 } }),
    ]);
    render(withProviders(<XpToasts />, '/app/gamification/challenges'));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/api/gamification/awards')).length).toBeGreaterThanOrEqual(3), { timeout: 4000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('confetti')).toBeNull();
  });
});
