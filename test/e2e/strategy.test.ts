import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { chromiumForFile, PHONE, returningLearner, signInThroughPage, watchErrors, seriousViolations, fillNowIfMarketClosed } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

/** A learner with a $100,000 paper account at options level 3 (spreads and condors allowed). */
async function levelThreeLearner() {
  const learner = await signUpAndSignIn(stack, { name: 'Strategy Learner' });
  const headers = { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' };
  expect((await fetch(`${stack.url}/api/account`, { method: 'POST', headers, body: JSON.stringify({ startingCapital: 100000 }) })).status).toBe(201);
  expect((await fetch(`${stack.url}/api/account/settings`, { method: 'PUT', headers, body: JSON.stringify({ optionsLevel: 3 }) })).status).toBe(200);
  return learner;
}

const number = (text: string | null) => Number((text ?? '').replace(/[^0-9.−-]/g, '').replace('−', '-'));

describe('the strategy builder in Chromium', () => {
  it('places an Iron Condor on SPY, shows its graph, table and Greeks, trades it and finds it filled in the orders', async () => {
    const learner = await levelThreeLearner();
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    await page.goto(`${stack.url}/app/trading`);
    await page.getByRole('heading', { name: 'Get Started' }).waitFor();
    expect(await page.title()).toBe('Trading | Options Academy');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${stack.url}/app/trading`);
    await page.getByLabel('Underlying').selectOption('SPY');
    await page.waitForURL(`${stack.url}/app/trading?underlying=SPY`);
    expect(await page.getByTestId('underlying-price').textContent()).toMatch(/^\$\d[\d,]*\.\d\d$/);
    expect(await page.getByTestId('buying-power').textContent()).toBe('$100,000.00');

    const readyMade = page.getByRole('region', { name: 'Ready-made' });
    await readyMade.getByRole('tab', { name: 'Neutral' }).click();
    await readyMade.getByRole('button', { name: /^Iron Condor/ }).click();
    await page.waitForURL(/template=iron-condor/);
    await page.getByTestId('leg-row').nth(3).waitFor();
    expect(await page.getByTestId('leg-row').count()).toBe(4);
    expect(await readyMade.count()).toBe(0);
    expect(await page.getByTestId('leg-row').locator('button').first().textContent()).toBe('BUY');

    // The graph: two lines drawn, the current price and the strikes marked.
    const graph = page.getByTestId('payoff-graph');
    await graph.locator('.payoff-curve path').first().waitFor();
    expect(await graph.locator('.payoff-curve').count()).toBe(2);
    expect(await graph.locator('.payoff-ref').count()).toBeGreaterThanOrEqual(5);
    expect(await page.getByTestId('summary-max-profit').textContent()).toMatch(/^\$\d/);
    expect(await page.getByTestId('summary-pop').textContent()).toMatch(/^\d+\.\d%$/);

    await page.getByRole('tab', { name: 'P&L Table' }).click();
    expect(await page.getByTestId('pnl-table').locator('tbody tr').count()).toBe(10);

    await page.getByRole('tab', { name: 'Greeks' }).click();
    expect(number(await page.getByTestId('greek-theta').textContent())).not.toBe(0);
    expect(number(await page.getByTestId('greek-vega').textContent())).not.toBe(0);
    expect(number(await page.getByTestId('greek-gamma').textContent())).not.toBe(0);

    expect(await seriousViolations(page)).toEqual([]);

    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Trade All' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm paper trade' });
    expect(await dialog.textContent()).toContain('1 × SPY Iron Condor');
    await dialog.getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByText('Strategy placed successfully! 4 legs × 1 contract').waitFor();
    await page.getByText('No strategy selected - Select a ready-made strategy or build your own').waitFor();
    expect(await page.getByTestId('leg-row').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('template')).toBeNull();

    await page.getByRole('link', { name: 'View orders' }).click();
    await page.waitForURL(`${stack.url}/app/orders`);
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(1);
    expect(await row.textContent()).toContain('Iron Condor');
    expect(await row.textContent()).toContain('filled');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('places a Bull Call Spread as a limit at the mid from the builder and finds it in the orders', async () => {
    const learner = await levelThreeLearner();
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);
    await page.goto(`${stack.url}/app/trading?underlying=SPY&template=bull-call-spread`);
    await page.getByTestId('leg-row').nth(1).waitFor();
    await page.getByTestId('price-breakdown').waitFor();

    await page.getByLabel('Limit at a net price').check();
    const field = page.getByLabel('Net price per unit ($)');
    const mid = (await page.getByTestId('price-breakdown').textContent())!.match(/At the mid\$([\d,]+\.\d\d) net debit/)![1]!;
    expect(await field.inputValue()).toBe(mid);
    expect(await page.getByTestId('limit-words').textContent()).toBe(`Limit: pay at most $${mid} net per unit`);
    expect(await seriousViolations(page)).toEqual([]);
    const total = (await page.getByTestId('price-breakdown').textContent())!.match(/Total the account pays at most, at your limit(\$[\d,]+\.\d\d)/)![1]!;

    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Trade All' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm paper trade' });
    expect(await dialog.textContent()).toContain(`Limit $${mid} net debit (day)`);
    expect(await dialog.textContent()).toContain(`Total cost${total}`);
    await dialog.getByRole('button', { name: 'Place Paper Trade' }).click();
    // At the mid it may rest (a market order pays the ask and takes the bid) or fill, as the quotes allow; while the
    // market is closed a limit the last close does not fill waits for the next session.
    await page
      .getByText(
        /^(Your limit order is open: it fills when the market reaches your price, or expires at the close\.|Strategy placed successfully! 2 legs × 1 contract|The market is closed\.)/,
      )
      .waitFor();

    await page.getByRole('link', { name: 'View orders' }).click();
    await page.waitForURL(`${stack.url}/app/orders`);
    const row = page.getByTestId('order-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Bull Call Spread');
    expect(await row.textContent()).toContain(`Limit $${mid} debit`);
    expect(await row.textContent()).toMatch(/open|filled/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the columns stack and nothing scrolls sideways', async () => {
    const learner = await levelThreeLearner();
    const context = await returningLearner(chrome.browser, PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);
    await page.goto(`${stack.url}/app/trading?underlying=QQQ&template=bull-call-spread`);
    await page.getByTestId('leg-row').nth(1).waitFor();
    await page.getByTestId('payoff-graph').locator('.payoff-curve path').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // On a phone the analysis follows the legs, before the drafts.
    const top = async (name: string) => (await page.getByRole('region', { name }).boundingBox())!.y;
    expect(await top('Analysis')).toBeGreaterThan(await top('Bull Call Spread on QQQ'));
    expect(await top('Drafts')).toBeGreaterThan(await top('Analysis'));
    await page.getByRole('button', { name: 'Trade All' }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Trade All' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
