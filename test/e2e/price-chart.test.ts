import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { DESKTOP, launchBrowserWhenMarketReady, PHONE, returningLearner, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
/** Where the screenshots go when SHOTS_DIR is set (a developer looking at the pages); otherwise none are taken. */
const SHOTS = process.env.SHOTS_DIR;
let browser: Browser;

// The chart reads the year of daily summaries the stack's first ingestion backfills.
beforeAll(async () => {
  browser = await launchBrowserWhenMarketReady(stack.url);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe.each(VIEWPORTS)('the price chart on %s', (name, viewport) => {
  it('shows on the chain (folded on a phone), draws the cone of the selected expiry, and reads in words', async () => {
    const page = await browser.newPage({ viewport, bypassCSP: true });
    const errors = watchErrors(page);
    await page.goto(`${stack.url}/`);
    await page.goto(`${stack.url}/optionschain?ticker=AAPL`);
    await page.getByRole('table').waitFor();
    const disclosure = page.getByTestId('chain-chart');
    if (name === 'phone') {
      expect(await disclosure.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
      await page.getByText('AAPL price chart').click();
    }
    const summary = page.getByTestId('chart-summary');
    await summary.waitFor();
    await page.locator('[data-testid="chart-canvas"] canvas').first().waitFor();
    expect(await page.getByTestId('chart-as-of').textContent()).toMatch(/^End of day · data as of /);
    const expiry = await page.locator('#chain-heading').textContent();
    expect(await summary.textContent()).toMatch(/sessions from .* end of day\. First close \$[\d,.]+, last close \$[\d,.]+/);
    expect(await summary.textContent()).toMatch(/Expected move to .* IV: \$[\d,.]+ to \$[\d,.]+ \(±1σ\)/);
    expect(expiry).toContain('AAPL');

    const cone = page.getByRole('checkbox', { name: /Expected move/ });
    expect(await cone.isChecked()).toBe(true);
    await cone.uncheck();
    expect(await cone.isChecked()).toBe(false);
    await cone.check();

    // The keyboard moves the readout between sessions.
    const readout = page.getByTestId('chart-readout');
    const lastSession = await readout.textContent();
    await page.getByTestId('chart-region').focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => readout.textContent()).not.toBe(lastSession);
    expect(await page.getByText('Failed to load TradingView widget').count()).toBe(0);
    await shot(page, `chain-chart-${name}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('has a page of its own per underlying', async () => {
    const user = await signUpAndSignIn(stack);
    const context = await returningLearner(browser, viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, user.email, user.password);
    await page.goto(`${stack.url}/app/charts/MSFT`);
    await page.getByRole('heading', { name: /MSFT price chart/ }).waitFor();
    await page.locator('[data-testid="chart-canvas"] canvas').first().waitFor();
    expect(await page.getByTestId('chart-summary').textContent()).toMatch(/^MSFT, \d+ sessions from/);
    expect(await page.getByText('Failed to load TradingView widget').count()).toBe(0);
    await shot(page, `chart-page-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
