import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { chromiumForFile, PHONE, returningLearner, signInThroughPage, watchErrors, fillNowIfMarketClosed, openNotices } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9.−-]/g, '').replace('−', '-'));

describe('paper trading in Chromium', () => {
  it('opens an account, buys a call from the chain, sees it in the portfolio, closes it and sees the realized P&L', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Paper Trader' });
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    await page.goto(`${stack.url}/app/portfolio`);
    await page.getByRole('heading', { name: 'Open your paper account' }).waitFor();
    await page.getByLabel('$25,000').check();
    await page.locator('main').getByRole('button', { name: 'Open paper account' }).click();
    await page.getByTestId('summary-cash').waitFor();
    expect(await page.getByTestId('summary-cash').textContent()).toBe('$25,000.00');
    await openNotices(page);
    expect(await page.getByRole('status').filter({ hasText: 'PAPER TRADING MODE' }).textContent()).toContain('Practice safely - No real money at risk');

    await page.goto(`${stack.url}/app/optionschain?ticker=SPY`);
    const ask = page.getByRole('link', { name: /^Buy SPY .* call at the ask/i }).nth(10);
    await ask.waitFor();
    await ask.click();
    await page.waitForURL(/\/app\/trade\?contract=SPY\d{6}C\d{8}&side=buy$/);
    await page.getByText('Trading level 2 approved for this strategy').waitFor();
    await page.getByLabel('Contracts').fill('2');
    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Review order' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Paper Trading (Virtual)');
    await dialog.getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByRole('heading', { name: 'Order filled' }).waitFor();
    expect(await page.getByTestId('order-result').textContent()).toMatch(
      /^(Filled at \w+'s close \(practice shortcut — the market was closed\): )?Bought 2 SPY .* Call at \$\d+\.\d\d/,
    );

    await page.getByRole('link', { name: 'View portfolio' }).click();
    await page.getByTestId('position-row').waitFor();
    expect(await page.getByTestId('position-row').textContent()).toContain('+2');
    expect(money(await page.getByTestId('greek-delta').textContent())).toBeGreaterThan(0);

    await page.getByTestId('position-row').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor();
    await fillNowIfMarketClosed(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByText('No open positions.').waitFor();
    // Bought at the ask, sold at the bid: a small realized loss; the commissions (2 contracts × $0.65, each way) are fees apart.
    const realized = money(await page.getByTestId('summary-realized-p-l').textContent());
    expect(realized).toBeLessThan(0);
    expect(await page.getByTestId('summary-fees').textContent()).toBe('$2.60');
    expect(await page.getByRole('heading', { name: 'Activity' }).isVisible()).toBe(true);

    await page.goto(`${stack.url}/app/orders`);
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(2);
    await page.getByRole('tab', { name: 'Open' }).click();
    await page.getByText('No open orders yet.').waitFor();
    await page.getByRole('tab', { name: 'Filled' }).click();
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.getByTestId('order-row').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('blocks an order the compliance rules refuse, with the spec message, on a phone', async () => {
    const learner = await signUpAndSignIn(stack);
    const headers = { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' };
    await fetch(`${stack.url}/api/account`, { method: 'POST', headers, body: JSON.stringify({ startingCapital: 10000 }) });
    await fetch(`${stack.url}/api/account/settings`, { method: 'PUT', headers, body: JSON.stringify({ optionsLevel: 1 }) });
    const { expiries } = await (await fetch(`${stack.url}/api/market/SPY/expiries?type=Monthly`)).json();
    const chain = await (await fetch(`${stack.url}/api/market/SPY/chain?expiry=${expiries[0].expiration_date}`)).json();
    const contract = chain.contracts.find((c: { contract_type: string; ask: number }) => c.contract_type === 'call' && c.ask > 1).contract_ticker;

    const context = await returningLearner(chrome.browser, PHONE);
    const page = await context.newPage();
    await signInThroughPage(page, stack.url, learner.email, learner.password);
    await page.goto(`${stack.url}/app/trade?contract=${contract}&side=buy`);
    await page.getByText('Trading level 2 required. Current level: 1').waitFor();
    expect(await page.getByRole('button', { name: 'Review order' }).isDisabled()).toBe(true);
    await context.close();
  });
});
