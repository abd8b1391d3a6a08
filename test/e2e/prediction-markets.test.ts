import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { Browser, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newYorkInstant } from '@shared/market/dates';
import { formatExpiry } from '@shared/format/time';
import type { DemoAccount } from '@web/api/prediction-account';
import type { MarketDetail, MarketsList } from '@web/api/prediction-markets';
import { formatCents, formatCentsPnl, formatChance, formatPoints } from '@web/features/prediction-markets/lib/format';
import { signUpAndSignIn } from '../support/cognito';
import { newDataDir, spawnLocalStack, waitFor, type SpawnedStack } from '../support/local-stack';
import { SHORTENED_WAITS } from '../support/stack-env';
import { launchBrowser, PHONE, returningLearner, seriousViolations, signInThroughPage, watchErrors } from './browser';

/**
 * The demo prediction markets in Chromium, one learner's whole journey: open the page, read the teaching panel, buy
 * YES, see the position (at desktop and at phone width), then see it settle. Settling needs the expiry's close, so the
 * test runs on a stack of its own whose clock it moves to the evening of the expiry (as the journal's expiry test
 * does), serving the SPA the suite built; the suite's shared stack keeps the real clock.
 */
const webDir = inject('e2eWebDir');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

let own: SpawnedStack;
let browser: Browser;

