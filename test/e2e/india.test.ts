import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatMoney } from '@shared/format/money';
import type { IndianChain } from '@web/api/india';
import { chromiumForFile, DESKTOP, PHONE, returningLearner, seriousViolations, watchErrors } from './browser';

/**
 * Issue 38 end to end at each width: on the public chain page, switch to Indian Markets, keep the coming-soon banner,
 * and read the view-only NIFTY chain below it: the badge, lot sizes beside every contract and premiums per lot in
 * rupees, with no trade or builder actions. The local stack has no Kite keys, so the chain is the simulated NSE market's.
 */
const stack = inject('e2eStack');
const chromium = chromiumForFile(stack.url);
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(VIEWPORTS)('the Indian chain on %s', (name, viewport) => {
  it("switches to Indian Markets and reads a NIFTY chain with lot sizes in rupees and the badge 'Demo Data Only'", async () => {
    const context = await returningLearner(chromium.browser, viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${stack.url}/optionschain`);
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'Indian Markets' }).click();

    await page.getByRole('region', { name: 'Indian market options are on their way' }).waitFor();
    const section = page.getByRole('region', { name: 'NSE option chain (view only)' });
    const table = section.getByRole('table');
    await table.waitFor();
    expect(await page.getByTestId('data-source-badge').textContent()).toBe('Demo Data Only');
    expect(await section.getByLabel('Underlying').inputValue()).toBe('NIFTY');
    expect(await section.textContent()).toContain('For viewing only');

    // What the page shows is what the API answers: the first call's lot and premium per lot in rupees.
    const chain = (await (await fetch(`${stack.url}/api/india/chain?symbol=NIFTY`)).json()) as IndianChain;
    expect(chain.lotSize).toBe(65);
    const call = chain.quotes.find((q) => q.type === 'CE')!;
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^₹${call.strike.toLocaleString('en-IN')}`) }) });
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toBe('65');
    expect(cells).toContain(formatMoney(call.premiumPerLot, 'INR'));
    expect(await section.getByRole('button', { name: /buy|sell|trade|build/i }).count()).toBe(0);
    // The only links open a contract in the Greeks calculator.
    const hrefs = await section.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // One per contract shown: both sides on a desktop, the calls on a phone (one side at a time).
    expect(hrefs.length).toBe(name === 'phone' ? chain.quotes.filter((q) => q.type === 'CE').length : chain.quotes.length);
    for (const href of hrefs) expect(href).toMatch(/^\/india\/greeks-calculator\?symbol=NIFTY&expiry=\d{4}-\d{2}-\d{2}&strike=\d+&type=(call|put)$/);
    // The page is never wider than the screen: the table scrolls in its own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `india-chain-${name}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
