// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useCelebrationGate } from '@web/lib/celebration-hold';
import { json } from '../../app/api-stub';
import { basicsContent, lessonsDone, call590, progress, put560, renderLearning, snapshotChain, stubResizeObserver } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const api = (more = {}) => ({
  'GET /api/learning/modules/options_basics': { module: basicsContent() },
  'GET /api/learning/progress': { progress: progress() },
  'GET /api/learning/snapshots/spy-2026-11-20/2026-12-18': snapshotChain,
  ...more,
});
const location = () => screen.getByTestId('location').textContent;

describe('the lesson reader', () => {
  beforeAll(stubResizeObserver);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders Markdown with KaTeX maths, and a lesson: link as a link inside the app', async () => {
    renderLearning('/app/learning/options_basics/why-options', api());
    const text = await screen.findByRole('region', { name: 'A right, not an obligation' });
    expect(text.querySelector('.katex')).not.toBeNull();
    expect(within(text).getByRole('link', { name: 'calls and puts' }).getAttribute('href')).toBe('/app/learning/options_basics/calls-and-puts');
  });

  it('shows an example’s figures with value, typeset formula, inputs and the data’s source and date', async () => {
    renderLearning('/app/learning/options_basics/why-options', api());
    const figure = await screen.findByTestId('figure');
    expect(figure.textContent).toContain(`Breakeven$${(590 + call590.mark!).toFixed(2)}`);
    expect(figure.querySelector('.katex')).not.toBeNull();
    expect(figure.textContent).toContain('K = $590');
    expect(screen.getByText('Source: SPY chain, end of day Nov 20, 2026')).toBeTruthy();
  });

  it('has a table of contents, previous and next links, and the arrow keys move between lessons', async () => {
    renderLearning('/app/learning/options_basics/calls-and-puts', api());
    const toc = await screen.findByRole('navigation', { name: 'Table of contents' });
    expect(
      within(toc)
        .getByRole('link', { name: /Calls and puts/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(within(toc).getByRole('link', { name: 'Explore the Greeks' }).getAttribute('href')).toBe('#block-0');
    const pager = screen.getByRole('navigation', { name: 'Lessons' });
    expect(within(pager).getByRole('link', { name: '← Why options?' }).getAttribute('href')).toBe('/app/learning/options_basics/why-options');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(location()).toBe('/app/learning/options_basics/reading-a-chain'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reading a chain' })).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(location()).toBe('/app/learning/options_basics/calls-and-puts'));
  });

  it('leaves the arrow keys to a slider the learner is moving', async () => {
    renderLearning('/app/learning/options_basics/calls-and-puts', api());
    const slider = await screen.findByLabelText(/Underlying price S/);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(location()).toBe('/app/learning/options_basics/calls-and-puts');
  });

  it('redraws the payoff when the price slider moves', async () => {
    renderLearning('/app/learning/options_basics/why-options', api());
    await screen.findByTestId('payoff-widget');
    const before = screen.getByTestId('payoff-readout').textContent;
    fireEvent.change(screen.getByTestId('payoff-spot'), { target: { value: '600' } });
    expect(screen.getByTestId('payoff-readout').textContent).not.toBe(before);
    expect(screen.getByTestId('payoff-readout').textContent).toContain('At $600.00');
  });

  it('prices the option and its Greeks again when a Greeks slider moves', async () => {
    renderLearning('/app/learning/options_basics/calls-and-puts', api());
    const price = await screen.findByTestId('greeks-price');
    const before = price.textContent;
    const delta = Number(screen.getByTestId('greeks-delta').textContent);
    fireEvent.change(screen.getByLabelText(/Volatility σ/), { target: { value: '0.4' } });
    expect(Number(screen.getByTestId('greeks-price').textContent!.replace('$', ''))).toBeGreaterThan(Number(before!.replace('$', '')));
    fireEvent.change(screen.getByLabelText(/Underlying price S/), { target: { value: '620' } });
    expect(Number(screen.getByTestId('greeks-delta').textContent)).toBeGreaterThan(delta);
    expect(screen.getAllByRole('img', { name: /against|for S from/ }).length).toBeGreaterThanOrEqual(5);
  });

  it('steps the price at expiry and gives each leg’s P&L', async () => {
    const user = userEvent.setup();
    renderLearning('/app/learning/options_basics/calls-and-puts', api());
    const stepper = await screen.findByTestId('expiry-stepper');
    expect(within(stepper).getByTestId('stepper-total').textContent).toContain('−'); // at $570 the call expires worthless: the premium is lost
    await user.click(within(stepper).getByRole('button', { name: 'Higher price →' }));
    await user.click(within(stepper).getByRole('button', { name: 'Higher price →' }));
    expect(within(stepper).getByTestId('stepper-price').textContent).toContain('$610.00');
    // (S − K − premium) × 100 shares
    const expected = (610 - 590 - call590.mark!) * 100;
    expect(within(stepper).getByTestId('stepper-total').textContent).toBe(
      `+$${expected.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
  });

  it('answers the check with the contract clicked on the chain; passing the check completes the lesson', async () => {
    const user = userEvent.setup();
    const { calls } = renderLearning(
      '/app/learning/options_basics/reading-a-chain',
      api({
        'POST /api/learning/lessons/options_basics.reading-a-chain/chain-task': () =>
          json({ correct: true, contract: 'SPY Dec 18, 2026 $560 Put', explanation: 'It is the $560 put of Dec 18.' }),
        'POST /api/learning/quizzes/options_basics.reading-a-chain.check/attempts': () =>
          json({
            score: 100,
            passed: true,
            bestScore: 100,
            results: [
              { questionId: 'q1', correct: true, correctAnswer: put560.contract_ticker, explanation: 'Strike 560, type P.' },
              { questionId: 'q2', correct: true, correctAnswer: 'True', explanation: 'A put gains as the price falls.' },
            ],
            progress: progress({ completedLessons: ['options_basics.reading-a-chain'] }),
          }),
      }),
    );
    const complete = await screen.findByRole('button', { name: 'Complete lesson' });
    expect((complete as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Pass the check above to complete the lesson.')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: /^SPY \$560\.00 put/ }));
    expect(screen.getByTestId('chain-task-picked').textContent).toContain(`You picked ${put560.contract_ticker}`);
    expect((await screen.findByTestId('chain-task-verdict')).textContent).toContain('✓ Correct.');
    expect((screen.getByRole('radio', { name: put560.contract_ticker }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'True' }));
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect((await screen.findByTestId('quiz-score')).textContent).toContain('Passed: 100%');
    const attempt = calls.find((c) => c.path.endsWith('/attempts'))!;
    expect(attempt.body).toEqual({ answers: { q1: put560.contract_ticker, q2: 'True' } });
    const complete2 = await screen.findByTestId('lesson-complete');
    expect(complete2.textContent).toBe('✓ Lesson completeNext: the Options Basics quiz.');
    expect(within(complete2).getByRole('link', { name: 'the Options Basics quiz' }).getAttribute('href')).toBe('/app/learning/options_basics/quiz');
    expect(screen.queryByRole('button', { name: 'Complete lesson' })).toBeNull();
  });

  it('a chain click is judged on the server: a wrong pick says "Not quite" and why, the right one says correct', async () => {
    const user = userEvent.setup();
    const { calls } = renderLearning(
      '/app/learning/options_basics/reading-a-chain',
      api({
        'POST /api/learning/lessons/options_basics.reading-a-chain/chain-task': (_url: URL, init?: RequestInit) => {
          const { contract } = JSON.parse(String(init!.body)) as { contract: string };
          return contract === put560.contract_ticker
            ? json({ correct: true, contract: 'SPY Dec 18, 2026 $560 Put', explanation: 'The $560 put is the one asked for.' })
            : json({
                correct: false,
                contract: 'SPY Dec 18, 2026 $590 Call',
                explanation: 'The SPY Dec 18, 2026 $590 Call is a call, and the task asks for a put.',
              });
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: /^SPY \$590\.00 call/ }));
    const wrong = await screen.findByTestId('chain-task-verdict');
    await waitFor(() => expect(wrong.textContent).toBe('Not quite.The SPY Dec 18, 2026 $590 Call is a call, and the task asks for a put.'));
    expect(wrong.getAttribute('data-correct')).toBe('false');
    await user.click(screen.getByRole('button', { name: /^SPY \$560\.00 put/ }));
    await waitFor(() => expect(screen.getByTestId('chain-task-verdict').textContent).toBe('✓ Correct.The $560 put is the one asked for.'));
    const asked = calls.filter((c) => c.path.endsWith('/chain-task')).map((c) => c.body);
    expect(asked).toEqual([
      { block: 0, contract: call590.contract_ticker },
      { block: 0, contract: put560.contract_ticker },
    ]);
  });

  it('holds celebrations while the lesson is not complete, and lets them through once it is', async () => {
    const user = userEvent.setup();
    function Gate() {
      const gate = useCelebrationGate();
      return <output data-testid="gate">{gate.held ? 'held' : `open: ${gate.returnLabel}`}</output>;
    }
    renderLearning(
      '/app/learning/options_basics/why-options',
      api({
        'POST /api/learning/lessons/options_basics.why-options/complete': () =>
          json({ progress: progress({ completedLessons: ['options_basics.why-options'] }) }),
      }),
      <Gate />,
    );
    const complete = await screen.findByRole('button', { name: 'Complete lesson' });
    expect(screen.getByTestId('gate').textContent).toBe('held');
    await user.click(complete);
    await screen.findByTestId('lesson-complete');
    expect(screen.getByTestId('gate').textContent).toBe('open: Back to the lesson');
  });

  it('completes a lesson without a check, sending the minutes spent', async () => {
    const user = userEvent.setup();
    const { calls } = renderLearning(
      '/app/learning/options_basics/why-options',
      api({
        'POST /api/learning/lessons/options_basics.why-options/complete': () =>
          json({ progress: progress({ completedLessons: ['options_basics.why-options'] }) }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Complete lesson' }));
    expect((await screen.findByTestId('lesson-complete')).textContent).toContain('✓ Lesson complete');
    expect(calls.find((c) => c.path.endsWith('/complete'))!.body).toEqual({ minutesSpent: 1 });
  });

  it('says why a completion was refused', async () => {
    const user = userEvent.setup();
    renderLearning(
      '/app/learning/options_basics/why-options',
      api({ 'POST /api/learning/lessons/options_basics.why-options/complete': () => json({ error: 'Finish Options Basics first.' }, 409) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Complete lesson' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Finish Options Basics first.');
  });

  it('opens a module where the learner left off', async () => {
    renderLearning('/app/learning/options_basics', api({ 'GET /api/learning/progress': { progress: progress({ completedLessons: lessonsDone(2) }) } }));
    await waitFor(() => expect(location()).toBe('/app/learning/options_basics/reading-a-chain'));
  });
});
