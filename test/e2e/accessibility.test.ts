import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { NAV_GROUPS } from '@web/app/shell/nav';
import { PLANNED_PAGES } from '@web/features/placeholders/planned-pages';
import { cognitoClient } from '../support/cognito';
import { learner, marketBuy, monthlyChain, newKey } from '../support/learner';
import { DESKTOP, launchBrowser, PHONE, returningLearner, signInThroughPage, watchErrors, seriousViolations } from './browser';

const stack = inject('e2eStack');
const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Public pages of the route map (spec part 1 §2), aliases included. */
const PUBLIC_PAGES = [
  '/',
  '/login',
  '/signup',
  '/optionschain',
  '/coming-soon',
  '/india/greeks-calculator',
  '/subscription',
  '/success',
  '/privacy',
  '/PrivacyPolicy',
  '/terms',
  '/TermsAndConditions',
  '/DisclaimerDetailed',
];
const planned = new Set(PLANNED_PAGES.map((p) => `/app/${p.path}`));
/** Every page of the sidebar that is built (the planned placeholders are not), and the pages the sidebar does not list. */
const appPages = (trade: string, season: string) => [
  ...NAV_GROUPS.flatMap((g) => g.items.flatMap((i) => [i.to, ...(i.also ?? [])])).filter((p) => !planned.has(p)),
  '/app/construction',
  trade,
  '/app/trading?underlying=SPY&template=iron-condor',
  // The price chart of one underlying (the sidebar's Price Charts opens SPY's).
  '/app/charts/AAPL',
  // A competition season's page: its board and the learner's competition account.
  season,
];

let browser: Browser;
/** A learner (also an operator, to reach the admin pages) with positions, a strategy, a resting order and a long activity list. */
let user: { email: string; password: string };
let tradeTicket: string;
/** A competition season the learner joined (issue 39): its page shows the board and the competition account. */
let seasonPage: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const spy = await monthlyChain(stack, 'SPY');
  const { user: u, call } = await learner(stack, 100_000);
  expect((await call('PUT', '/api/account/settings', { optionsLevel: 3 })).status).toBe(200);
  const calls = [-20, -15, -10, -5, 0, 5, 10, 15, 20, 25, 30].map((d) => spy.nearest('call', spy.price + d));
  for (const c of calls) expect((await call('POST', '/api/orders', marketBuy(c.contract_ticker, 1))).status).toBe(201);
  const spread = {
    clientOrderId: newKey(),
    type: 'market',
    timeInForce: 'day',
    whenClosed: 'last-close',
    strategy: 'Bull Put Spread',
    legs: [] as unknown[],
  };
  spread.legs = [
    { contract: spy.nearest('put', spy.price - 10).contract_ticker, side: 'sell', quantity: 1 },
    { contract: spy.nearest('put', spy.price - 20).contract_ticker, side: 'buy', quantity: 1 },
  ];
  expect((await call('POST', '/api/orders', spread)).status).toBe(201);
  const resting = {
    clientOrderId: newKey(),
    type: 'limit',
    limitPrice: 0.05,
    timeInForce: 'day',
    legs: [{ contract: calls[0]!.contract_ticker, side: 'buy', quantity: 1 }],
  };
  expect((await call('POST', '/api/orders', resting)).status).toBe(201);
  await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: u.email, GroupName: 'admin' }));
  // Joins the first season still open: the current weekly one, or the season its refusal names once joining has closed.
  const { seasons } = (await call('GET', '/api/competitions')).body as { seasons: { id: string; status: string }[] };
  const first = seasons.find((s) => s.status !== 'closed')!;
  const joined = await call('POST', `/api/competitions/seasons/${first.id}/join`);
  const seasonId = joined.status === 409 ? (joined.body as { nextSeasonId: string }).nextSeasonId : first.id;
  if (joined.status === 409) expect((await call('POST', `/api/competitions/seasons/${seasonId}/join`)).status).toBe(201);
  else expect(joined.status).toBe(201);
  seasonPage = `/app/competitions/${seasonId}`;
  user = u;
  tradeTicket = `/app/trade?contract=${calls[5]!.contract_ticker}&side=buy`;
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the page has drawn its data: a heading, no request in flight, no "Loading..." left. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('body').innerText(), { timeout: 20_000 }).not.toMatch(/Loading/);
}

/** Tabs scanning at once: each page spends much of its time waiting (network idle, transitions), so 3 overlap well. */
const TABS = 3;

