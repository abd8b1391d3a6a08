import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, watchErrors, seriousViolations } from './browser';

const stack = inject('e2eStack');
let browser: Browser;

// bypassCSP: the site's Content-Security-Policy (script-src 'self') would block the axe-core script the test injects.
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A returning visitor: the landing page has been seen, so /optionschain opens directly. */
async function openChain(page: Page, search = '') {
  await page.goto(`${stack.url}/`);
  await page.goto(`${stack.url}/optionschain${search}`);
  await page.getByRole('table').waitFor();
}

/** Text of every body row's cells (the strike is the row header, left out), as shown. */
const bodyCells = (page: Page) =>
  page.locator('tbody tr[data-strike]').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));

/** "950" → 950, "1.2K" → 1200, "3.4M" → 3400000, "-" → null. */
const compact = (text: string): number | null => {
  const m = /^(-?[\d.]+)([KM]?)$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2] === 'K' ? 1e3 : m[2] === 'M' ? 1e6 : 1);
};

describe('the options chain in Chromium, signed out', () => {
  it('picks a ticker, switches expiry tabs, filters by volume, sorts by delta, and goes to India and back', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    await openChain(page);

    await expect.poll(() => page.title()).toBe('Options Chain (Simulated) | Options Academy');
    await page.getByRole('heading', { level: 1, name: 'Options Chain (Simulated)' }).waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${stack.url}/optionschain`);
    expect(await page.getByTestId('data-source-badge').textContent()).toBe('Demo Data Only');
    expect(await page.getByRole('button', { name: 'Sync Data' }).count()).toBe(0); // nothing to sync on the simulated market
    expect(await page.getByRole('region', { name: 'Simulated end-of-day prices' }).textContent()).toContain('simulated market as of the last close');
    expect(await page.locator('main').textContent()).not.toContain('POLYGON');
    expect(await page.getByTestId('quotes-as-of').textContent()).toMatch(/^Quotes as of \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M ET \(/);
    // SPY opens on its first Weekly expiry.
    expect(await page.getByRole('tabpanel').getByRole('option', { selected: true }).textContent()).toContain('Weekly');
    expect(await seriousViolations(page)).toEqual([]);

    // Pick a ticker by searching its name.
    await page.getByRole('button', { name: /^Ticker SPY/ }).click();
    await page.getByRole('combobox', { name: 'Search tickers' }).fill('apple');
    const options = page.getByRole('listbox', { name: 'Tickers' }).getByRole('option');
    expect(await options.count()).toBe(1);
    expect(await options.first().textContent()).toMatch(/^AAPL\$[\d,.]+Apple Inc\.Avg vol [\d.]+[KM]? · Avg OI [\d.]+[KM]?$/);
    await options.first().click();
    await page.waitForURL(`${stack.url}/optionschain?ticker=AAPL`);
    await page.getByRole('heading', { name: /^AAPL \w{3}, / }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await page.getByTestId('underlying-price').textContent()).toMatch(/^\$\d[\d,]*\.\d{2}$/);

    // Switch expiry tabs: the tab's count matches its cards, and the chain follows the first one.
    const monthly = page.getByRole('tab', { name: /^Monthly/ });
    await monthly.click();
    expect(await monthly.getAttribute('aria-selected')).toBe('true');
    const monthlyCards = page.getByRole('tabpanel').getByRole('option', { name: /Monthly/ });
    expect(Number((await monthly.textContent())?.replace('Monthly', ''))).toBe(await monthlyCards.count());
    const chosen = page.getByRole('tabpanel').getByRole('option', { selected: true });
    const chosenDate = /^(\w{3}, \w{3} \d{1,2}, \d{4})/.exec((await chosen.textContent()) ?? '')?.[1];
    expect(chosenDate).toBeTruthy();
    expect(await chosen.textContent()).toContain('Monthly');
    await page.getByRole('heading', { name: `AAPL ${chosenDate}` }).waitFor();
    await page.waitForURL(/expiry=\d{4}-\d{2}-\d{2}/);
    await page.getByRole('tab', { name: /^0DTE/ }).click();
    if ((await page.getByRole('tab', { name: /^0DTE/ }).textContent()) === '0DTE0') {
      await page.getByText('No expiries available for this filter.').waitFor();
    }
    await page.getByRole('tab', { name: /^All/ }).click();

    // Filter by volume: every strike left trades at least 500 on one side.
    const before = (await bodyCells(page)).length;
    await page.getByLabel('Min Volume').fill('500');
    await page.waitForFunction((n) => document.querySelectorAll('tbody tr[data-strike]').length < n, before);
    const filtered = await bodyCells(page);
    expect(filtered.length).toBeGreaterThan(0);
    // Calls: Bid Ask Last Volume OI IV Delta; puts mirrored: Delta IV OI Volume Last Ask Bid.
    for (const cells of filtered) expect(Math.max(compact(cells[3]!) ?? 0, compact(cells[10]!) ?? 0)).toBeGreaterThanOrEqual(500);
    await page.getByLabel('Min Volume').fill('0');

    // Sort by delta, largest first: the call deltas fall by absolute value down the table.
    await page.getByLabel('Sort By').selectOption({ label: 'Delta' });
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    const deltas = (await bodyCells(page)).map((cells) => Math.abs(Number(cells[6])));
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.every((d, i) => i === 0 || d <= deltas[i - 1]!)).toBe(true);
    expect(deltas[0]).toBeGreaterThan(deltas.at(-1)!);

    // The Greeks can be shown, each header explains itself on keyboard focus.
    await page.getByRole('checkbox', { name: 'Vega' }).check();
    const vega = page.getByRole('table').getByRole('button', { name: 'Vega' }).first();
    await vega.focus();
    const tipId = await vega.getAttribute('aria-describedby');
    await page.locator(`[id="${tipId}"]`).waitFor({ state: 'visible' });
    expect(await page.locator(`[id="${tipId}"]`).textContent()).toContain('one percentage point');

    // India: the coming-soon banner with NIFTY, and below it the view-only NSE chain in place of the US one; back to the
    // US selects SPY.
    await page.getByRole('button', { name: 'Indian Markets' }).click();
    const banner = page.getByRole('region', { name: 'Indian market options are on their way' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Expected launch: Q1 2026');
    expect(await banner.getByRole('link', { name: /NSE option chain/ }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(new URL(page.url()).searchParams.get('ticker')).toBe('NIFTY');
    await page.getByRole('region', { name: 'NSE option chain (view only)' }).getByRole('table').waitFor();
    expect(await page.getByRole('table').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Ticker / }).count()).toBe(0);
    expect(await page.getByTestId('data-source-badge').textContent()).toBe('Demo Data Only');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'US Markets' }).click();
    await page.getByRole('button', { name: /^Ticker SPY/ }).waitFor();
    await page.getByRole('table').waitFor();
    expect(new URL(page.url()).searchParams.get('ticker')).toBe('SPY');

    // Buying at the ask needs an account: a signed-out visitor is sent to sign in.
    await page
      .getByRole('link', { name: /^Buy SPY .* call at the ask/ })
      .first()
      .click();
    await page.waitForURL(`${stack.url}/login`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows one side at a time on a phone and scrolls a long chain to its last strike', async () => {
    const page = await browser.newPage({ viewport: PHONE, bypassCSP: true });
    const errors = watchErrors(page);
    await openChain(page, '?ticker=SPY');
    await page.getByRole('button', { name: 'Calls', exact: true, pressed: true }).waitFor();
    const headers = () => page.getByRole('table').locator('thead th button').allTextContents();
    expect(await headers()).toEqual(['Strike', 'Bid', 'Ask', 'Last', 'Volume', 'OI', 'IV', 'Delta']);
    await page.getByRole('button', { name: 'Puts', exact: true }).click();
    expect(await page.getByRole('table').locator('thead th[scope="colgroup"]').textContent()).toBe('Puts');
    expect(await page.getByRole('link', { name: /put at the bid/ }).count()).toBeGreaterThan(0);

    // Every strike: open the folded controls and clear the strike range.
    await page.getByText('Filters, sorting and Greeks').click();
    await page.getByLabel('Strike range from').fill('');
    await page.getByLabel('Strike range to').fill('');
    const summary = await page.getByText(/showing \d+ of \d+ strikes/).textContent();
    const [, shown, total] = /showing (\d+) of (\d+)/.exec(summary ?? '') ?? [];
    expect(shown).toBe(total);
    const scroller = page.getByTestId('chain-scroll');
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForFunction(() => {
      const rows = document.querySelectorAll('tbody tr[data-strike]');
      const last = rows[rows.length - 1];
      return last && Number(last.getAttribute('aria-rowindex')) === Number(document.querySelector('table')?.getAttribute('aria-rowcount'));
    });
    const lastRow = page.locator('tbody tr[data-strike]').last();
    expect(await lastRow.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
