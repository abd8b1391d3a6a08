// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../app/api-stub';
import { basicsContent, lessonsDone, progress, renderLearning } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const api = (passed: boolean) => ({
  'GET /api/learning/modules/options_basics': { module: basicsContent() },
  'GET /api/learning/progress': { progress: progress({ completedLessons: lessonsDone(3) }) },
  'POST /api/learning/exercises/options_basics.first-trade/check': () =>
    json({
      passed,
      requirements: [
        {
          description: 'A long call or long put on SPY, 20–60 days to expiry, max loss ≤ $1,500',
          met: true,
          detail: 'Long SPY Dec 18 590 call: 28 days, max loss $820.00.',
        },
        {
          description: 'Placed as a limit order at or better than the mid',
          met: passed,
          detail: passed ? 'Limit $8.20 at the mid $8.20.' : 'It was a market order.',
        },
      ],
      progress: progress({ completedLessons: lessonsDone(3), ...(passed ? { practicalExercisesCompleted: ['options_basics.first-trade'] } : {}) }),
    }),
});

describe('the exercise screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the scenario and requirements, and reveals the hints one by one', async () => {
    const user = userEvent.setup();
    renderLearning('/app/learning/options_basics/exercise', api(false));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your first trade' })).toBeTruthy();
    // Plain text stays as written: two dollar amounts are money, not a maths span.
    const scenario = screen.getByRole('region', { name: 'Scenario' });
    expect(scenario.textContent).toContain('SPY closed at $576.67; you think it will rise past $600 within a month.');
    expect(scenario.querySelector('.katex')).toBeNull();
    expect(screen.getAllByTestId('requirement').map((r) => r.textContent)).toEqual([
      'PositionA long call or long put on SPY, 20–60 days to expiry, max loss ≤ $1,500',
      'OrderPlaced as a limit order at or better than the mid',
    ]);
    const hints = screen.getByRole('region', { name: 'Hints' });
    expect(hints.querySelectorAll('li')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show a hint' }));
    expect(hints.querySelectorAll('li')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show hint 2 of 3' }));
    await user.click(screen.getByRole('button', { name: 'Show hint 3 of 3' }));
    expect([...hints.querySelectorAll('li')].map((l) => l.textContent)).toEqual([
      'Open the chain for SPY.',
      'Pick an expiry 20–60 days out.',
      'Set the limit at the mid.',
    ]);
    expect(screen.getByText('That is every hint.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the options chain' }).getAttribute('href')).toBe('/app/optionschain');
    expect(screen.getByRole('link', { name: 'the strategy builder' }).getAttribute('href')).toBe('/app/trading');
  });

  it('checks the account on the server and says for each requirement whether it is met and why', async () => {
    const user = userEvent.setup();
    const { calls } = renderLearning('/app/learning/options_basics/exercise', api(false));
    await user.click(await screen.findByRole('button', { name: 'Check my account' }));
    expect((await screen.findByTestId('exercise-result')).textContent).toBe('1 of 2 requirements met so far.');
    const [position, order] = screen.getAllByTestId('requirement');
    expect(position!.textContent).toContain('✓ Met: Long SPY Dec 18 590 call: 28 days, max loss $820.00.');
    expect(order!.textContent).toContain('✗ Not met: It was a market order.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/learning/exercises/options_basics.first-trade/check']);
  });

  it('says the exercise is complete when every requirement is met', async () => {
    const user = userEvent.setup();
    renderLearning('/app/learning/options_basics/exercise', api(true));
    await user.click(await screen.findByRole('button', { name: 'Check my account' }));
    expect((await screen.findByTestId('exercise-result')).textContent).toBe('Every requirement is met: exercise complete.');
    expect((await screen.findByTestId('exercise-done')).textContent).toBe('You have completed this exercise.');
  });
});