/** Scans every path, TABS at a time in tabs of one context, and returns the violations and page errors in path order. */
async function scan(context: BrowserContext, paths: readonly string[]): Promise<{ violations: string[]; errors: string[] }> {
  const results: { violations: string[]; errors: string[] }[] = [];
  let next = 0;
  const tab = async () => {
    const page = await context.newPage();
    for (let i = next++; i < paths.length; i = next++) {
      const errors = watchErrors(page);
      await page.goto(`${stack.url}${paths[i]}`);
      await settle(page);
      const violations = (await seriousViolations(page)).map((v) => `${paths[i]}: ${v}`);
      page.removeAllListeners('pageerror');
      results[i] = { violations, errors: errors.map((e) => `${paths[i]}: ${e}`) };
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: Math.min(TABS, paths.length) }, tab));
  return { violations: results.flatMap((r) => r.violations), errors: results.flatMap((r) => r.errors) };
}

async function signedIn(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await returningLearner(browser, viewport);
  const page = await context.newPage();
  await signInThroughPage(page, stack.url, user.email, user.password);
  return { context, page };
}

describe('axe finds nothing serious or critical on any working page', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`signed out, ${name}`, async () => {
      const context = await returningLearner(browser, viewport);
      expect(await scan(context, PUBLIC_PAGES)).toEqual({ violations: [], errors: [] });
      await context.close();
    }, 300_000);

    it(`signed in, ${name}`, async () => {
      const { context, page } = await signedIn(viewport);
      const pages = appPages(tradeTicket, seasonPage);
      expect(pages).toContain('/app/portfolio');
      expect(pages).toContain('/app/competitions');
      expect(pages).toContain('/app/prediction-markets');
      expect(pages).toContain('/app/watchlist');
      expect(pages).toContain('/app/backtest');
      expect(pages).toEqual(expect.arrayContaining(['/app/alerts', '/app/notifications']));
      expect(await scan(context, [...pages, ...PUBLIC_PAGES])).toEqual({ violations: [], errors: [] });
      await page.close();
      await context.close();
    }, 300_000);
  }
});

