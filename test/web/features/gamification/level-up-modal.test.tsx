// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LevelUpModal } from '@web/features/gamification/components/level-up-modal';
import { CONFETTI_MS, CONFETTI_PIECES, LEVEL_UP_AUTO_CLOSE_MS, LEVEL_UP_FADE_MS, levelUpContent, levelUpOf } from '@web/features/gamification/lib/level-up';

function show(props: { from: number; to: number; animate?: boolean; sound?: boolean }) {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/app/learning']}>
      <Routes>
        <Route
          path="/app/learning"
          element={<LevelUpModal levelUp={{ from: props.from, to: props.to }} animate={props.animate ?? true} sound={props.sound ?? false} onClose={onClose} />}
        />
        <Route path="/app/gamification/profile" element={<h1>Profile page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return onClose;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('level-up modal (spec part 1 §2, §9)', () => {
  it('uses the spec’s constants', () => {
    expect([CONFETTI_PIECES, CONFETTI_MS, LEVEL_UP_AUTO_CLOSE_MS, LEVEL_UP_FADE_MS]).toEqual([50, 3000, 10_000, 300]);
  });

  it('shows LEVEL UP, the level and its name, the features reached and the next two to unlock', () => {
    show({ from: 4, to: 5 });
    const dialog = screen.getByRole('dialog', { name: 'LEVEL UP' });
    expect(dialog.textContent).toContain('Congratulations! You reached level 5.');
    expect(screen.getByTestId('level-up-name').textContent).toBe('Novice Trader');
    expect(screen.getByTestId('level-up-unlocked').textContent).toContain('Advanced charts');
    expect(screen.getByTestId('level-up-unlocked').textContent).toContain('+5 watchlist slots');
    expect(screen.getByRole('heading', { name: 'Next to unlock at level 10' })).toBeTruthy();
    expect(screen.getByTestId('level-up-next').textContent).toBe('ScannerReal-time Greeks');
  });

  it('lists what every level crossed in one award unlocked, and a level without a perk says so', () => {
    expect(levelUpContent({ from: 3, to: 11 }).unlocked).toEqual([
      'Advanced charts',
      '+5 watchlist slots',
      'Scanner',
      'Real-time Greeks',
      '+10 watchlist slots',
    ]);
    show({ from: 1, to: 3 });
    expect(screen.getByRole('dialog').textContent).toContain('No new perk at this level');
    expect(screen.getByTestId('level-up-next').textContent).toBe('Advanced charts+5 watchlist slots');
  });

  it('runs 50 confetti pieces for 3 s, then fades over 300 ms and closes by itself at 10 s', () => {
    const onClose = show({ from: 1, to: 2 });
    expect(screen.getByTestId('confetti').children).toHaveLength(50);
    act(() => vi.advanceTimersByTime(CONFETTI_MS));
    expect(screen.queryByTestId('confetti')).toBeNull();
    act(() => vi.advanceTimersByTime(LEVEL_UP_AUTO_CLOSE_MS - LEVEL_UP_FADE_MS - CONFETTI_MS - 1));
    expect(screen.getByTestId('level-up-backdrop').className).not.toContain('oa-level-up-fading');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('level-up-backdrop').className).toContain('oa-level-up-fading');
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(LEVEL_UP_FADE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('without animations (settings or reduced motion): no confetti, no fade, still closes at 10 s', () => {
    const onClose = show({ from: 1, to: 2, animate: false });
    expect(screen.queryByTestId('confetti')).toBeNull();
    act(() => vi.advanceTimersByTime(LEVEL_UP_AUTO_CLOSE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Continue closes it where the learner is (never "Continue Trading"); View Profile opens the gamification profile', () => {
    const onClose = show({ from: 1, to: 2, animate: false });
    expect(document.activeElement?.textContent).toBe('Continue');
    expect(screen.queryByRole('button', { name: /trading/i })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    cleanup();
    const onClose2 = show({ from: 1, to: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'View Profile' }));
    act(() => vi.advanceTimersByTime(LEVEL_UP_FADE_MS));
    expect(onClose2).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Profile page' })).toBeTruthy();
  });

  it('Escape closes it', () => {
    const onClose = show({ from: 1, to: 2, animate: false });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('is triggered by an award that raised the level, never by a quiet (trading) one', () => {
    expect(levelUpOf([{ quiet: false }, { quiet: true, levelUp: { from: 1, to: 2 } }])).toBeNull();
    expect(levelUpOf([{ quiet: false, levelUp: { from: 1, to: 2 } }, { quiet: false }, { quiet: false, levelUp: { from: 2, to: 3 } }])).toEqual({
      from: 1,
      to: 3,
    });
  });
});
