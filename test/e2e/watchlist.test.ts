import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { Browser, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPrice, formatUsd } from '@shared/format/money';
import { formatNumber } from '@shared/format/number';
import type { WatchlistView } from '@web/api/watchlist';
import { signUpAndSignIn } from '../support/cognito';
import { waitFor } from '../support/local-stack';
import { DESKTOP, launchBrowserWhenMarketReady, PHONE, returningLearner, seriousViolations, signInThroughPage, watchErrors } from './browser';

/**
 * Issue 37 end to end, one learner's journey at each width: star a contract and its underlying from the chain, find
 * them on the watchlist with their end-of-day figures, open the chain from the contract's row, set an alert on the
 * underlying whose level the next ingestion's close crosses, run that ingestion, see the bell's count and the
 * notification, then read the underlying's chart with the expected-move cone.
 */
const stack = inject('e2eStack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const bus = new EventBridgeClient({ endpoint: stack.endpoints.aws, region: 'us-east-1', credentials });
let browser: Browser;
/** Where the screenshots go when SHOTS_DIR is set (a developer looking at the pages); otherwise none are taken. */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

beforeAll(async () => {
  browser = await launchBrowserWhenMarketReady(stack.url);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Presses a watchlist star and waits until the list, read again, shows it watched. */
async function star(page: Page, button: ReturnType<Page['getByRole']>) {
  expect(await button.getAttribute('aria-pressed')).toBe('false');
  await button.click();
  await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
}

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

describe.each(VIEWPORTS)('the watchlist, an alert and the chart on %s', (name, viewport) => {
  it('stars from the chain, reads the watchlist, opens the chain, is alerted after an ingestion and reads the chart with the cone', async () => {
    const learner = await signUpAndSignIn(stack, { name: `Watching ${name}` });
    const context = await returningLearner(browser, viewport);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, stack.url, learner.email, learner.password);

    // The chain: the underlying's star in its banner, and the at-the-money call's star beside its strike (a phone shows
    // the calls first).
    await page.goto(`${stack.url}/app/optionschain?ticker=SPY`);
    const table = page.getByRole('table');
    await table.waitFor();
    await star(page, page.getByRole('button', { name: 'Watch SPY', exact: true }));
    const callStar = table.locator('tr[data-atm]').getByRole('button', { name: /^Watch SPY .* Call$/ });
    const contractName = (await callStar.getAttribute('aria-label'))!.replace(/^Watch /, '');
    await star(page, callStar);
    await shot(page, `watch-chain-${name}`);
    expect(await seriousViolations(page)).toEqual([]);

    // The watchlist: both rows, with the figures the API reads for them.
    const view = await api<WatchlistView>(learner.idToken, '/api/watchlist');
    expect(view.items.map((r) => r.kind)).toEqual(['underlying', 'contract']);
    const [spy, call] = view.items as [
      Extract<WatchlistView['items'][number], { kind: 'underlying' }>,
      Extract<WatchlistView['items'][number], { kind: 'contract' }>,
    ];
    expect(spy.figures).not.toBeNull();
    expect(call.figures).not.toBeNull();
    await page.goto(`${stack.url}/app/watchlist`);
    const spyRow = page.getByTestId('watch-row-SPY');
    await spyRow.waitFor();
    expect(await spyRow.textContent()).toContain(formatPrice(spy.figures!.close));
    const callRow = page.getByTestId(`watch-row-${call.id}`);
    expect(await callRow.textContent()).toContain(formatNumber(call.figures!.mark!, { digits: 2 }));
    expect(await callRow.textContent()).toContain(formatNumber(call.figures!.delta!, { digits: 2 }));
    expect(await page.getByTestId('watchlist-slots').textContent()).toMatch(/^2 of \d+ slots used at level \d+/);
    await shot(page, `watchlist-${name}`);

    // One click opens the chain at the contract's expiry, its star still pressed.
    await callRow.getByTestId('watch-open-chain').click();
    await page.waitForURL((u) => u.pathname === '/app/optionschain' && u.searchParams.get('expiry') === call.expiration);
    await page.getByRole('table').waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Watch ${contractName}`, exact: true }).getAttribute('aria-pressed')).toBe('true');

    // An alert on SPY at its last close, on the side away from the close before: the next ingestion of the session
    // stores that close again, so it crosses the level (a close exactly at the level has crossed it).
    const change = spy.figures!.change;
    expect(change, 'two sessions of SPY stored, with different closes').not.toBeNull();
    expect(change).not.toBe(0);
    const direction = change! > 0 ? 'above' : 'below';
    const level = spy.figures!.close;
    await page.goto(`${stack.url}/app/alerts`);
    await page.getByLabel('What to watch').selectOption('price-cross');
    await page.getByLabel('Underlying (e.g. SPY)').fill('SPY');
    await page.getByLabel('Direction').selectOption(direction);
    await page.getByLabel('Level in dollars').fill(String(level));
    await page.getByRole('button', { name: 'Set alert' }).click();
    await page.getByTestId('alerts').getByText('SPY').first().waitFor();
    expect(await page.getByRole('link', { name: 'Notifications, none unread' }).count()).toBe(1);

    // The operator's ingestion; its ChainIngested runs the alerts.
    const put = await bus.send(
      new PutEventsCommand({
        Entries: [
          {
            EventBusName: 'options-academy-local',
            Source: 'options-academy',
            DetailType: 'IngestRequested',
            Detail: JSON.stringify({ eventId: ulid(), requestedBy: 'e2e-test', reason: 'admin', underlyings: ['SPY'], at: new Date().toISOString() }),
          },
        ],
      }),
    );
    expect(put.FailedEntryCount).toBe(0);
    await waitFor(
      () => api<{ unread: number }>(learner.idToken, '/api/notifications/unread-count'),
      (c) => c.unread > 0,
      180_000,
      'the ingestion and its alerts',
    );

    // The bell counts it; the notifications page says what happened.
    await page.reload();
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    await page.waitForURL(`${stack.url}/app/notifications`);
    await page
      .getByTestId('notifications')
      .getByText(`SPY closed ${direction} ${formatUsd(level)}`)
      .waitFor();

    // The underlying's chart on its own page, the expected-move cone turned off and on again.
    await page.goto(`${stack.url}/app/charts/SPY`);
    await page.getByRole('heading', { name: /SPY price chart/ }).waitFor();
    await page.locator('[data-testid="chart-canvas"] canvas').first().waitFor();
    const summary = page.getByTestId('chart-summary');
    const cone = page.getByRole('checkbox', { name: /Expected move/ });
    await cone.uncheck();
    expect(await cone.isChecked()).toBe(false);
    await cone.check();
    expect(await cone.isChecked()).toBe(true);
    expect(await summary.textContent()).toMatch(/Expected move to .* IV: \$[\d,.]+ to \$[\d,.]+ \(±1σ\)/);
    // The chart page's underlying carries its star too, pressed.
    expect(await page.getByRole('button', { name: 'Watch SPY', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Failed to load TradingView widget').count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  }, 360_000);
});
