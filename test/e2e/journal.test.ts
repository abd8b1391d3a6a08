import { describe, expect, inject, it } from 'vitest';
import { newYorkParts } from '@shared/market/dates';
import { signUpAndSignIn } from '../support/cognito';
import { waitFor } from '../support/local-stack';
import { chromiumForFile, PHONE, returningLearner, seriousViolations, signInThroughPage, watchErrors, fillNowIfMarketClosed } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe('the trading journal in Chromium', () => {
  it('trade, close, reflect, and see the statistics and the calendar change', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Journal Jo' });
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    // An empty journal first.
    await page.goto(`${stack.url}/app/journal?tab=stats`);
    await page.getByTestId('figure-trades').waitFor();
    const value = (id: string) => page.locator(`[data-testid=figure-${id}] dd`).first().textContent();
    expect(await value('trades')).toBe('0');
    expect(await page.getByTestId('calendar-heatmap').getByRole('button').count()).toBe(0);

    // Trade: open the account, buy a call from the chain, close it from the portfolio.
    await page.goto(`${stack.url}/app/portfolio`);
    await page.getByRole('heading', { name: 'Open your paper account' }).waitFor();
    await page.getByLabel('$25,000').check();
    await page.locator('main').getByRole('button', { name: 'Open paper account' }).click();
    await page.getByTestId('summary-cash').waitFor();
    await page.goto(`${stack.url}/app/optionschain?ticker=SPY`);
    const ask = page.getByRole('link', { name: /^Buy SPY .* call at the ask/i }).nth(10);
    await ask.waitFor();
    await ask.click();
    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByRole('heading', { name: 'Order filled' }).waitFor();
    await page.getByRole('link', { name: 'View portfolio' }).click();
    await page.getByTestId('position-row').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor();
    await fillNowIfMarketClosed(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByText('No open positions.').waitFor();
    const portfolio = await (await fetch(`${stack.url}/api/portfolio`, { headers: { authorization: `Bearer ${learner.idToken}` } })).json();
    const netRealized = Math.round((portfolio.account.realizedPnl - portfolio.account.fees) * 100) / 100;

    // The journal made the trade by itself, and asks for a reflection.
    await page.goto(`${stack.url}/app/journal`);
    await waitFor(
      async () => {
        await page.reload();
        await page.getByTestId('to-reflect').waitFor();
        return page.getByTestId('to-reflect').textContent();
      },
      (t) => t === '1 trade to reflect on',
      30_000,
      'the journal trade',
    );
    const row = page.getByTestId('trade-row').filter({ hasText: 'SPY Long Call' });
    expect(await row.textContent()).toContain('To reflect on');
    await row.click();
    await page.getByTestId('entry-analytics').waitFor();
    expect(await page.getByTestId('payoff-graph').isVisible()).toBe(true);

    // Reflect: a thesis, a setup, a lesson of substance earn 25 XP.
    await page.getByLabel('Thesis: your outlook and why this strategy').fill('SPY breaks out above the range this week');
    await page.getByRole('button', { name: 'breakout', exact: true }).click();
    await page.getByRole('button', { name: 'no exit plan' }).click();
    await page.getByRole('radio', { name: '3' }).click();
    await page.getByLabel('Lesson learned').fill('Bought at the ask and sold at the bid: the spread is a real cost');
    await page.getByLabel('Grade').selectOption('C');
    await page.getByRole('button', { name: 'Save entry' }).click();
    expect(await page.getByRole('status').filter({ hasText: 'Saved' }).textContent()).toBe('Saved. +25 XP for a real reflection.');
    expect(await seriousViolations(page)).toEqual([]);
    const progress = await (await fetch(`${stack.url}/api/learning/progress`, { headers: { authorization: `Bearer ${learner.idToken}` } })).json();
    expect(progress.progress).toMatchObject({ journalEntries: 1, experience: 25 });

    // The statistics and the calendar now hold the trade, to the cent of the portfolio's realized P&L net of fees.
    await page.goto(`${stack.url}/app/journal?tab=stats`);
    await page.getByTestId('figure-trades').waitFor();
    expect(await value('trades')).toBe('1');
    expect(await page.getByTestId('figure-trades').textContent()).toContain('small sample');
    expect(await value('net')).toBe(`${netRealized < 0 ? '−' : ''}$${Math.abs(netRealized).toFixed(2)}`);
    expect(await page.getByTestId('mistake-costs').textContent()).toContain('no exit plan');
    const today = newYorkParts(new Date()).date;
    const day = page.locator(`[data-testid=calendar-heatmap] button[data-date="${today}"]`);
    expect(await day.getAttribute('aria-label')).toContain('1 trade');
    await day.click();
    await page.getByTestId('day-trades').getByTestId('trade-row').waitFor();
    expect(await page.getByTestId('day-trades').getByTestId('trade-row').textContent()).toContain('Reflected');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone: the trade and its reflection state.
    const phone = await returningLearner(chrome.browser, PHONE);
    const small = await phone.newPage();
    await signInThroughPage(small, stack.url, learner.email, learner.password);
    await small.goto(`${stack.url}/app/journal`);
    await small.getByTestId('trade-row').first().waitFor();
    expect(await small.getByTestId('to-reflect').textContent()).toBe('Every closed trade has a reflection.');
    expect(await small.getByTestId('trade-row').first().isVisible()).toBe(true);
    await phone.close();
  });
});
