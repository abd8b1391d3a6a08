import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lateJoinMessage } from '@shared/competitions/competitions.errors';
import { nextSeason, seasonOnOrAfter, type Season } from '@shared/competitions/seasons';
import { newYorkInstant, newYorkParts } from '@shared/market/dates';
import type { BoardView, CompetitionsView, DebriefView } from '@web/api/competitions';
import type { CompetitionAccountView } from '@web/api/competition-account';
import type { DeliveredEvent } from '../../local/aws-endpoints';
import { learner } from '../support/learner';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';
import { stackClock } from '../support/stack-clock';
import { SHORTENED_WAITS } from '../support/stack-env';
import { DESKTOP, fillNowIfMarketClosed, launchBrowser, PHONE, returningLearner, seriousViolations, signInThroughPage, watchErrors } from './browser';

/**
 * Issue 39 end to end, on a stack of its own whose clock the test moves (the suite's shared stack keeps the real
 * clock): on the first trading day of a weekly season a learner joins it, trades a defined-risk spread in the builder
 * with the competition account, sees the board with their row and writes the trade's plan; a second learner, the day
 * after, is refused with the message naming next week's season; the clock then moves past the season's close, the
 * close job runs, and the first learner reads their debrief and finds the season among their past ones.
 */
const webDir = inject('e2eWebDir');
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let own: SpawnedStack;
let browser: Browser;
let clock: ReturnType<typeof stackClock>;

beforeAll(async () => {
  own = await spawnLocalStack({
    dataDir: newDataDir('e2e-competitions'),
    webMode: 'dist',
    env: { WEB_DIST_DIR: webDir, LOG_REQUESTS: '0', ...SHORTENED_WAITS },
  });
  clock = stackClock(own);
  browser = await launchBrowser();
  await waitFor(
    async () => (await fetch(`${own.url}/api/market/status`)).json(),
    (s: { lastSync: string | null }) => s.lastSync !== null,
    120_000,
    'market data',
  );
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await own?.stop();
});

/** The first weekly season whose first trading day's 10:30 New York is still ahead (by 5 minutes at least). */
function comingSeason(): { season: Season; open: Date } {
  let season = seasonOnOrAfter('weekly', newYorkParts(new Date()).date);
  for (;;) {
    const open = newYorkInstant(season.firstDay, 10, 30);
    if (open.getTime() > Date.now() + 5 * 60_000) return { season, open };
    season = nextSeason(season);
  }
}

/** Moves the clock and stores an SPY ingestion at that moment, waiting until its ChainIngested has been delivered. */
async function ingestAt(at: Date) {
  const ingested = async () => (await clock.events()).filter((e: DeliveredEvent) => e.detailType === 'ChainIngested').length;
  const before = await ingested();
  await clock.ingestAt(at, ['SPY']);
  await waitFor(ingested, (n) => n > before, 120_000, 'the ingestion at the moved time');
}

/** Fires one of the competitions' scheduled jobs ('competitionBoard', 'competitionClose') as its cron would. */
async function tick(job: 'competitionBoard' | 'competitionClose') {
  const res = await fetch(`${own.endpoints.aws}/_local/scheduler/tick`, { method: 'POST', body: JSON.stringify({ job }) });
  expect(res.status, job).toBe(200);
  expect(((await res.json()) as { ran: boolean }).ran, job).toBe(true);
}

