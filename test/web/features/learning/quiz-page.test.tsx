// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../app/api-stub';
import { basicsContent, lessonsDone, progress, renderLearning } from './fixtures';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({}) }));

const results = (right: boolean[]) =>
  [
    { questionId: 'q1', correctAnswer: 'The right to buy', explanation: 'A call is a **right**, never an obligation, for its buyer.' },
    { questionId: 'q2', correctAnswer: 'True', explanation: 'Out of the money at expiry, it is worth nothing.' },
    { questionId: 'q3', correctAnswer: 598.2, explanation: 'K + premium = 590 + 8.20.' },
  ].map((r, i) => ({ ...r, correct: right[i]! }));

/** The server grades; the stub answers the first attempt 33% and the second 100%, keeping the best. */
function server() {
  let attempts = 0;
  return {
    'GET /api/learning/modules/options_basics': { module: basicsContent() },
    'GET /api/learning/progress': { progress: progress({ completedLessons: lessonsDone(3), quizScores: {} }) },
    'POST /api/learning/quizzes/options_basics.quiz/attempts': () => {
      attempts++;
      const right = attempts === 1 ? [true, false, false] : [true, true, true];
      const score = Math.round((right.filter(Boolean).length / 3) * 100);
      return json({
        score,
        passed: score >= 80,
        bestScore: attempts === 1 ? 33 : 100,
        results: results(right),
        progress: progress({ completedLessons: lessonsDone(3), quizScores: { 'options_basics.quiz': attempts === 1 ? 33 : 100 } }),
      });
    },
  };
}

async function answer(user: ReturnType<typeof userEvent.setup>, tf: 'True' | 'False', breakeven: string) {
  await user.click(screen.getByRole('radio', { name: 'The right to buy' }));
  await user.click(screen.getByRole('radio', { name: tf }));
  const field = screen.getByRole('textbox', { name: /Breakeven of the \$590 call/ });
  await user.clear(field);
  await user.type(field, breakeven);
}

describe('the quiz screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks each question by its type; a numerical one states its unit and tolerance', async () => {
    renderLearning('/app/learning/options_basics/quiz', server());
    expect(await screen.findByRole('heading', { level: 1, name: 'Options Basics: quiz' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    // A question written in Markdown (escaped money, maths) is typeset; a plain one keeps its dollar signs.
    // (Looked up by selector: jsdom cannot compute an accessible name through KaTeX's MathML.)
    const prompt = document.querySelector('form .katex')!.closest('[id$="-prompt"]')!;
    expect(prompt.textContent).toContain('What does a call with');
    expect(prompt.textContent).toContain('and a $5 premium give its buyer?');
    expect(screen.getByText('Breakeven of the $590 call bought at $8.20?')).toBeTruthy();
    const trueFalse = screen.getByText('An option can expire worthless.').closest('[id$="-prompt"]')!;
    const group = document.querySelector(`[role="radiogroup"][aria-labelledby="${trueFalse.id}"]`)!;
    expect([...group.querySelectorAll('input[type="radio"]')].map((r) => (r as HTMLInputElement).value)).toEqual(['True', 'False']);
    const field = screen.getByRole('textbox', { name: /Breakeven of the \$590 call/ });
    expect(field.getAttribute('inputmode')).toBe('decimal');
    expect(field.getAttribute('aria-describedby') && document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe(
      'A number in dollars; answers within $0.05 of the exact value count as right.',
    );
    expect((screen.getByRole('button', { name: 'Submit answers' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('fails, shows each answer with the correct one and why, then passes on a retake with the best score kept', async () => {
    const user = userEvent.setup();
    const { calls } = renderLearning('/app/learning/options_basics/quiz', server());
    await screen.findByRole('heading', { level: 1 });
    await answer(user, 'False', '590');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const score = await screen.findByTestId('quiz-score');
    expect(score.textContent).toContain('Not passed yet: 33% (1 of 3 right; pass mark 80%). Best score: 33%.');
    expect(screen.getByTestId('verdict-q1').textContent).toContain('✓ Right. Correct answer: The right to buy');
    expect(screen.getByTestId('verdict-q2').textContent).toContain('✗ Not right. Correct answer: True');
    expect(screen.getByTestId('verdict-q3').textContent).toContain('Correct answer: $598.2');
    expect(screen.getByTestId('verdict-q3').textContent).toContain('K + premium = 590 + 8.20.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ answers: { q1: 'The right to buy', q2: 'False', q3: '590' } });

    await user.click(within(score).getByRole('button', { name: 'Retake' }));
    expect(screen.queryByTestId('verdict-q1')).toBeNull();
    await answer(user, 'True', '$598.20');
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findByTestId('quiz-score')).textContent).toContain('Passed: 100% (3 of 3 right; pass mark 80%). Best score: 100%.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ answers: { q1: 'The right to buy', q2: 'True', q3: '$598.20' } });
    expect((await screen.findByTestId('quiz-best')).textContent).toBe('Your best score so far: 100% (passed).');
  });
});
