import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, returningLearner, seriousViolations, watchErrors } from './browser';

const stack = inject('e2eStack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Rupees as the page writes them, with Indian grouping (₹1,23,456.78), read back as a number. */
const rupees = (text: string) => {
  expect(text).toMatch(/^−?₹(\d{1,2},)?(\d{2},)*\d{1,3}\.\d{2}$/);
  return Number(text.replace(/[₹,]/g, '').replace('−', '-'));
};

/** The per-share and per-lot cells of a figure's row in the results table. */
async function row(page: Page, name: string): Promise<[string, string]> {
  const cells = page.getByRole('region', { name: 'Price and Greeks', exact: true }).getByRole('row').filter({ hasText: name }).getByRole('cell');
  return [(await cells.nth(0).textContent())!, (await cells.nth(1).textContent())!];
}

describe('the Indian Greeks calculator', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`is reached from the coming-soon page's Available now, and prices a NIFTY option per lot in rupees with its formula (${name})`, async () => {
      const context = await returningLearner(browser, viewport);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${stack.url}/coming-soon`);
      await page.getByRole('heading', { name: 'Live options trading for Indian markets' }).waitFor();
      await page.getByRole('region', { name: 'Available now' }).getByRole('link', { name: 'Indian Greeks calculator' }).click();
      await page.waitForURL(`${stack.url}/india/greeks-calculator`);
      await page.getByRole('heading', { level: 1, name: 'Indian options Greeks calculator' }).waitFor();
      expect(await page.title()).toBe('Indian options Greeks calculator | Options Academy');

      // Chosen from the keyboard: NIFTY is the first underlying after "Type my own inputs".
      const underlying = page.getByLabel('NSE underlying');
      await underlying.focus();
      await page.keyboard.press('ArrowDown');
      expect(await underlying.inputValue()).toBe('NIFTY');
      expect(await page.getByLabel(/^Lot size/).inputValue()).toBe('65');
      expect(await page.getByText(/^Lot size 65, strikes every ₹50\.00/).isVisible()).toBe(true);
      const expiry = page.getByLabel('Listed NIFTY expiry');
      expect(await expiry.locator('option').first().textContent()).toMatch(/^\w{3} \d{1,2}, \d{4} \((weekly|monthly)\)$/);

      await page.getByLabel(/^Spot price/).fill('26,000');
      await page.getByLabel(/^Strike \(/).fill('25,900');
      await page.getByLabel(/^Implied volatility/).fill('12');
      const results = page.getByRole('region', { name: 'Price and Greeks', exact: true });
      await results.getByRole('columnheader', { name: 'Per lot of 65' }).waitFor();
      const [share, lot] = await row(page, 'Premium');
      // Per lot is per share times the lot size (the share price shown rounded to the paisa).
      expect(Math.abs(rupees(share) * 65 - rupees(lot))).toBeLessThanOrEqual(0.005 * 65 + 0.01);
      expect(rupees(lot)).toBeGreaterThan(0);
      rupees((await row(page, 'Theta'))[1]);
      expect(await results.getByRole('status').textContent()).toMatch(
        /^NIFTY ₹25,900\.00 call \(CE\), (1 day|\d+ days) to expiry: ₹[\d,.]+ a share, ₹[\d,.]+ a lot of 65\.$/,
      );

      // The formula, typeset, with the numbers typed.
      const formula = page.getByRole('region', { name: 'The formula, with your numbers' });
      await formula.scrollIntoViewIfNeeded();
      expect(await formula.locator('.katex-html').count()).toBe(7);
      expect(await formula.locator('.katex-html').first().isVisible()).toBe(true);
      expect(await formula.locator('annotation').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('\\ln(26{,}000/25{,}900)')]));

      // Nothing wider than the screen: a long formula scrolls in its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
