import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { COURSE } from '@shared/learning/content/course';
import type { LearningModule, Quiz } from '@shared/learning/content/types';
import { SNAPSHOTS } from '@shared/learning/content/lib/snapshot';
import { signUpAndSignIn } from '../support/cognito';
import { DESKTOP, chromiumForFile, PHONE, returningLearner, signInThroughPage, watchErrors, seriousViolations, fillNowIfMarketClosed } from './browser';

const stack = inject('e2eStack');
const basics = COURSE.find((m) => m.id === 'options_basics') as LearningModule;
const chrome = chromiumForFile(stack.url);

const slug = (lessonId: string) => lessonId.split('.')[1]!;

/** Answers a quiz or check on the page from the course's own key (the test stands on the server's side of the line). */
async function answerQuiz(scope: Page | Locator, quiz: Quiz, right: boolean) {
  const numerical = quiz.questions.filter((q) => q.type === 'numerical');
  const choices = quiz.questions.filter((q) => q.type !== 'numerical');
  for (const q of quiz.questions) {
    if (q.type === 'numerical') {
      const value = right ? String(q.correctAnswer) : String(Number(q.correctAnswer) + 1000);
      await scope.locator('input[inputmode="decimal"]').nth(numerical.indexOf(q)).fill(value);
    } else {
      const options = q.options ?? ['True', 'False'];
      const choice = right ? String(q.correctAnswer) : options.find((o) => o !== q.correctAnswer)!;
      await scope.getByRole('radiogroup').nth(choices.indexOf(q)).getByRole('radio', { name: choice, exact: true }).check();
    }
  }
}

