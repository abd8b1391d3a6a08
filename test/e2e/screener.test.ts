import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { chromiumForFile, PHONE, returningLearner, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe('the chain-based analysis pages in Chromium', () => {
  it('screens, saves a screen and re-runs it, and opens a row in the builder with its legs', async () => {
    const learner = await signUpAndSignIn(stack);
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    await page.goto(`${stack.url}/app/screener`);
    await page.getByTestId('screener-row').first().waitFor();
    expect(await page.getByTestId('eod-banner').textContent()).toMatch(/Simulated end-of-day data, as of the close of/);
    expect(await page.getByTestId('result-count').textContent()).toMatch(/^[\d,]+ matches/);

    // A preset, then saved under a name.
    await page.getByRole('button', { name: 'Cash-secured-put income' }).click();
    await page
      .getByRole('rowheader', { name: /Cash-secured put/ })
      .first()
      .waitFor();
    await page.getByPlaceholder('Name this screen').fill('Put income');
    await page.getByRole('button', { name: 'Save screen' }).click();
    await page.getByTestId('saved-screens').getByRole('button', { name: 'Put income', exact: true }).waitFor();

    // Another preset, then the saved screen re-runs its own filters.
    await page.getByRole('button', { name: 'Covered-call income' }).click();
    await page
      .getByRole('rowheader', { name: /Covered call/ })
      .first()
      .waitFor();
    await page.getByTestId('saved-screens').getByRole('button', { name: 'Put income', exact: true }).click();
    await page
      .getByRole('rowheader', { name: /Cash-secured put/ })
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cash-secured-put income' }).getAttribute('aria-pressed')).toBe('true');
    // It is kept: a new visit lists it.
    await page.reload();
    await page.getByTestId('saved-screens').getByRole('button', { name: 'Put income', exact: true }).waitFor();
    await page.getByTestId('saved-screens').getByRole('button', { name: 'Put income', exact: true }).click();
    await page
      .getByRole('rowheader', { name: /Cash-secured put/ })
      .first()
      .waitFor();

    // Every column explains itself: formula, inputs, the data's date.
    await page.getByRole('button', { name: 'How Static is computed' }).click();
    expect(
      await page
        .getByRole('tooltip', { name: /Static/ })
        .first()
        .textContent(),
    ).toMatch(/premium \/ \(K − premium\).*Inputs:.*Data: end of day/);

    // The first row in the builder, its leg filled in.
    const link = page.getByRole('link', { name: /^Open in builder\W+Cash-secured put/i }).first();
    const href = (await link.getAttribute('href'))!;
    const [action, type, strike, expiration] = decodeURIComponent(new URL(href, stack.url).searchParams.get('legs')!).split('.');
    await link.click();
    await page.waitForURL(/\/app\/trading\?/);
    await page.getByTestId('leg-row').first().waitFor();
    expect(await page.getByTestId('leg-row').count()).toBe(1);
    expect(action).toBe('sell');
    expect(await page.getByLabel('Leg 1 is a sell. Switch to buy').count()).toBe(1);
    expect(await page.getByLabel('Leg 1 type').inputValue()).toBe(type);
    expect(Number((await page.getByLabel('Leg 1 strike').inputValue()).replace(/[^0-9.]/g, ''))).toBe(Number(strike));
    expect(await page.getByLabel('Leg 1 expiry').inputValue()).toBe(expiration);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renders arbitrage and the volatility explorer at phone width', async () => {
    const learner = await signUpAndSignIn(stack);
    const context = await returningLearner(chrome.browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    await page.goto(`${stack.url}/app/arbitrage?underlying=SPY`);
    await page.getByTestId('parity-table').waitFor();
    expect(await page.getByTestId('eod-banner').textContent()).toMatch(/Educational: not executable/);
    expect(await page.getByTestId('parity-table').locator('tbody tr').count()).toBeGreaterThan(10);
    expect(await page.getByTestId('arbitrage-inputs').textContent()).toMatch(/4\.00%/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto(`${stack.url}/app/analytics?underlying=AAPL`);
    await page.getByTestId('surface-heatmap').waitFor();
    expect(await page.getByTestId('vol-tiles').locator('dd').first().textContent()).toMatch(/^\d+\.\d%$/);
    await page.getByTestId('term-chart').locator('svg').first().waitFor();
    await page.getByTestId('iv-hv-chart').locator('svg').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
