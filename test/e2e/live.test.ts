import { describe, expect, inject, it } from 'vitest';
import { signUpAndSignIn } from '../support/cognito';
import { chromiumForFile, PHONE, returningLearner, seriousViolations, openNotices, signInThroughPage, watchErrors } from './browser';

const stack = inject('e2eStack');
const chrome = chromiumForFile(stack.url);

const apiKey = `AKE2E${Math.random().toString(36).slice(2, 10).toUpperCase()}ABCDEFGH`;
const paperKey = `PKE2E${Math.random().toString(36).slice(2, 10).toUpperCase()}ABCDEFGH`;
const apiSecret = 'e2e-secret-'.padEnd(40, 'x');

// The e2e stack runs with ALPACA_LIVE_STANDIN=1: the local stand-in answers for Alpaca's live environment too.
describe('live trading with Alpaca in Chromium (the local stand-in)', () => {
  it('connects a live account in the four-step wizard, trades it under the live banner and dialog, sees the order in the live portfolio, and shows an Alpaca paper account as paper', async () => {
    const learner = await signUpAndSignIn(stack, { name: 'Live Trader' });
    const context = await returningLearner(chrome.browser);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    await page.goto(`${stack.url}/app/trading`);
    const card = page.getByRole('region', { name: 'Live Trading with Alpaca', exact: true });
    await card.waitFor();
    await card.getByRole('button', { name: 'Brokerage credentials' }).click();
    await card.getByText('Connect your Alpaca account for live trading').waitFor();
    await card.getByRole('button', { name: 'Connect with the setup wizard' }).click();

    // Step 1: the environment (paper by default); choosing live warns, and the product says the stand-in answers for it.
    const wizard = page.getByRole('dialog');
    await wizard.getByText('Step 1 of 4').waitFor();
    expect(await wizard.getByLabel(/Paper trading/).isChecked()).toBe(true);
    await wizard.getByText(/a local stand-in answers for Alpaca’s paper environment/).waitFor();
    await wizard.getByLabel(/Live trading/).check();
    await wizard.getByText('You are setting up LIVE trading with real money').waitFor();
    await wizard.getByText(/a local stand-in answers for Alpaca’s live environment/).waitFor();
    await wizard.getByRole('button', { name: 'Continue' }).click();

    // Step 2: both keys are needed; then Validate & Continue saves, validates and reads the account.
    await wizard.getByText('Step 2 of 4').waitFor();
    await wizard.getByRole('button', { name: 'Validate & Continue' }).click();
    await wizard.getByText('Please enter both API Key and API Secret').waitFor();
    await wizard.getByLabel('API Key').fill(apiKey);
    await wizard.getByLabel('API Secret').fill(apiSecret);
    await wizard.getByRole('button', { name: 'Validate & Continue' }).click();

    // Step 3: the verified account with what its level allows; Back returns to step 2.
    await wizard.getByText('Step 3 of 4').waitFor();
    expect(await wizard.textContent()).toContain('Strategies allowed at options trading level 2');
    expect(await seriousViolations(page)).toEqual([]);
    await wizard.getByRole('button', { name: 'Back' }).click();
    await wizard.getByText('Step 2 of 4').waitFor();
    await wizard.getByLabel('API Secret').fill(apiSecret);
    await wizard.getByRole('button', { name: 'Validate & Continue' }).click();
    await wizard.getByText('Step 3 of 4').waitFor();
    await wizard.getByRole('button', { name: 'Continue' }).click();

    // Step 4: Complete Setup waits for both required disclosures.
    await wizard.getByText('Step 4 of 4').waitFor();
    const complete = wizard.getByRole('button', { name: 'Complete Setup' });
    expect(await complete.isDisabled()).toBe(true);
    await wizard.getByLabel(/Characteristics and Risks of Standardized Options/).check();
    expect(await complete.isDisabled()).toBe(true);
    await wizard.getByLabel(/Pattern Day Trader rules/).check();
    const alert = page.waitForEvent('dialog');
    await complete.click();
    const shown = await alert;
    expect(shown.message()).toBe('Alpaca account connected successfully!');
    await shown.accept();
    await card.getByText(/live · key AK…/i).waitFor();
    await page.screenshot({ path: '/tmp/alpaca-shots/e2e-card.png' });

    // The account selector lists the Alpaca account with LIVE and Connected (the only account, so it is chosen) and the
    // live banner shows.
    await page
      .getByRole('button', { name: /Alpaca Live|Accounts|No account/ })
      .first()
      .click();
    const item = page.getByRole('menuitemradio', { name: /Alpaca Live/ });
    expect(await item.textContent()).toContain('LIVE');
    expect(await item.textContent()).toContain('Connected');
    await item.click();
    await openNotices(page);
    const banner = page.getByRole('status').filter({ hasText: 'LIVE TRADING MODE' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('REAL MONEY! Trade with caution');
    // The risk notice no longer calls the trading simulated.
    const notice = page.getByRole('complementary', { name: 'Risk notice' });
    expect(await notice.textContent()).toContain('orders on this live account are real trades');
    expect(await notice.textContent()).not.toContain('virtual money');

    // An order from the chain through the live ticket and the live confirmation dialog.
    await page.goto(`${stack.url}/app/optionschain?ticker=SPY`);
    const ask = page.getByRole('link', { name: /^Buy SPY .* call at the ask/i }).nth(10);
    await ask.waitFor();
    const label = (await ask.getAttribute('aria-label')) ?? '';
    await ask.click();
    await page.waitForURL(/\/app\/trade\?contract=SPY\d{6}C\d{8}&side=buy$/);
    const contract = new URL(page.url()).searchParams.get('contract')!;
    await page.getByText('On Alpaca Live').waitFor();
    await page.getByRole('button', { name: 'Review order' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Confirm LIVE trade').waitFor();
    expect(await confirm.textContent()).toContain('Alpaca Live (REAL MONEY)');
    const place = confirm.getByRole('button', { name: 'PLACE LIVE TRADE' });
    expect(await place.isDisabled()).toBe(true);
    await confirm.getByLabel('I understand this is a live trade with real money and accept the risk.').check();
    await place.click();
    await page.getByText('Order sent to Alpaca: filled').waitFor();
    expect(label).not.toBe('');

    await page.getByRole('link', { name: 'View portfolio' }).click();
    await page.getByRole('heading', { name: 'Portfolio · Alpaca Live' }).waitFor();
    await page.getByText('local Alpaca stand-in').waitFor();
    const positions = page.getByRole('region', { name: 'Positions' });
    await positions.getByRole('button', { name: `Close ${contract}` }).waitFor();
    expect(await positions.textContent()).toContain('SPY');
    const orders = page.getByRole('region', { name: 'Orders' });
    await orders.getByText('market · filled').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/alpaca-shots/e2e-portfolio.png', fullPage: true });

    // The journal records the live fill as a trade of the Alpaca Live account, apart from paper trades.
    await page.goto(`${stack.url}/app/journal?account=alpaca-live`);
    await page.getByRole('combobox', { name: 'Account' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Account' }).inputValue()).toBe('alpaca-live');
    const journaled = page.getByRole('region', { name: 'Open trades' }).getByTestId('trade-row');
    await journaled.first().waitFor();
    expect(await journaled.first().textContent()).toContain('SPY');

    // An Alpaca paper account (connected here through the API) is virtual money: listed without LIVE, under the PAPER banner.
    const headers = { authorization: `Bearer ${learner.idToken}`, 'content-type': 'application/json' };
    const saved = await fetch(`${stack.url}/api/broker/paper/credentials`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ apiKey: paperKey, apiSecret, optionsTradingLevel: 2 }),
    });
    expect(saved.status).toBe(200);
    expect((await fetch(`${stack.url}/api/broker/paper/credentials/validate`, { method: 'POST', headers })).status).toBe(200);
    await page.reload();
    await page
      .getByRole('button', { name: /Alpaca Live/ })
      .first()
      .click();
    const paperItem = page.getByRole('menuitemradio', { name: /Alpaca Paper/ });
    expect(await paperItem.textContent()).toContain('Connected');
    expect(await paperItem.textContent()).not.toContain('LIVE');
    expect(await page.getByRole('menuitemradio', { name: /Alpaca Live/ }).textContent()).toContain('LIVE');
    await paperItem.click();
    await openNotices(page);
    const paperBanner = page.getByRole('status').filter({ hasText: 'PAPER TRADING MODE' });
    await paperBanner.waitFor();
    expect(await paperBanner.textContent()).toContain('Alpaca (local stand-in)');
    expect(await page.getByRole('status').filter({ hasText: 'LIVE TRADING MODE' }).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'Risk notice' }).textContent()).toContain('simulated trading with virtual money');

    // On a phone the connections page and the live portfolio fit the width.
    await page.setViewportSize(PHONE);
    await page.goto(`${stack.url}/app/broker-connections`);
    await page.getByRole('heading', { name: 'Broker Connections', level: 1 }).waitFor();
    await page.getByText(/live · key AK…/i).waitFor();
    await page.getByText(/paper · key PK…/i).waitFor();
    await page.screenshot({ path: '/tmp/alpaca-shots/e2e-phone-connections.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.goto(`${stack.url}/app/portfolio`);
    await page.getByRole('heading', { name: 'Portfolio · Alpaca Paper' }).waitFor();
    await page.screenshot({ path: '/tmp/alpaca-shots/e2e-phone-portfolio.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