describe('the learning area in Chromium', () => {
  it('takes a learner through options_basics: lessons, a slider, a failed then passed quiz, the exercise by a real paper trade; progress follows them', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Course Learner' });
    const headers = { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' };
    expect((await fetch(`${stack.url}/api/account`, { method: 'POST', headers, body: JSON.stringify({ startingCapital: 25000 }) })).status).toBe(201);
    // Fills at the mid, so a limit at the mid fills at once and the exercise's position exists.
    expect((await fetch(`${stack.url}/api/account/settings`, { method: 'PUT', headers, body: JSON.stringify({ fillModel: 'mid' }) })).status).toBe(200);

    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    // The path
    await page.goto(`${stack.url}/app/learning`);
    const card = page.getByTestId('module-options_basics');
    await card.waitFor();
    expect(await card.textContent()).toContain(`0 of ${basics.lessons.length} lessons done`);
    // Course progress in its own words: no level of the course's own beside the header's gamification level.
    const course = page.getByTestId('course-progress');
    expect(await course.textContent()).toContain('0 of');
    expect(await course.textContent()).toContain('lessons done');
    expect(await course.textContent()).not.toMatch(/level/i);
    await page.screenshot({ path: '/tmp/learn-path-desktop.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('continue').click();
    await page.waitForURL(`${stack.url}/app/learning/options_basics/${slug(basics.lessons[0]!.id)}`);

    // Every lesson, in order: read, answer its check, complete.
    for (const [i, lesson] of basics.lessons.entries()) {
      if (i > 0) await page.goto(`${stack.url}/app/learning/options_basics/${slug(lesson.id)}`);
      await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
      if (i === 0) {
        await page.screenshot({ path: '/tmp/learn-lesson-desktop.png', fullPage: true });
        expect(await seriousViolations(page)).toEqual([]);
      }
      const task = lesson.blocks.find((b) => b.type === 'interactive' && b.widget.kind === 'chain-task');
      if (task?.type === 'interactive' && task.widget.kind === 'chain-task') {
        // A chain task says right or wrong, and why, from the server: first a call a strike too high, then the answer.
        const { snapshot, expiration, answer } = task.widget;
        const right = SNAPSHOTS[snapshot]!.expiries.find((e) => e.expiration === expiration)!.contracts.find((c) => c.contract_ticker === answer[0])!;
        const strike = (k: number) => new RegExp(`^SPY \\$${k.toFixed(2).replace('.', '\\.')} ${right.contract_type},`);
        const verdict = page.getByTestId('chain-task-verdict');
        await page.getByRole('button', { name: strike(right.strike_price + 1) }).click();
        await verdict.filter({ hasText: 'Not quite.' }).waitFor();
        expect(await verdict.textContent()).toContain('a lower listed strike is nearer');
        await page.screenshot({ path: '/tmp/learn-chain-task-wrong.png' });
        await page.getByRole('button', { name: strike(right.strike_price) }).click();
        await verdict.filter({ hasText: '✓ Correct.' }).waitFor();
        expect(await verdict.textContent()).toContain('is at the money');
      }
      if (lesson.check) {
        await answerQuiz(page.locator('#lesson-check'), lesson.check, true);
        await page.getByRole('button', { name: 'Check my answers' }).click();
        await page.getByTestId('quiz-score').filter({ hasText: 'Passed' }).waitFor();
      } else {
        await page.getByRole('button', { name: 'Complete lesson' }).click();
      }
      // Passing a check completes its lesson on the server, and the page says so with what comes next.
      const complete = page.getByTestId('lesson-complete');
      await complete.waitFor();
      expect(await complete.textContent()).toContain('✓ Lesson complete');
      expect(await complete.textContent()).toContain('Next:');
    }

    // A payoff slider redraws the chart and its reading (the redraw is timed by `npm run bench learning-widget`).
    const payoffLesson = basics.lessons.find((l) => l.blocks.some((b) => b.type === 'interactive' && b.widget.kind === 'payoff'));
    expect(payoffLesson, 'options_basics has a payoff widget').toBeDefined();
    await page.goto(`${stack.url}/app/learning/options_basics/${slug(payoffLesson!.id)}`);
    const slider = page.getByTestId('payoff-spot').first();
    await slider.waitFor();
    const before = await page.getByTestId('payoff-readout').first().textContent();
    await slider.focus();
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('payoff-readout').first().textContent()).not.toBe(before);

    // The quiz: fail, see why, retake, pass.
    await page.goto(`${stack.url}/app/learning/options_basics/quiz`);
    await page.getByRole('heading', { level: 1, name: /quiz/ }).waitFor();
    await answerQuiz(page, basics.quiz, false);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    const score = page.getByTestId('quiz-score');
    await score.waitFor();
    expect(await score.textContent()).toContain('Not passed yet: 0%');
    expect(await page.getByTestId(`verdict-${basics.quiz.questions[0]!.id}`).textContent()).toContain('✗ Not right. Correct answer:');
    await page.screenshot({ path: '/tmp/learn-quiz-failed.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Retake' }).click();
    await answerQuiz(page, basics.quiz, true);
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect.poll(() => score.textContent()).toContain('Passed: 100%');
    expect(await score.textContent()).toContain('Best score: 100%');

    // The exercise, done with a real paper trade: a long call 20–60 days out, a limit at the mid.
    await page.goto(`${stack.url}/app/learning/options_basics/exercise`);
    await page.getByRole('button', { name: 'Check my account' }).click();
    await page.getByTestId('exercise-result').waitFor();
    expect(await page.getByTestId('exercise-result').textContent()).toBe(`0 of ${basics.practicalExercise!.requirements.length} requirements met so far.`);
    await page.getByRole('button', { name: 'Show a hint' }).click();
    await page.screenshot({ path: '/tmp/learn-exercise-desktop.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    const { expiries } = (await (await fetch(`${stack.url}/api/market/SPY/expiries`)).json()) as {
      expiries: { expiration_date: string; days_to_expiry: number }[];
    };
    const expiry = expiries.find((e) => e.days_to_expiry >= 25 && e.days_to_expiry <= 55)!;
    const chain = (await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiry.expiration_date}`)).json()) as {
      underlying: { price: number };
      contracts: { contract_ticker: string; contract_type: string; strike_price: number; bid: number; ask: number }[];
    };
    const call = chain.contracts
      // A mid in whole cents, so a limit at the mid is a price the ticket takes and the account's mid fill model fills
      // (a mid of $x.xx5 fills at the cent above, and a limit a cent below it rests).
      .filter((c) => c.contract_type === 'call' && c.bid > 0 && c.strike_price > chain.underlying.price && (c.bid + c.ask) / 2 < 10)
      .filter((c) => Math.round((c.bid + c.ask) * 100) % 2 === 0)
      .sort((a, b) => a.strike_price - b.strike_price)[0]!;
    const mid = Math.round(((call.bid + call.ask) / 2) * 100) / 100;
    await page.goto(`${stack.url}/app/trade?contract=${call.contract_ticker}&side=buy`);
    await page.getByRole('radio', { name: 'Limit' }).check();
    await page.getByLabel(/Limit price per share/).fill(mid.toFixed(2));
    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByRole('heading', { name: 'Order filled' }).waitFor();

    await page.goto(`${stack.url}/app/learning/options_basics/exercise`);
    await page.getByRole('button', { name: 'Check my account' }).click();
    await expect.poll(() => page.getByTestId('exercise-result').textContent(), { timeout: 20_000 }).toBe('Every requirement is met: exercise complete.');
    expect(await page.getByTestId('requirement').first().textContent()).toContain('✓ Met');

    // The module is complete: 100 course XP, once.
    await page.goto(`${stack.url}/app/learning`);
    await card.getByText('Completed').waitFor();
    expect(await page.getByTestId('course-progress').textContent()).toContain('100 course XP');
    expect(await page.getByTestId('course-progress').textContent()).toContain(`${basics.lessons.length} of`);
    expect(errors).toEqual([]);
    await context.close();

    // Another chrome.browser, the same learner: the progress is the server's.
    const phone = await returningLearner(chrome.browser, PHONE);
    const other = await phone.newPage();
    await signInThroughPage(other, stack.url, learner.email, learner.password);
    await other.goto(`${stack.url}/app/learning`);
    const again = other.getByTestId('module-options_basics');
    await again.getByText('Completed').waitFor();
    expect(await again.textContent()).toContain(`${basics.lessons.length} of ${basics.lessons.length} lessons done · quiz best 100%`);
    expect(await other.getByTestId('course-progress').textContent()).toContain('100 course XP');
    await other.screenshot({ path: '/tmp/learn-path-phone.png', fullPage: true });
    expect(await seriousViolations(other)).toEqual([]);
    await other.goto(`${stack.url}/app/learning/options_basics/${slug(payoffLesson!.id)}`);
    await other.getByTestId('payoff-spot').first().waitFor();
    await other.screenshot({ path: '/tmp/learn-lesson-phone.png', fullPage: true });
    expect(await seriousViolations(other)).toEqual([]);
    const width = await other.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await phone.close();
  }, 600_000);

  it('lays the lesson reader out for a desktop and a phone, each with its contents and pager', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Reader' });
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await returningLearner(chrome.browser, viewport);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInThroughPage(page, stack.url, learner.email, learner.password);
      await page.goto(`${stack.url}/app/learning/options_basics/${slug(basics.lessons[1]!.id)}`);
      await page.getByRole('heading', { level: 1, name: basics.lessons[1]!.title }).waitFor();
      const toc = page.getByRole('navigation', { name: 'Table of contents' });
      expect(await toc.locator('details').getAttribute('open')).toBe(viewport === DESKTOP ? '' : null);
      expect(await page.getByRole('navigation', { name: 'Lessons' }).getByRole('link').count()).toBe(2);
      await page.keyboard.press('ArrowRight');
      await page.waitForURL(`${stack.url}/app/learning/options_basics/${slug(basics.lessons[2]!.id)}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 300_000);
});