describe('room on a phone', () => {
  it('puts the page title near the top at 390 × 844: one line of notices, the rest a tap away', async () => {
    const { context, page } = await signedIn(PHONE);
    await page.goto(`${stack.url}/app/portfolio`);
    const title = page.getByRole('heading', { level: 1, name: 'Portfolio' });
    await title.waitFor();
    const line = page.getByTestId('notices-line');
    expect((await line.boundingBox())!.height).toBeLessThanOrEqual(36);
    expect(await line.textContent()).toMatch(/^PAPER trading mode, virtual balance \$[\d,.]+Education onlyNotices$/);
    // Under the top bar (56 px), one line, the page's padding: the title starts within 130 px of the top (it was about 300 px).
    expect((await title.boundingBox())!.y).toBeLessThan(130);
    expect(await page.getByText(/All features are free forever/).isVisible()).toBe(false);

    await line.getByRole('button', { name: 'Notices' }).click();
    for (const text of [
      /All features are free forever/,
      /Learning focus:/,
      /PAPER TRADING MODE/,
      /simulated trading with virtual money, no investment advice/,
    ]) {
      expect(await page.getByText(text).isVisible(), String(text)).toBe(true);
    }
    await line.getByRole('link', { name: 'Education only: read the risk disclaimer' }).click();
    await page.waitForURL(`${stack.url}/DisclaimerDetailed`);
    await context.close();
  });

  it('folds the notices on a desktop too, so the chain table starts within a 1280 × 800 screen', async () => {
    const { context, page } = await signedIn({ width: 1280, height: 800 });
    await page.goto(`${stack.url}/app/portfolio`);
    const title = page.getByRole('heading', { level: 1, name: 'Portfolio' });
    await title.waitFor();
    const line = page.getByTestId('notices-line');
    expect(await line.textContent()).toMatch(/^PAPER trading mode, virtual balance \$[\d,.]+Education onlyNotices$/);
    expect(await page.getByText(/trading mode, virtual balance/).isVisible()).toBe(true);
    expect((await title.boundingBox())!.y).toBeLessThan(130);
    expect(await page.getByText(/All features are free forever/).isVisible()).toBe(false);
    await line.getByRole('button', { name: 'Notices' }).click();
    for (const text of [
      /All features are free forever/,
      /Learning focus:/,
      /PAPER TRADING MODE/,
      /simulated trading with virtual money, no investment advice/,
    ]) {
      expect(await page.getByText(text).isVisible(), String(text)).toBe(true);
    }

    await page.goto(`${stack.url}/app/optionschain?ticker=SPY`);
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    await firstRow.waitFor();
    expect((await firstRow.boundingBox())!.y).toBeLessThan(800);
    await context.close();
  });

  it('the chain says Simulated in its title and heading, and speaks to learners', async () => {
    const context = await returningLearner(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${stack.url}/optionschain`);
    await page.getByRole('heading', { level: 1, name: 'Options Chain (Simulated)' }).waitFor();
    expect(await page.title()).toBe('Options Chain (Simulated) | Options Academy');
    const notice = page.getByRole('region', { name: 'Simulated end-of-day prices' });
    expect(await notice.textContent()).not.toMatch(/POLYGON|secret|API key/i);
    await context.close();
  });
});

describe('the keyboard', () => {
  it('crosses the expiry strip in one Tab, moves along it with the arrows, and skips to the chain table', async () => {
    const context = await returningLearner(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(`${stack.url}/optionschain?ticker=SPY`);
    await page.getByRole('table').waitFor();
    const strip = page.getByRole('listbox', { name: 'Expiries' });
    expect(await strip.getByRole('option').count()).toBeGreaterThan(20);
    const focused = () => page.evaluate(() => ({ role: document.activeElement?.getAttribute('role'), text: document.activeElement?.textContent ?? '' }));

    await page.getByRole('tab', { name: /^All/ }).focus();
    await page.keyboard.press('Tab');
    const first = await focused();
    expect(first.role).toBe('option');
    expect(first.text).toBe(await strip.getByRole('option', { selected: true }).textContent());
    await page.keyboard.press('ArrowRight');
    const next = await focused();
    expect(next.role).toBe('option');
    expect(next.text).not.toBe(first.text);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: `SPY ${/^(\w{3}, \w{3} \d{1,2}, \d{4})/.exec(next.text)![1]}` }).waitFor();
    await page.keyboard.press('Tab');
    expect((await focused()).role).not.toBe('option');

    // The skip link is among the first stops of the page and lands on the table's heading.
    await page.goto(`${stack.url}/optionschain?ticker=SPY`);
    await page.getByRole('table').waitFor();
    let stops = 0;
    while ((await focused()).text !== 'Skip to the chain table' && stops < 10) {
      await page.keyboard.press('Tab');
      stops++;
    }
    expect(stops).toBeLessThan(10);
    await page.keyboard.press('Enter');
    expect((await focused()).text).toMatch(/^SPY \w{3}, /);
    await context.close();
  });

  it('scrolls the activity list from the keyboard, and names every "Open in builder" after its template', async () => {
    const { context, page } = await signedIn(DESKTOP);
    await page.goto(`${stack.url}/app/portfolio`);
    const activity = page.getByRole('list', { name: 'Activity' });
    await activity.getByRole('listitem').first().waitFor();
    expect(await activity.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await activity.focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => activity.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    await page.goto(`${stack.url}/app/templates`);
    const links = page.getByRole('link', { name: /^Open in builder: / });
    await links.first().waitFor();
    const names = await links.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size).toBe(names.length);
    await context.close();
  });

  it('reads the payoff chart by pointer and by arrow keys', async () => {
    const { context, page } = await signedIn(DESKTOP);
    const errors = watchErrors(page);
    await page.goto(`${stack.url}/app/trading?underlying=SPY&template=bull-call-spread`);
    const graph = page.getByRole('slider', { name: 'Price to read the P&L at' });
    await graph.locator('.payoff-curve path').first().waitFor();
    const readout = page.getByTestId('payoff-readout');
    const at = async () => Number(/^At \$([\d,.]+):/.exec((await readout.textContent()) ?? '')![1]!.replace(/,/g, ''));
    const low = Number(await graph.getAttribute('aria-valuemin'));
    const high = Number(await graph.getAttribute('aria-valuemax'));

    await graph.scrollIntoViewIfNeeded();
    const plot = (await graph.locator('.payoff-grid').boundingBox())!;
    const start = await at();
    await page.mouse.move(plot.x + plot.width * 0.1, plot.y + plot.height / 2);
    await expect.poll(at).not.toBe(start);
    const left = await at();
    await page.mouse.move(plot.x + plot.width * 0.9, plot.y + plot.height / 2);
    await expect.poll(at).not.toBe(left);
    const right = await at();
    // The pointer reads the price under it: a tenth of the way in from each end of the axis.
    expect(left).toBeCloseTo(low + 0.1 * (high - low), -1);
    expect(right).toBeCloseTo(low + 0.9 * (high - low), -1);

    await graph.focus();
    await page.keyboard.press('End');
    expect(await at()).toBe(high);
    await page.keyboard.press('Home');
    expect(await at()).toBe(low);
    expect(await readout.textContent()).toMatch(/at expiry/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
