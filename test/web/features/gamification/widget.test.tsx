// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GamificationWidget } from '@web/features/gamification/components/gamification-widget';
import { stubApi } from '../../app/api-stub';
import { lesson, stateAfter, withProviders } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));
afterEach(cleanup);

describe('the gamification widget in the header', () => {
  it('shows the total XP, which never drops at a level-up, and the XP to the next level said as such', async () => {
    // 10 + 100 (First Lesson) + 10 = 120 XP: past level 1's 115, so level 2 with 5 XP into it.
    const state = stateAfter([lesson('options_basics', 'options_basics.why-options'), lesson('options_basics', 'options_basics.calls-and-puts')]);
    expect(state).toMatchObject({ level: 2, currentXP: 5, totalXP: 120 });
    stubApi({ 'GET /api/gamification/state': state });
    render(withProviders(<GamificationWidget corner="top-right" />, '/app'));
    expect((await screen.findByTestId('widget-total-xp')).textContent).toBe('120 XP');
    expect(screen.getByTestId('widget-to-next').textContent).toBe(`${state.xpToNextLevel} XP to next level`);
    expect(screen.getByRole('tooltip').textContent).toContain('120 XP in total');
    expect(screen.getByRole('tooltip').textContent).toContain(`5 of ${state.xpForNextLevel} XP into level 2`);
  });
});
