import { describe, expect, it } from 'vitest';
import { competitionVenue } from '@shared/competitions/competition-venue';
import { seasonById } from '@shared/competitions/seasons';
import { competitionAccountView } from '@shared/competitions/use-cases/competition-account-view';
import { competitionSnapshot, maintainCompetitionAccount } from '@shared/competitions/use-cases/competition-snapshot';
import { openCompetitionAccount } from '@shared/competitions/use-cases/open-competition-account';
import { PLAN_TEXTS, writeTradePlan } from '@shared/competitions/use-cases/write-trade-plan';
import { competitionHarness } from '../../support/competition-harness';
import { call, quote } from '../../support/trading-fixtures';

const SEASON = seasonById('weekly-2026-11-23')!;
const NEAR = '2026-11-27';

const order = (clientOrderId: string, legs: [string, 'buy' | 'sell'][], strategy?: string) => ({
  clientOrderId,
  type: 'market' as const,
  timeInForce: 'day',
  ...(strategy ? { strategy } : {}),
  legs: legs.map(([contract, side]) => ({ contract, side, quantity: 1 })),
});

const plan = {
  thesis: 'XYZ holds above 100 into the end of the month after earnings',
  plannedExit: { profitTargetPct: 50, stop: 'close if XYZ closes below 98', time: '' },
};

async function setup() {
  const c = competitionHarness();
  await c.service.openAccount('u1', 10_000, 3);
  await openCompetitionAccount(c.deps, 'u1', SEASON, c.clock.now().toISOString());
  c.quotes.set(call(105, NEAR), quote(call(105, NEAR), 0.3, 0.4));
  return { ...c, venue: competitionVenue(SEASON, c.depsOf(SEASON.id)) };
}

describe("a competition account's trades", () => {
  it('one trade per opening order: a vertical opened then closed, and one expired worthless, each net of commissions, with its max loss at entry', async () => {
    const c = await setup();
    // Open: buy the 100 call at its ask 2.20, sell the 105 at its bid 0.80: a 1.40 debit, $140 at most to lose.
    const opened = await c.venue.placeOrder(
      'u1',
      order(
        'open-1',
        [
          [call(100), 'buy'],
          [call(105), 'sell'],
        ],
        'Bull Call Spread',
      ),
    );
    expect(opened.ok).toBe(true);
    // The near vertical: buy the Nov 27 100 call at 1.10, sell the Nov 27 105 at 0.30: $80 at most to lose.
    c.setNow('2026-11-23T15:05:00Z');
    expect(
      (
        await c.venue.placeOrder(
          'u1',
          order('open-2', [
            [call(100, NEAR), 'buy'],
            [call(105, NEAR), 'sell'],
          ]),
        )
      ).ok,
    ).toBe(true);
    // Close the first: sell the 100 at 3.00, buy the 105 back at 1.10.
    c.quotes.set(call(100), quote(call(100), 3.0, 3.2));
    c.quotes.set(call(105), quote(call(105), 1.0, 1.1));
    c.setNow('2026-11-24T15:00:00Z');
    const closed = await c.venue.placeOrder(
      'u1',
      order('close-1', [
        [call(100), 'sell'],
        [call(105), 'buy'],
      ]),
    );
    expect(closed.ok).toBe(true);

    let snapshot = await competitionSnapshot(c.deps, 'u1', SEASON.id);
    const first = snapshot!.trades.find((t) => t.openedAt === '2026-11-23T15:00:00.000Z')!;
    // (3.00 − 2.20) × 100 + (0.80 − 1.10) × 100 = 50, less 4 contracts' commission at 0.65: 47.40.
    expect(first).toMatchObject({
      strategy: 'Bull Call Spread',
      underlying: 'XYZ',
      closedAt: '2026-11-24T15:00:00.000Z',
      realizedPnl: 47.4,
      maxLoss: 140,
      plan: null,
    });
    const second = snapshot!.trades.find((t) => t.openedAt === '2026-11-23T15:05:00.000Z')!;
    expect(second).toMatchObject({ strategy: 'Bull Call Spread', closedAt: null, realizedPnl: -1.3, maxLoss: 80 });
    expect(snapshot!.trades).toHaveLength(2);

    // The second expires with XYZ at 98: both legs worthless, the $80 debit and its $1.30 commission lost.
    c.closes.set(`XYZ|${NEAR}`, 98);
    c.setPrice(98);
    c.setNow('2026-11-27T22:00:00Z');
    snapshot = await maintainCompetitionAccount(c.deps, 'u1', SEASON.id);
    const expired = snapshot!.trades.find((t) => t.id === second.id)!;
    expect(expired.realizedPnl).toBe(-81.3);
    expect(expired.closedAt).not.toBeNull();
    // Cash: 100,000 − 141.30 − 81.30 + 188.70 (1.90 credit less 1.30) = 99,966.10; no position left, so equity = cash.
    expect(snapshot).toMatchObject({ startingCapital: 100_000, cash: 99_966.1, equity: 99_966.1 });
    expect(47.4 - 81.3).toBeCloseTo(snapshot!.equity - 100_000, 6);
  });

  it('a plan is written before the trade closes, and the account view shows which trades have one', async () => {
    const c = await setup();
    const opened = await c.venue.placeOrder(
      'u1',
      order('open-1', [
        [call(100), 'buy'],
        [call(105), 'sell'],
      ]),
    );
    const tradeId = opened.ok ? opened.value.order.orderId : '';
    const written = await writeTradePlan(c.deps, 'u1', SEASON, tradeId, plan);
    expect(written).toMatchObject({ ok: true, value: { trade: { id: tradeId, hasPlan: true, plan: { ...plan, writtenAt: '2026-11-23T15:00:00.000Z' } } } });

    const view = await competitionAccountView(c.deps, 'u1', SEASON);
    expect(view.ok && view.value).toMatchObject({
      accountId: 'competition-weekly-2026-11-23',
      season: { status: 'running' },
      account: { startingCapital: 100_000, settings: { fillModel: 'bid-ask', optionsLevel: 3 } },
      planned: { withPlan: 1, trades: 1 },
      openOrders: [],
    });
    expect(view.ok && view.value.strategies).toHaveLength(1);
    expect(view.ok && view.value.positions.map((p) => p.symbol).sort()).toEqual([call(100), call(105)].sort());

    c.setNow('2026-11-24T15:00:00Z');
    await c.venue.placeOrder(
      'u1',
      order('close-1', [
        [call(100), 'sell'],
        [call(105), 'buy'],
      ]),
    );
    expect(await writeTradePlan(c.deps, 'u1', SEASON, tradeId, { ...plan, thesis: 'A new thesis written after the close' })).toEqual({
      ok: false,
      error: { code: 'conflict', message: PLAN_TEXTS.closedTrade },
    });
    // The same plan again is answered as it is (a retry).
    expect((await writeTradePlan(c.deps, 'u1', SEASON, tradeId, plan)).ok).toBe(true);
    expect(await writeTradePlan(c.deps, 'u1', SEASON, '01KZZZZZZZZZZZZZZZZZZZZZZZ', plan)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await competitionAccountView(c.deps, 'u2', SEASON)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
