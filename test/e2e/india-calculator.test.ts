import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatMoney } from '@shared/format/money';
import { indianGreeks } from '@shared/market/india/greeks-calculator';
import { nseDaysToExpiry } from '@shared/market/india/nse-calendar';
import type { IndianChain } from '@web/api/india';
import { DESKTOP, launchBrowser, PHONE, returningLearner, seriousViolations, watchErrors } from './browser';

/**
 * Issue 38 end to end at each width: the Indian Greeks calculator opens on a real contract of the NSE chain (the local
 * stack has no Kite keys, so the simulated NSE market's): NIFTY's nearest expiry, the at-the-money call, priced per share
 * and per lot in rupees, with no error before the learner does anything; the learner switches to own inputs with the
 * contract's values kept, and an error shows only on the field got wrong. The chain's "Price" link opens the calculator
 * on that contract.
 */
const stack = inject('e2eStack');
let browser: Browser;
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

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

/** What the page must show for a contract of a chain: the pure calculator on the chain's own figures. */
function priced(chain: IndianChain, strike: number, type: 'CE' | 'PE') {
  const q = chain.quotes.find((x) => x.strike === strike && x.type === type)!;
  const res = indianGreeks({
    type: type === 'CE' ? 'call' : 'put',
    spot: chain.spot,
    strike,
    days: nseDaysToExpiry(chain.session, q.expiry),
    iv: q.iv!,
    repoRate: chain.repoRate,
    dividendYield: chain.dividendYield,
    lotSize: q.lotSize,
  });
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
}

const atTheMoney = (chain: IndianChain) =>
  [...new Set(chain.quotes.map((q) => q.strike))].reduce((best, k) => (Math.abs(k - chain.spot) < Math.abs(best - chain.spot) ? k : best));

describe('the Indian Greeks calculator', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`opens from Available now on NIFTY's nearest at-the-money call, priced per lot in rupees with no error, and keeps it as own inputs (${name})`, async () => {
      const context = await returningLearner(browser, viewport);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${stack.url}/coming-soon`);
      await page.getByRole('heading', { name: 'Live options trading for Indian markets' }).waitFor();
      await page.getByRole('region', { name: 'Available now' }).getByRole('link', { name: 'Indian Greeks calculator' }).click();
      await page.waitForURL(`${stack.url}/india/greeks-calculator`);
      await page.getByRole('heading', { level: 1, name: 'Indian options Greeks calculator' }).waitFor();
      expect(await page.title()).toBe('Indian options Greeks calculator | Options Academy');

      // The contract it opens on is the chain's: the same answer the page read.
      const chain = (await (await fetch(`${stack.url}/api/india/chain?symbol=NIFTY`)).json()) as IndianChain;
      const strike = atTheMoney(chain);
      const expected = priced(chain, strike, 'CE');
      const results = page.getByRole('region', { name: 'Price and Greeks', exact: true });
      await results.getByRole('columnheader', { name: `Per lot of ${chain.lotSize}` }).waitFor();
      expect(await page.getByRole('radio', { name: 'Choose an NSE contract' }).isChecked()).toBe(true);
      expect(await page.getByLabel('NSE underlying').inputValue()).toBe('NIFTY');
      expect(await page.getByLabel('Expiry', { exact: true }).inputValue()).toBe(chain.expiry);
      expect(await page.getByLabel('Strike', { exact: true }).inputValue()).toBe(String(strike));
      const [share, lot] = await row(page, 'Premium');
      expect(share).toBe(formatMoney(expected.perShare.price, 'INR'));
      expect(lot).toBe(formatMoney(expected.perLot.price, 'INR'));
      rupees(lot);
      rupees((await row(page, 'Theta'))[1]);
      expect(await results.getByRole('status').textContent()).toMatch(
        new RegExp(`^NIFTY \\w{3} \\d{1,2}, \\d{4} ${formatMoney(strike, 'INR').replace(/[.$]/g, '\\$&')} call \\(CE\\), (1 day|\\d+ days) to expiry: ₹`),
      );
      expect(await page.getByTestId('calculator-data-date').textContent()).toMatch(/^Data of .+: the close \(15:30 IST\), from the simulated NSE market/);
      // Nothing is marked wrong before the learner has done anything.
      expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
      expect(await page.getByText('must be a positive number').count()).toBe(0);

      // The formula, typeset, with the chain's numbers.
      const formula = page.getByRole('region', { name: 'The formula, with your numbers' });
      await formula.scrollIntoViewIfNeeded();
      expect(await formula.locator('.katex-html').count()).toBe(expected.daysToExpiry === 0 ? 4 : 7);
      expect(await formula.locator('.katex-html').first().isVisible()).toBe(true);
      await shot(page, `calculator-contract-${name}`);

      // Own inputs start from the contract's values: the same price.
      await page.getByRole('radio', { name: 'Type my own inputs' }).check();
      expect(await page.getByLabel(/^Lot size/).inputValue()).toBe(String(chain.lotSize));
      expect(await page.getByRole('textbox', { name: /^Days to expiry/ }).inputValue()).toBe(String(expected.daysToExpiry));
      expect((await row(page, 'Premium'))[0]).toBe(share);
      // A field emptied and left is marked, with the calculator's words; typed again, the price is back.
      const spot = page.getByLabel(/^Spot price/);
      await spot.fill('');
      await spot.blur();
      expect(await spot.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByText('Spot price must be a positive number of rupees.').isVisible()).toBe(true);
      expect(await results.getByRole('status').textContent()).toBe('Correct the fields marked above to see the price.');
      await spot.fill('26,000');
      await page.getByLabel(/^Strike \(/).fill('25,900');
      await page.getByLabel(/^Implied volatility/).fill('12');
      await results.getByRole('columnheader', { name: `Per lot of ${chain.lotSize}` }).waitFor();
      expect(await results.getByRole('status').textContent()).toMatch(
        /^NIFTY ₹25,900\.00 call \(CE\), (1 day|\d+ days) to expiry: ₹[\d,.]+ a share, ₹[\d,.]+ a lot of 65\.$/,
      );
      await shot(page, `calculator-own-${name}`);

      // Nothing wider than the screen: a long formula scrolls in its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('opens on the contract whose "Price" link the Indian chain shows', async () => {
    const context = await returningLearner(browser, DESKTOP);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${stack.url}/optionschain?market=india&ticker=NIFTY`);
    const section = page.getByRole('region', { name: 'NSE option chain (view only)' });
    await section.getByRole('table').waitFor();
    const chain = (await (await fetch(`${stack.url}/api/india/chain?symbol=NIFTY`)).json()) as IndianChain;
    const put = chain.quotes.find((q) => q.type === 'PE' && q.iv !== null && q.strike < chain.spot)!;
    await section.getByRole('link', { name: `Price NIFTY ${formatMoney(put.strike, 'INR')} PE in the Greeks calculator` }).click();
    await page.waitForURL(`${stack.url}/india/greeks-calculator?symbol=NIFTY&expiry=${put.expiry}&strike=${put.strike}&type=put`);
    const results = page.getByRole('region', { name: 'Price and Greeks', exact: true });
    await results.getByRole('table').waitFor();
    expect(await page.getByLabel('Strike', { exact: true }).inputValue()).toBe(String(put.strike));
    expect(await page.getByRole('radio', { name: 'Put (PE)' }).isChecked()).toBe(true);
    expect((await row(page, 'Premium'))[0]).toBe(formatMoney(priced(chain, put.strike, 'PE').perShare.price, 'INR'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
