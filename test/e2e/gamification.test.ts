import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addXp, levelDefinition, xpToLevelUp } from '@shared/gamification/levels';
import { formatCount } from '@shared/format/number';
import { COURSE } from '@shared/learning/content/course';
import type { LearningModule, Quiz } from '@shared/learning/content/types';
import { signUpAndSignIn } from '../support/cognito';
import { DESKTOP, launchBrowser, PHONE, returningLearner, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
const basics = COURSE.find((m) => m.id === 'options_basics') as LearningModule;
const greeks = COURSE.find((m) => m.id === 'options_greeks') as LearningModule;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function passCheck(page: Page, quiz: Quiz) {
  const scope = page.locator('#lesson-check');
  const numerical = quiz.questions.filter((q) => q.type === 'numerical');
  const choices = quiz.questions.filter((q) => q.type !== 'numerical');
  for (const q of quiz.questions) {
    if (q.type === 'numerical') await scope.locator('input[inputmode="decimal"]').nth(numerical.indexOf(q)).fill(String(q.correctAnswer));
    else
      await scope
        .getByRole('radiogroup')
        .nth(choices.indexOf(q))
        .getByRole('radio', { name: String(q.correctAnswer), exact: true })
        .check();
  }
  await page.getByRole('button', { name: 'Check my answers' }).click();
}

describe('gamification in the shell', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('on %s: a completed lesson shows its XP toasts and moves the widget, which opens the profile', async (name, viewport) => {
    const learner = await signUpAndSignIn(stack, { name: 'Game Learner' });
    const context = await returningLearner(browser, viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    const widget = page.getByTestId('gamification-widget');
    await widget.waitFor();
    expect(await widget.textContent()).toContain('0 XP');
    expect(await page.getByTestId('widget-rank').textContent()).toBe('—');

    const lesson = basics.lessons[0]!;
    await page.goto(`${stack.url}/app/learning/options_basics/${lesson.id.split('.')[1]}`);
    await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
    if (lesson.check) await passCheck(page, lesson.check);
    else await page.getByRole('button', { name: 'Complete lesson' }).click();
    await page.getByTestId('lesson-complete').waitFor();

    // From the awards feed, within 2 s of the action: the lesson's 10 XP and the First Lesson achievement's 100 XP (and,
    // when the lesson has a check, the check's 50 XP and the Quiz Taker achievement's 100 XP): at most 3 toasts at once.
    const toasts = page.getByTestId('xp-toast');
    const firstLesson = toasts.filter({ hasText: 'Unlocked: First Lesson' });
    await firstLesson.waitFor({ timeout: 5_000 });
    expect(await firstLesson.textContent()).toContain('+100 XP');
    expect(await firstLesson.getAttribute('data-tier')).toBe('major');
    expect(await toasts.count()).toBeLessThanOrEqual(3);
    await page.screenshot({ path: `/tmp/gam-toasts-${name}.png` });

    // 10 + 100 (+ 50 + 100) XP, carried over the levels it reaches.
    const total = lesson.check ? 260 : 110;
    const expected = addXp(1, 0, total); // 260: level 3 with 13 (115 to level 2, then 132 to level 3)
    await expect.poll(async () => widget.textContent(), { timeout: 5_000 }).toContain(`Lv${expected.level}${formatCount(total)} XP`);
    // The toasts close by themselves (3000 ms).
    await toasts.first().waitFor({ state: 'detached', timeout: 6_000 });
    await widget.hover();
    await page.getByRole('tooltip').waitFor();
    await page.screenshot({ path: `/tmp/gam-widget-${name}.png` });

    await widget.click();
    await page.waitForURL(`${stack.url}/app/gamification/profile`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a lesson that raises the level: its toasts, the level-up modal, View Profile, then a completed challenge claimed once on the challenges page', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Level Learner' });
    const context = await returningLearner(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);
    await page.getByTestId('gamification-widget').waitFor();

    // An Options Greeks lesson with its check: 10 + 100 (First Lesson) + 50 (the check) + 100 (Quiz Taker) = 260 XP,
    // level 1 to 3; and the daily "Use the Greeks" challenge is completed.
    const lesson = greeks.lessons.find((l) => l.check)!;
    await page.goto(`${stack.url}/app/learning/options_greeks/${lesson.id.split('.')[1]}`);
    await page.getByRole('heading', { level: 1, name: lesson.title }).waitFor();
    await passCheck(page, lesson.check!);
    await page.getByTestId('lesson-complete').waitFor();

    await page.getByTestId('xp-toast').filter({ hasText: 'Unlocked: Quiz Taker' }).waitFor({ timeout: 5_000 });
    const reached = addXp(1, 0, 260);
    const dialog = page.getByRole('dialog', { name: 'LEVEL UP' });
    await dialog.waitFor({ timeout: 5_000 });
    await expect.poll(() => dialog.textContent(), { timeout: 5_000 }).toContain(`You reached level ${reached.level}.`);
    expect(await dialog.getByTestId('level-up-name').textContent()).toBe(levelDefinition(reached.level).name);
    expect(await dialog.getByTestId('level-up-next').textContent()).toBe('Advanced charts+5 watchlist slots');
    expect(await page.getByTestId('confetti').locator('i').count()).toBe(50);
    // It opened once the lesson was complete, and its button goes back to the lesson, never to trading.
    expect(await dialog.getByRole('button', { name: 'Back to the lesson' }).count()).toBe(1);
    await page.screenshot({ path: '/tmp/gam-level-up-desktop.png' });

    await dialog.getByRole('button', { name: 'View Profile' }).click();
    await page.waitForURL(`${stack.url}/app/gamification/profile`);
    await dialog.waitFor({ state: 'detached' });
    const profile = page.getByTestId('profile-level');
    await expect.poll(() => profile.textContent(), { timeout: 5_000 }).toContain(`Level${reached.level}`);
    expect(await profile.textContent()).toContain(`${reached.currentXP} / ${xpToLevelUp(reached.level)}`);
    const coinsBefore = Number(await page.getByTestId('profile-coins').textContent());

    await page.getByRole('navigation', { name: 'Gamification' }).getByRole('link', { name: 'Challenges' }).click();
    await page.waitForURL(`${stack.url}/app/gamification/challenges`);
    const challenge = page.getByTestId('challenge-daily-greeks');
    await challenge.getByText('Completed').waitFor();
    await challenge.getByRole('button', { name: 'Claim 8 coins and 75 XP' }).click();
    await challenge.getByText('Reward claimed').waitFor();
    await page.getByTestId('xp-toast').filter({ hasText: 'Challenge: Use the Greeks' }).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: '/tmp/gam-challenges-desktop.png' });
    await page.getByRole('navigation', { name: 'Gamification' }).getByRole('link', { name: 'Profile' }).click();
    await expect.poll(async () => Number(await page.getByTestId('profile-coins').textContent()), { timeout: 5_000 }).toBe(coinsBefore + 8);
    expect(errors).toEqual([]);
    await context.close();
  });
});
