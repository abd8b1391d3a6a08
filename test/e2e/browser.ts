import { chromium, type Browser, type Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { waitFor } from '../support/local-stack';
import { isMarketOpen } from '@shared/paper/market-hours';
import { afterAll, beforeAll } from 'vitest';
import { chromiumPath } from './ensure-chromium';

/** Debian's Chromium, with the flags this sandboxed, offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Chromium for a test file, opened once the stack's start-up ingestion has filled the market the journeys trade on. */
export async function launchBrowserWhenMarketReady(stackUrl: string): Promise<Browser> {
  const browser = await launchBrowser();
  await waitFor(
    async () => (await fetch(`${stackUrl}/api/market/status`)).json(),
    (s: { lastSync: string | null }) => s.lastSync !== null,
    // The first run also backfills each underlying's year of daily summaries (issue 22): on a loaded machine it takes over a minute.
    120_000,
    'market data',
  );
  return browser;
}

/**
 * One Chromium for a test file: launched before its tests once the market is ready, closed after them. Call it at the top
 * of the file and read `.browser` inside the tests.
 */
export function chromiumForFile(stackUrl: string): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowserWhenMarketReady(stackUrl);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('Chromium is not launched yet: read .browser inside a test');
      return browser;
    },
  };
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** Collects uncaught page errors, so a test can assert the page never threw. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A returning learner's browser: the landing page already seen and the risk disclaimer acknowledged. */
export async function returningLearner(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(() => {
    if (!localStorage.getItem('options-academy.landing-seen')) localStorage.setItem('options-academy.landing-seen', '2026-01-01T00:00:00.000Z');
    if (!localStorage.getItem('options-academy.risk-disclaimer-acknowledged'))
      localStorage.setItem('options-academy.risk-disclaimer-acknowledged', '2026-01-01T00:00:00.000Z');
  });
  return context;
}

/** Signs in through the sign-in page and waits for the app. */
export async function signInThroughPage(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/app`);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe-core findings on the page, evaluated through the DevTools protocol (the page's CSP forbids injected scripts). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // axe reads colours as drawn: let colour transitions (a hover fading out, disabled to enabled) end first; the
  // spinners' endless animations are not transitions, so they are not waited for.
  await page.evaluate(() =>
    Promise.allSettled(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished),
    ),
  );
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () =>
    (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run(),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/**
 * While NYSE is closed (the stack runs on the real clock: a weekend, an evening) the ticket and the builder queue an
 * order for the next session; a test that needs its fill now takes the practice shortcut, as a learner would choose it.
 */
export async function fillNowIfMarketClosed(page: Page): Promise<void> {
  // Decided by the same rule the page uses, not by what happens to be drawn yet: while the market is closed the
  // choice appears once the ticket or the builder has loaded, and the test waits for it.
  if (isMarketOpen(new Date())) return;
  const shortcut = page.getByRole('radio', { name: 'Fill now at the last close (practice shortcut)' });
  await shortcut.first().waitFor();
  await shortcut.first().check();
}

/** Unfolds the notices under the top bar (the mode banner, free-forever, learning focus, the risk notice) if folded. */
export async function openNotices(page: Page): Promise<void> {
  const toggle = page.getByTestId('notices-line').getByRole('button', { name: 'Notices' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}
