import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { DESKTOP, chromiumForFile, PHONE, returningLearner, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

describe('the market-analysis pages in Chromium', () => {
  it('shows sentiment, the heatmap, events and the regime with data and dates at desktop and phone width, and a finding opens the builder', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Analysis Learner' });
    const status = await (await fetch(`${stack.url}/api/market/status`)).json();
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await returningLearner(chrome.browser, viewport);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInThroughPage(page, stack.url, learner.email, learner.password);
      const tag = viewport === DESKTOP ? 'desktop' : 'phone';

      // Sentiment: the ratios with their tooltip (formula, inputs, date), the per-expiry table.
      await page.goto(`${stack.url}/app/sentiment?underlying=SPY`);
      await page.getByTestId('figure-pc-volume').waitFor();
      expect(await page.getByTestId('eod-banner').textContent()).toMatch(/Simulated end-of-day data, as of/);
      expect(await page.getByTestId('figure-pc-volume').locator('dd').first().textContent()).toMatch(/^\d+\.\d\d$/);
      await page.getByRole('button', { name: 'How Put/call volume is computed' }).click();
      const tip = await page.getByTestId('figure-pc-volume').getByRole('tooltip').textContent();
      expect(tip).toContain('put volume / call volume');
      expect(tip).toMatch(/put volume [\d,]+/);
      expect(tip).toContain('End-of-day data as of');
      expect(await page.getByTestId('expiry-table').locator('tbody tr').count()).toBeGreaterThan(5);
      await page.screenshot({ path: `/tmp/analysis-sentiment-${tag}.png`, fullPage: true });

      // The heatmap: every tracked underlying; a cell opens its detail.
      await page.goto(`${stack.url}/app/sentiment-heatmap`);
      await page.getByTestId('cell-AAPL-pcVolume').waitFor();
      expect(await page.getByTestId('heatmap').locator('tbody th[title]').count()).toBe(8);
      // The table scrolls inside its card; the page itself never scrolls sideways (the cells' screen-reader text included).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.getByTestId('cell-TSLA-ivRank').click();
      await page.waitForURL(/\/app\/sentiment\?underlying=TSLA/);
      await page.getByTestId('figure-pc-volume').waitFor();

      // Events: the implied move from the term structure beside past moves, and the straddle what-if.
      await page.goto(`${stack.url}/app/events?underlying=AAPL`);
      await page.getByTestId('figure-event-move').waitFor();
      expect(await page.getByTestId('figure-event-move').locator('dd').first().textContent()).toMatch(/^±\d+\.\d%$/);
      expect(await page.getByTestId('past-averages').textContent()).toMatch(/last 4 \d+\.\d% · last 12 \d+\.\d%/);
      expect(await page.getByTestId('straddle-what-if').locator('tbody tr').count()).toBe(7);
      // An index fund reports no earnings: the page says why there is no event move.
      await page.getByTestId('underlying-picker').selectOption('SPY');
      expect(await page.getByTestId('event-refusal').textContent()).toMatch(/no earnings report on the calendar/);

      // Regime: the label, its three components and the strip of past labels.
      await page.goto(`${stack.url}/app/regime?underlying=QQQ`);
      await page.getByTestId('regime-label').waitFor();
      expect(await page.getByTestId('regime-label').textContent()).toMatch(
        /^(Uptrend|Downtrend|Range), (calm|normal volatility|stressed), IV (rich|fair|cheap)/,
      );
      expect(await page.getByTestId('regime-strip').locator('li').count()).toBeGreaterThan(20);
      // Why: each classification's inputs, worked on the session's numbers, and how long the label has held.
      expect(await page.getByTestId('regime-check-trend').textContent()).toMatch(/^\$[\d,.]+ [<>=] \$[\d,.]+ [<>=] \$[\d,.]+: (Up|Down|Range)$/);
      expect(await page.getByTestId('regime-check-premium').textContent()).toMatch(/points: (Rich|Fair|Cheap)$/);
      expect(await page.getByTestId('regime-held').textContent()).toMatch(/^Held \d+ sessions? in a row, since /);
      expect(await page.getByTestId('eod-banner').textContent()).toContain(new Date(`${status.session}T12:00:00Z`).getUTCFullYear().toString());
      await page.screenshot({ path: `/tmp/analysis-regime-${tag}.png`, fullPage: true });

      if (viewport === DESKTOP) {
        // One finding opens the builder with the template's legs.
        const link = page.getByTestId('template-links').getByRole('link').first();
        const href = await link.getAttribute('href');
        expect(href).toMatch(/^\/app\/trading\?underlying=QQQ&template=[a-z-]+$/);
        await link.click();
        await page.waitForURL(/\/app\/trading\?underlying=QQQ&template=/);
        await page.getByTestId('leg-row').first().waitFor();
        expect(await page.getByTestId('leg-row').count()).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
