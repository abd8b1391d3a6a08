import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, signUpAndSignIn } from '../support/cognito';
import { DESKTOP, launchBrowser, PHONE, watchErrors, seriousViolations } from './browser';

const stack = inject('e2eStack');
const LANDING_SEEN = 'options-academy.landing-seen';
const HEADLINE = 'Learn options trading without risking real money';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A browser profile that has already seen the landing page, so deep links open directly. */
async function returningVisitor(viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((key) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, '2026-01-01T00:00:00.000Z');
  }, LANDING_SEEN);
  return context;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${stack.url}/app`);
}

/**
 * axe-core in the page; only serious and critical findings fail a test. The site's CSP forbids
 * inline scripts (addScriptTag is refused), so axe is evaluated through the DevTools protocol.
 */
/** Holds back every request matching `pattern` (as a slow phone would), until the returned function is called. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const path = (page: Page) => new URL(page.url()).pathname;

describe('the first visit', () => {
  it('lands on / from /app/trading, then returns to the trading page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const learner = await signUpAndSignIn(stack, { name: 'Katherine Johnson' });

    // The very first deep link (the sign-in page) goes through the landing page too, and on by itself.
    await page.goto(`${stack.url}/login`);
    await page.getByRole('heading', { name: 'Learn options trading without risking real money' }).waitFor();
    expect(path(page)).toBe('/');
    await page.waitForURL(`${stack.url}/login`);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/app`);

    // A browser that has never seen the landing page opens /app/trading.
    await page.evaluate((key) => localStorage.removeItem(key), LANDING_SEEN);
    await page.goto(`${stack.url}/app/trading`);
    await page.getByRole('heading', { name: 'Learn options trading without risking real money' }).waitFor();
    expect(path(page)).toBe('/');
    expect(await page.getByRole('status').textContent()).toContain('You were on your way to Trading');
    await page.getByRole('button', { name: 'Continue to Trading' }).click();
    await page.waitForURL(`${stack.url}/app/trading`);
    await page.getByRole('heading', { level: 1, name: 'Trading' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), LANDING_SEEN)).not.toBeNull();

    // Seen now: the next deep link opens directly.
    await page.goto(`${stack.url}/coming-soon`);
    await page.getByRole('heading', { name: 'Live options trading for Indian markets' }).waitFor();
    expect(path(page)).toBe('/coming-soon');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the app shell', () => {
  it('remembers the acknowledged risk disclaimer across reloads', async () => {
    const context = await returningVisitor();
    const page = await context.newPage();
    const learner = await signUpAndSignIn(stack, { name: 'Dorothy Vaughan' });
    await signIn(page, learner.email, learner.password);
    // Not on the dashboard, where sign-in lands.
    expect(await page.getByRole('dialog', { name: 'Risk Disclaimer' }).count()).toBe(0);

    await page.goto(`${stack.url}/app/portfolio`);
    const dialog = page.getByRole('dialog', { name: 'Risk Disclaimer' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'I Understand' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Open your paper account' }).waitFor();
    await page.goto(`${stack.url}/app/trading`);
    await page.getByRole('heading', { level: 1, name: 'Trading' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Risk Disclaimer' }).count()).toBe(0);
    await context.close();
  });

  it('opens only Main at first, opens the current page group by itself, and works from the keyboard', async () => {
    const context = await returningVisitor();
    await context.addInitScript(() => localStorage.setItem('options-academy.risk-disclaimer-acknowledged', 'x'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    const learner = await signUpAndSignIn(stack, { name: 'Mary Jackson' });
    await signIn(page, learner.email, learner.password);
    const nav = page.getByRole('navigation', { name: 'App' });
    const group = (name: string) => nav.getByRole('button', { name, exact: true });

    expect(await group('Main').getAttribute('aria-expanded')).toBe('true');
    for (const g of ['Trading', 'Analysis', 'Education', 'Gamification', 'Community', 'Account', 'System']) {
      expect(await group(g).getAttribute('aria-expanded'), g).toBe('false');
    }
    expect(await nav.getByRole('link', { name: 'Screener' }).isVisible()).toBe(false);

    // Keyboard: Tab reaches the group buttons, Enter opens one, its links follow in the tab order.
    await group('Analysis').focus();
    await page.keyboard.press('Enter');
    expect(await group('Analysis').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/app/analytics');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/app/screener`);
    await page.getByRole('heading', { level: 1, name: 'Screener' }).waitFor();
    expect(await page.getByTestId('page-name').textContent()).toBe('Screener');

    // Arriving on a page of a closed group opens it.
    await page.goto(`${stack.url}/app/gamification/achievements`);
    await page.getByRole('heading', { level: 1, name: 'Achievements' }).waitFor();
    expect(await group('Gamification').getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Achievements' }).getAttribute('aria-current')).toBe('page');

    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${stack.url}/app`);
    await page.getByRole('heading', { name: 'Welcome, Mary Jackson' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is a slide-over on a phone', async () => {
    const context = await returningVisitor(PHONE);
    const page = await context.newPage();
    const learner = await signUpAndSignIn(stack, { name: 'Annie Easley' });
    await signIn(page, learner.email, learner.password);
    expect(await page.getByRole('navigation', { name: 'App' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const panel = page.getByRole('dialog', { name: 'Navigation' });
    await panel.getByRole('button', { name: 'Community' }).click();
    await panel.getByRole('link', { name: 'Community' }).click();
    await page.waitForURL(`${stack.url}/app/community`);
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('signs out from the user menu to /login', async () => {
    const context = await returningVisitor();
    const page = await context.newPage();
    const learner = await signUpAndSignIn(stack, { email: `no.name.${Date.now()}@example.com` });
    await signIn(page, learner.email, learner.password);
    const local = learner.email.split('@')[0]!;
    await page.getByRole('button', { name: local }).click();
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain(learner.email);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign Out');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/login`);
    await context.close();
  });
});

describe('the public pages', () => {
  it('draws the landing page and the public chain from the product API under the strict CSP, with no serious accessibility findings', async () => {
    const context = await returningVisitor();
    // What the policy refused, also where the page caught the refusal (a library trying eval once raises no console error).
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Learn options trading without risking real money' }).waitFor();
    await page.getByRole('region', { name: 'Indices' }).getByText('S&P 500 (SPY)').first().waitFor();
    await page.getByRole('region', { name: 'Stocks' }).getByText('NVDA').first().waitFor();
    await page.getByText('Demo data').waitFor();
    await expect.poll(() => page.getByTestId('stat-learners').textContent()).toMatch(/^\d[\d,]*$/);
    expect((await page.getByText('No learner stories yet.').count()) + (await page.locator('#stories blockquote').count())).toBeGreaterThan(0);
    expect(await page.title()).toBe('Options Academy');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${stack.url}/`);
    expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toContain('virtual money');
    // Every sign-up link says the same honest thing (free, never a trial), and nothing on the page offers a trial.
    for (const link of await page.getByRole('link', { name: 'Sign Up Free' }).all()) expect(await link.getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'Sign Up Free' }).count()).toBe(3);
    expect(await page.locator('body').innerText()).not.toMatch(/trial/i);
    expect(await page.getByText('Read the risk disclaimer').count()).toBe(0);

    expect(await seriousViolations(page)).toEqual([]);
    expect(await violations(page)).toEqual([]);

    // The public chain parses its answers with the product's schemas: none of that may ask the policy for eval.
    await page.goto(`${stack.url}/optionschain`);
    await page.getByRole('table').first().waitFor();
    await page.locator('tbody tr[data-strike]').first().waitFor();
    expect(await violations(page)).toEqual([]);
    expect(csp).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('arrives drawn: the headline is in the HTML before any script runs, the app takes the page over in place, and a learner goes on to the app', async () => {
    // `/` and `/optionschain` are served their pages; every other route the empty shell, so none shows another's page.
    const html = await (await fetch(`${stack.url}/`)).text();
    expect(html).toContain(`${HEADLINE}</h1>`);
    const chainHtml = await (await fetch(`${stack.url}/optionschain`)).text();
    expect(chainHtml).toContain('>Options Chain</h1>');
    expect(chainHtml).not.toContain(HEADLINE);
    for (const route of ['/app/optionschain', '/login']) {
      const shell = await (await fetch(`${stack.url}${route}`)).text();
      expect(shell, route).toContain('<div id="root"></div>');
    }

    const context = await returningVisitor(PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|Minified React error/i.test(m.text())) errors.push(m.text());
    });
    // The app's code held back, as on a slow phone: the page shows without it.
    const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
    await page.goto(`${stack.url}/`, { waitUntil: 'commit' });
    const headline = page.getByRole('heading', { level: 1, name: HEADLINE });
    await headline.waitFor();
    await page.waitForFunction(() => [...document.styleSheets].some((s) => s.href?.includes('/assets/')));
    expect(await page.getByTestId('hero-cta').textContent()).toBe('Sign Up Free');
    // A mark on the element itself, not an attribute (React compares those with what it would draw).
    await headline.evaluate((h) => Object.assign(h, { drawnBeforeTheScript: true }));
    const before = await headline.boundingBox();

    release();
    // Taken over: the prices arrive, the very same headline stays where it was, and a link navigates inside the app.
    await page.getByRole('region', { name: 'Indices' }).getByText('S&P 500 (SPY)').first().waitFor();
    expect(await headline.evaluate((h) => 'drawnBeforeTheScript' in h)).toBe(true);
    expect(await headline.boundingBox()).toEqual(before);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId('hero-cta').click();
    await page.waitForURL(`${stack.url}/signup`);
    await page.getByLabel('Full name').waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    // Signed in, the same page offers the app, and takes the learner there.
    const learner = await signUpAndSignIn(stack, { name: 'Evelyn Boyd Granville' });
    await page.unrouteAll();
    await signIn(page, learner.email, learner.password);
    await page.goto(`${stack.url}/`);
    await expect.poll(() => page.getByTestId('hero-cta').textContent()).toBe('Go to App');
    await page.getByTestId('hero-cta').click();
    await page.waitForURL(`${stack.url}/app`);
    await page.getByRole('heading', { name: 'Welcome, Evelyn Boyd Granville' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('arrives drawn on the public chain for a returning visitor, taken over in place; a first visit and a signed-in learner never see it drawn', async () => {
    const context = await returningVisitor(PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat|Minified React error/i.test(m.text())) errors.push(m.text());
    });
    // The app's code and the API held back, as on a slow phone: the page shows without them.
    const release = await holdBack(page, /\/assets\/index-[^/]+\.js$|\/api\//);
    await page.goto(`${stack.url}/optionschain`, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: 'Options Chain' });
    await heading.waitFor();
    expect(await page.getByText('Every strike').isVisible()).toBe(true);
    await heading.evaluate((h) => Object.assign(h, { drawnBeforeTheScript: true }));
    release();
    // Taken over: the chain arrives, the very same heading is now the simulated market's.
    await page.locator('tbody tr[data-strike]').first().waitFor();
    const named = page.getByRole('heading', { level: 1, name: 'Options Chain (Simulated)' });
    expect(await named.evaluate((h) => 'drawnBeforeTheScript' in h)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // A first visit goes to the landing page without the drawn chain ever showing: hidden before its first paint.
    const first = await browser.newContext({ viewport: PHONE });
    const firstPage = await first.newPage();
    const releaseFirst = await holdBack(firstPage, /\/assets\/index-[^/]+\.js$/);
    await firstPage.goto(`${stack.url}/optionschain`, { waitUntil: 'domcontentloaded' });
    expect(await firstPage.getByRole('heading', { level: 1, name: 'Options Chain' }).isVisible()).toBe(false);
    expect(await firstPage.evaluate(() => getComputedStyle(document.getElementById('root')!).visibility)).toBe('hidden');
    releaseFirst();
    await firstPage.waitForURL(`${stack.url}/`);
    await firstPage.getByRole('heading', { level: 1, name: HEADLINE }).waitFor();
    await first.close();

    // A signed-in learner who has seen the landing page is taken to the chain inside the app.
    const learner = await signUpAndSignIn(stack, { name: 'Mary Jackson' });
    const signedIn = await returningVisitor(PHONE);
    const learnerPage = await signedIn.newPage();
    await signIn(learnerPage, learner.email, learner.password);
    await learnerPage.goto(`${stack.url}/optionschain?ticker=QQQ`);
    await learnerPage.waitForURL(`${stack.url}/app/optionschain?ticker=QQQ`);
    await learnerPage.getByRole('heading', { name: /^QQQ \w{3}, / }).waitFor();
    await signedIn.close();
  });

  it('shows the sign-in page with the risk banner and no serious accessibility findings', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await returningVisitor(viewport);
      const page = await context.newPage();
      await page.goto(`${stack.url}/login`);
      await page.getByLabel('Email').waitFor();
      await page.getByRole('link', { name: 'Read the risk disclaimer' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('publishes a learner story only after an operator approves it', async () => {
    const learnerContext = await returningVisitor();
    const page = await learnerContext.newPage();
    const learner = await signUpAndSignIn(stack, { name: 'Christine Darden' });
    await signIn(page, learner.email, learner.password);
    await page.goto(`${stack.url}/app/community`);
    const quote = `Sonic booms aside, the payoff graphs taught me more than any book (${Date.now()}).`;
    await page.getByLabel('Your story').fill(quote);
    await page.getByLabel('Role (optional)').fill('Engineer');
    await page.getByRole('button', { name: 'Share my story' }).click();
    await page.getByText('Tick the box to agree that your story is shown on the public landing page.').waitFor();
    await page.getByLabel('Show this on the public landing page').check();
    await page.getByRole('button', { name: 'Share my story' }).click();
    await page.getByTestId('story-status').getByText('Waiting for review').waitFor();
    await learnerContext.close();

    const operator = await signUpAndSignIn(stack, { name: 'Operator' });
    await cognitoClient(stack).send(new AdminAddUserToGroupCommand({ UserPoolId: stack.pool.userPoolId, Username: operator.email, GroupName: 'admin' }));
    const opContext = await returningVisitor();
    const op = await opContext.newPage();
    await signIn(op, operator.email, operator.password);
    await op.goto(`${stack.url}/app/admin/testimonials`);
    const card = op.getByRole('listitem').filter({ hasText: quote });
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.waitFor({ state: 'detached' });
    await opContext.close();

    const visitorContext = await returningVisitor();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${stack.url}/`);
    await visitor.locator('#stories').getByText(quote, { exact: false }).waitFor();
    expect(await visitor.locator('#stories').textContent()).toContain('Christine');
    await visitorContext.close();
  });

  it('invites a visitor on the coming-soon page to sign up, brings them back, and takes their notify-me in one click', async () => {
    const context = await returningVisitor(PHONE);
    const page = await context.newPage();
    const address = `notify-${Date.now()}@example.com`;
    await page.goto(`${stack.url}/coming-soon`);
    await page.getByRole('link', { name: 'Sign up to be notified' }).click();
    await page.waitForURL(`${stack.url}/signup`);
    await page.getByLabel('Full name').fill('Annie Easley');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).fill('orbit77');
    await page.getByLabel('Confirm password').fill('orbit77');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${stack.url}/login`);
    await page.getByLabel('Password', { exact: true }).fill('orbit77');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL(`${stack.url}/coming-soon`);
    await page.getByText(address).waitFor();
    await page.getByRole('button', { name: 'Notify me' }).click();
    await page.getByRole('status').getByText(`We will email ${address} once`).waitFor();
    await page.getByRole('button', { name: 'Notify me' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("retries a page whose code fails to download, reloads once, then offers 'Update Available'", async () => {
    const context = await returningVisitor();
    const page = await context.newPage();
    let blocked = 0;
    await page.route(/\/assets\/coming-soon-page-[^/]*\.js$/, (route) => {
      blocked++;
      return route.abort('failed');
    });
    await page.goto(`${stack.url}/`);
    await page.getByRole('heading', { name: 'Learn options trading without risking real money' }).waitFor();
    await page.locator('a[href="/coming-soon"]').first().click();
    await page.getByRole('heading', { name: 'Update Available' }).waitFor({ timeout: 60_000 });
    expect(blocked).toBeGreaterThan(0);
    // It got here through the one reload the session flag allows.
    expect(await page.evaluate(() => sessionStorage.getItem('options-academy.chunk-reload'))).toBe('1');
    expect(await page.getByRole('button', { name: 'Clear Cache & Reload' }).isVisible()).toBe(true);

    await page.unroute(/\/assets\/coming-soon-page-[^/]*\.js$/);
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await page.getByRole('heading', { name: 'Live options trading for Indian markets' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('options-academy.chunk-reload'))).toBeNull();
    await context.close();
  });
});