/** The page does not scroll sideways at phone width: wide tables scroll in their own box. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('competitions in Chromium, on a clock of its own', () => {
  it('joins on the first day, trades a spread in the builder, sees the board, plans, is refused late as a second learner, and reads the debrief after the close', async () => {
    const { season, open } = comingSeason();
    const next = nextSeason(season);
    const accountId = `competition-${season.id}`;
    await ingestAt(open);

    // A learner with a paper account at options level 3 (spreads): the competition account takes the learner's own level.
    const { user, call } = await learner(own, 100_000);
    expect((await call('PUT', '/api/account/settings', { optionsLevel: 3 })).status).toBe(200);

    const desk = await returningLearner(browser, DESKTOP);
    const page = await desk.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, own.url, user.email, user.password);

    // The competitions page: the season, its dates and status, the score stated first, the rules.
    await page.goto(`${own.url}/app/competitions`);
    await page.getByRole('heading', { level: 1, name: 'Competitions' }).waitFor();
    const card = page.getByTestId(`season-${season.id}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Open to join');
    expect(await page.getByTestId('score-formula').first().textContent()).toContain('never by raw return');
    expect(await page.getByRole('heading', { name: 'Why trading more does not help', level: 3 }).isVisible()).toBe(true);
    await card.getByRole('button', { name: /^Join / }).click();
    await card.getByText('You joined').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'competitions-desktop');

    // Trade in the builder: the competition account is chosen, and a bull put spread (defined risk) goes to it.
    await card.getByRole('link', { name: 'Trade in the builder' }).click();
    await page.waitForURL((url) => url.pathname === '/app/trading' && !url.searchParams.has('account'));
    await page.goto(`${own.url}/app/trading?underlying=SPY&template=bull-put-spread`);
    // The chosen account holds across the reload; the notice names it once the account list has arrived.
    await page.getByRole('complementary', { name: 'Educational use only' }).filter({ hasText: 'Trades here go to your competition account' }).waitFor();
    await page.getByTestId('buying-power').waitFor();
    await page.getByTestId('leg-row').nth(1).waitFor();
    await fillNowIfMarketClosed(page);
    await page.getByRole('button', { name: 'Trade All' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Competition');
    await dialog.getByRole('button', { name: 'Place Paper Trade' }).click();
    await page.getByText(/Strategy placed successfully!/).waitFor({ timeout: 20_000 });
    const held = await waitFor(
      async () => (await call('GET', `/api/competitions/seasons/${season.id}/account`)).body as CompetitionAccountView,
      (a) => a.trades.length > 0,
      30_000,
      'the trade in the competition account',
    );
    expect(held.accountId).toBe(accountId);
    expect(held.trades).toHaveLength(1);
    expect(held.trades[0]!.strategy).toBe('Bull Put Spread');
    // The learner's own paper account is untouched.
    expect(((await call('GET', '/api/orders')).body as { orders: unknown[] }).orders).toHaveLength(0);

    // The board job computes the standings; the season's page shows the learner's row and their figures.
    await tick('competitionBoard');
    await waitFor(
      async () => (await call('GET', `/api/competitions/seasons/${season.id}/board`)).body as BoardView,
      (b) => b.you !== null,
      60_000,
      'the standings with the learner',
    );
    await page.goto(`${own.url}/app/competitions/${season.id}`);
    const you = page.getByTestId('your-row');
    await you.waitFor();
    expect(await you.textContent()).toContain('(you)');
    expect(await page.getByTestId('board-as-of').textContent()).toMatch(/^(From each day's closing equity|Includes today's marks so far) · as of /);
    expect(await page.getByTestId('your-figures').textContent()).toContain('of 5 closed trades');

    // The plan: a thesis and a planned exit, until the trade closes.
    expect(await page.getByTestId('plan-count').textContent()).toContain('1 trade of 1 lacks a plan');
    const form = page.getByRole('form', { name: /Write your plan/ });
    await form.getByLabel('Thesis').fill('SPY holds above the short put into expiry; the premium decays.');
    await form.getByLabel('Profit target, % of max profit').fill('50');
    await form.getByLabel('Stop').fill('Close if SPY closes below the short strike');
    await form.getByRole('button', { name: 'Save the plan' }).click();
    await expect.poll(() => page.getByTestId('plan-count').textContent(), { timeout: 15_000 }).toContain('Every trade has a plan (1 trade)');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'competition-season-desktop');

    // The same page at phone width: no sideways scrolling of the page.
    const phone = await returningLearner(browser, PHONE);
    const small = await phone.newPage();
    await signInThroughPage(small, own.url, user.email, user.password);
    await small.goto(`${own.url}/app/competitions/${season.id}`);
    await small.getByTestId('your-row').waitFor();
    expect(await pageWidth(small)).toBeLessThanOrEqual(PHONE.width);
    await shot(small, 'competition-season-phone');

    // The next day, a second learner is refused, with the message naming next week's season, and joins that one.
    await ingestAt(newYorkInstant(season.tradingDays[1]!, 11, 0));
    const late = await learner(own, 100_000);
    const latePhone = await returningLearner(browser, PHONE);
    const latePage = await latePhone.newPage();
    await signInThroughPage(latePage, own.url, late.user.email, late.user.password);
    await latePage.goto(`${own.url}/app/competitions`);
    const lateCard = latePage.getByTestId(`season-${season.id}`);
    await lateCard.getByRole('button', { name: /^Join / }).click();
    const refusal = lateCard.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(lateJoinMessage(season, next));
    expect(await pageWidth(latePage)).toBeLessThanOrEqual(PHONE.width);
    await shot(latePage, 'competitions-late-join-phone');
    await refusal.getByRole('button', { name: /^Join / }).click();
    await latePage.getByTestId(`season-${next.id}`).getByText('You joined').waitFor();
    const lateView = (await late.call('GET', '/api/competitions')).body as CompetitionsView;
    expect(lateView.seasons.find((s) => s.id === season.id)?.joined).toBe(false);
    expect(lateView.seasons.find((s) => s.id === next.id)?.joined).toBe(true);

    // Past the close: the evening's ingestion (the settle job), then the close job freezes the results.
    await ingestAt(new Date(Date.parse(season.closesAt) + 5 * 60_000));
    await tick('competitionClose');
    const debrief = await waitFor(
      async () => (await call('GET', `/api/competitions/seasons/${season.id}/debrief`)).body as DebriefView | { error: string },
      (d) => 'seasonId' in d,
      60_000,
      'the debrief after the close',
    );
    const d = debrief as DebriefView;
    expect(d.trades).toHaveLength(1);
    expect(d.planned).toEqual({ withPlan: 1, trades: 1 });

    await page.goto(`${own.url}/app/competitions/${season.id}`);
    const section = page.getByTestId('debrief');
    await section.waitFor();
    expect(await section.getByRole('heading', { name: 'What drove your score' }).isVisible()).toBe(true);
    expect(await section.textContent()).toContain('1 of 1 trade had a plan');
    // The spread was still open at the close: no closed trade, short of the minimum sample, so not ranked and no award,
    // and the page says why.
    expect(await section.textContent()).toContain('Not ranked: 0 closed trades on 0 trading days; ranking needs 5 closed trades on at least 3 trading days.');
    expect(await section.textContent()).not.toMatch(/not ranked: Not ranked/i);
    expect(await page.getByTestId('award').count()).toBe(0);
    const lesson = section.getByRole('link', { name: d.lesson.title });
    expect(await lesson.getAttribute('href')).toBe(d.lesson.href);
    expect(await page.getByTestId('board-as-of').textContent()).toMatch(/^Final · /);
    expect(await page.getByRole('link', { name: 'Trade in the builder' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'competition-debrief-desktop');

    await small.goto(`${own.url}/app/competitions/${season.id}`);
    await small.getByTestId('debrief').waitFor();
    expect(await pageWidth(small)).toBeLessThanOrEqual(PHONE.width);
    await shot(small, 'competition-debrief-phone');

    // The main page lists the season among the past ones, with its debrief.
    await page.goto(`${own.url}/app/competitions`);
    const past = page.getByRole('region', { name: 'Your past seasons' });
    await past.getByRole('link', { name: new RegExp(`Read the debrief of ${d.label}`) }).waitFor();
    await shot(page, 'competitions-past-desktop');

    expect(errors).toEqual([]);
    await Promise.all([desk.close(), phone.close(), latePhone.close()]);
  }, 600_000);
});