beforeAll(async () => {
  own = await spawnLocalStack({
    dataDir: newDataDir('e2e-predictions'),
    webMode: 'dist',
    env: { WEB_DIST_DIR: webDir, LOG_REQUESTS: '0', ...SHORTENED_WAITS },
  });
  browser = await launchBrowser();
  // The start-up ingestion's ChainIngested makes the markets.
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

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${own.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const teachingFigure = (page: Page, method: string) => page.getByTestId('teaching-panel').getByTestId(`fair-value-${method}`);

describe('the demo prediction markets in Chromium', () => {
  it('reads the teaching panel, buys YES, sees the position on a desktop and a phone, and sees it settle from the close', async () => {
    const learner = await signUpAndSignIn(own, { name: 'Predicting Pat' });
    const token = learner.idToken;

    // The SPY markets of the nearest expiry still trading (at least ten minutes before its close).
    const list = await waitFor(
      () => api<MarketsList>(token, '/api/predictions/markets'),
      (l) => l.groups.some((g) => g.underlying === 'SPY'),
      60_000,
      'the markets made after the start-up ingestion',
    );
    const group = list.groups.find((g) => g.underlying === 'SPY' && new Date(g.closesAt).getTime() > Date.now() + 10 * 60_000)!;
    expect(group, 'an SPY expiry still trading').toBeTruthy();
    // The strike nearest the money: its price is far from 0 and 100, so the panel's figures are worth reading.
    const market = [...group.above].sort((a, b) => Math.abs(a.yesPrice - 50) - Math.abs(b.yesPrice - 50))[0]!;
    const detail = await api<MarketDetail>(token, `/api/predictions/markets/${encodeURIComponent(market.id)}`);
    expect(detail.fairValues).not.toBeNull();

    // Desktop: the page says DEMO and shows $1,000 of play money.
    const desk = await returningLearner(browser);
    const page = await desk.newPage();
    const errors = watchErrors(page);
    await signInThroughPage(page, own.url, learner.email, learner.password);
    await page.goto(`${own.url}/app/prediction-markets`);
    await page.getByRole('heading', { level: 1, name: 'Prediction Markets DEMO' }).waitFor();
    expect(await page.getByTestId('demo-label').textContent()).toContain('Play money, never mixed with your paper account.');
    expect(await page.getByTestId('demo-balance').textContent()).toBe('$1,000.00');
    await page.getByTestId('calibration-empty').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Open the market from the list: SPY's tab (shown first), its expiry, its strike.
    expect(await page.getByRole('tab', { name: 'SPY', exact: true }).getAttribute('aria-selected')).toBe('true');
    const expiry = page.getByRole('region', { name: `SPY close on ${formatExpiry(group.expiration)}`, exact: true });
    await expiry.getByRole('link', { name: market.label, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${market.question} DEMO` }).waitFor();

    // The teaching panel: the three fair values from the chain, beside the market price in percentage points.
    const panel = page.getByTestId('teaching-panel');
    await panel.waitFor();
    const fair = detail.fairValues!;
    for (const [method, figure] of [
      ['atm-iv', fair.atmIv],
      ['strike-iv', fair.strikeIv],
      ['call-spread', fair.callSpread],
    ] as const) {
      expect(await teachingFigure(page, method).getByTestId('fair-value').textContent()).toBe(formatChance(figure.value * 100));
      expect(await teachingFigure(page, method).getByTestId('difference').textContent()).toContain(
        `market ${formatPoints(detail.market.yesPrice - figure.value * 100)}`,
      );
      expect(await teachingFigure(page, method).textContent()).toContain(figure.formula);
    }
    expect(await teachingFigure(page, 'call-spread').textContent()).toContain('American-style');
    for (const lesson of [
      'Delta is not the probability of finishing in the money',
      'Touching a level is about twice as likely as finishing beyond it',
      'Risk-neutral is not real-world probability',
      'The favourite-longshot bias',
    ])
      expect(await panel.getByText(lesson).isVisible()).toBe(true);

    // Buy 3 YES at the ask: the payoff box and the fee show first.
    const ticket = page.getByTestId('order-ticket');
    await ticket.getByLabel('Contracts').fill('3');
    expect(await ticket.getByTestId('payoff-box').textContent()).toContain('→ receive $3.00 if YES');
    expect(await ticket.getByTestId('fee-preview').textContent()).toContain("Kalshi's published taker fee");
    expect(await seriousViolations(page)).toEqual([]);
    await ticket.getByRole('button', { name: 'Buy 3 YES' }).click();
    const placed = await ticket.getByTestId('order-placed').textContent();
    expect(placed).toMatch(/^Bought 3 YES contracts at .+¢ on average; fee \$0\.\d\d\.$/);

    // The position, on the markets page.
    await page.getByRole('link', { name: '← All prediction markets' }).click();
    const position = page.getByTestId('prediction-position').filter({ hasText: market.question });
    await position.waitFor();
    expect(await position.getByRole('cell').nth(1).textContent()).toBe('YES');
    expect(await position.getByRole('cell').nth(2).textContent()).toBe('3');
    const bought = await api<DemoAccount>(token, '/api/predictions/account');
    const held = bought.positions.find((p) => p.marketId === market.id && p.side === 'yes')!;
    expect(held.count).toBe(3);
    expect(bought.balance).toBe(100_000 - held.cost);
    expect(await page.getByTestId('demo-balance').textContent()).toBe(formatCents(bought.balance));
    expect(errors).toEqual([]);

    // A phone: the same position, the market page's ticket and teaching panel within the width.
    const phone = await returningLearner(browser, PHONE);
    const small = await phone.newPage();
    const phoneErrors = watchErrors(small);
    await signInThroughPage(small, own.url, learner.email, learner.password);
    await small.goto(`${own.url}/app/prediction-markets`);
    await small.getByTestId('prediction-position').filter({ hasText: market.question }).waitFor();
    expect(await small.getByTestId('demo-balance').isVisible()).toBe(true);
    expect(await seriousViolations(small)).toEqual([]);
    await small.goto(`${own.url}/app/prediction-markets/${encodeURIComponent(market.id)}`);
    await small.getByTestId('order-ticket').waitFor();
    const width = await small.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await small.getByTestId('teaching-panel').scrollIntoViewIfNeeded();
    expect(await small.getByTestId('teaching-panel').isVisible()).toBe(true);
    expect(await seriousViolations(small)).toEqual([]);

    // Settle: the clock moves to 18:30 New York on the expiry day, and an ingestion stores that day's close; its
    // ChainIngested runs the settle step, which resolves the market and pays the holders once.
    const offsetMs = Math.max(0, newYorkInstant(group.expiration, 18, 30).getTime() - Date.now());
    expect((await fetch(`${own.endpoints.aws}/_local/clock`, { method: 'POST', body: JSON.stringify({ offsetMs }) })).status).toBe(200);
    const bus = new EventBridgeClient({ endpoint: own.endpoints.aws, region: 'us-east-1', credentials });
    const requested = { eventId: ulid(), requestedBy: 'e2e-test', reason: 'admin', underlyings: ['SPY'], at: new Date(Date.now() + offsetMs).toISOString() };
    const put = await bus.send(
      new PutEventsCommand({
        Entries: [{ EventBusName: 'options-academy-local', Source: 'options-academy', DetailType: 'IngestRequested', Detail: JSON.stringify(requested) }],
      }),
    );
    expect(put.FailedEntryCount).toBe(0);
    const settled = await waitFor(
      () => api<DemoAccount>(token, '/api/predictions/account'),
      (a) => a.settlements.some((s) => s.marketId === market.id),
      120_000,
      'the market to settle',
    );
    const settlement = settled.settlements.find((s) => s.marketId === market.id)!;
    expect(settlement).toMatchObject({ side: 'yes', count: 3, closeDate: group.expiration });
    expect(settlement.payout).toBe(settlement.outcome === 'yes' ? 300 : 0);
    expect(settlement.pnl).toBe(settlement.payout - held.cost);
    expect(settled.balance).toBe(bought.balance + settlement.payout);

    // On the phone: the settlement history, the balance, and the calibration chart now that markets have settled.
    await small.goto(`${own.url}/app/prediction-markets`);
    const row = small.getByTestId('prediction-settlement').filter({ hasText: market.question });
    await row.waitFor();
    expect(await row.textContent()).toContain(settlement.outcome === 'yes' ? 'YES won' : 'NO won');
    expect(await row.textContent()).toContain(formatCentsPnl(settlement.pnl));
    expect(await small.getByTestId('demo-balance').textContent()).toBe(formatCents(settled.balance));
    await small.getByTestId('calibration-chart').waitFor();
    expect(await small.getByTestId('calibration-row').count()).toBeGreaterThan(0);
    expect(await seriousViolations(small)).toEqual([]);
    expect(phoneErrors).toEqual([]);
    await phone.close();
    await desk.close();
  }, 420_000);
});
