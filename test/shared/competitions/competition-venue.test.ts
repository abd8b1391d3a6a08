import { describe, expect, it } from 'vitest';
import { competitionAccountId } from '@shared/competitions/account';
import { undefinedRiskMessage } from '@shared/competitions/competitions.errors';
import { competitionAccountName, competitionVenue, competitionVenues, COMPETITION_TEXTS } from '@shared/competitions/competition-venue';
import { seasonById } from '@shared/competitions/seasons';
import { openCompetitionAccount } from '@shared/competitions/use-cases/open-competition-account';
import { AGENT_PAPER_ONLY } from '@shared/trading/agent-orders';
import { placeOrder } from '@shared/trading/place-order';
import { competitionHarness } from '../../support/competition-harness';
import { call } from '../../support/trading-fixtures';

// Monday 23 November 2026, 10:00 New York: the week of Thanksgiving, its season running.
const RUNNING = seasonById('weekly-2026-11-23')!;
const NEXT = seasonById('weekly-2026-11-30')!;
const PAST = seasonById('weekly-2026-11-16')!;

const spread = (clientOrderId = 'spread-1') => ({
  clientOrderId,
  type: 'market' as const,
  timeInForce: 'day',
  strategy: 'Bull Call Spread',
  legs: [
    { contract: call(100), side: 'buy' as const, quantity: 1 },
    { contract: call(105), side: 'sell' as const, quantity: 1 },
  ],
});
const nakedCall = {
  clientOrderId: 'naked-1',
  type: 'market' as const,
  timeInForce: 'day',
  legs: [{ contract: call(105), side: 'sell' as const, quantity: 1 }],
};

async function joined(season = RUNNING) {
  const c = competitionHarness();
  // Spreads need the Spreads level (3): the learner's own paper account's, which the competition account takes.
  await c.service.openAccount('u1', 10_000, 3);
  await openCompetitionAccount(c.deps, 'u1', season, c.clock.now().toISOString());
  return { ...c, venue: competitionVenue(season, c.depsOf(season.id)) };
}

describe('the competition venue', () => {
  it('is named for its season and answers to competition-<seasonId>', () => {
    const venue = competitionVenue(RUNNING, competitionHarness().depsOf(RUNNING.id));
    expect(venue.accountId).toBe('competition-weekly-2026-11-23');
    expect(competitionAccountName(RUNNING)).toBe('Competition · Weekly · Nov 23 – Nov 27, 2026');
    expect(competitionAccountName(seasonById('monthly-2026-12')!)).toBe('Competition · Monthly · December 2026');
  });

  it('refuses an order before the season starts, after it closes, and from a learner who has not joined', async () => {
    const c = competitionHarness();
    await openCompetitionAccount(c.deps, 'u1', NEXT, c.clock.now().toISOString());
    await openCompetitionAccount(c.deps, 'u1', PAST, c.clock.now().toISOString());
    expect(await competitionVenue(NEXT, c.depsOf(NEXT.id)).placeOrder('u1', spread())).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'This season starts on Monday, November 30: its competition account takes orders from then until the season closes.',
      },
    });
    expect(await competitionVenue(PAST, c.depsOf(PAST.id)).placeOrder('u1', spread())).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'This season closed on Friday, November 20 and its results are frozen: its competition account takes no more orders.',
      },
    });
    expect(await competitionVenue(RUNNING, c.depsOf(RUNNING.id)).placeOrder('u1', spread())).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'You have not joined the Weekly · Nov 23 – Nov 27, 2026 season, so you have no competition account in it.' },
    });
    expect(COMPETITION_TEXTS.notJoined(RUNNING)).toContain('not joined');
  });

  it('refuses an order that would leave a position without a defined max loss, with the defined-risk message', async () => {
    const c = await joined();
    expect(await c.venue.placeOrder('u1', nakedCall)).toMatchObject({
      ok: false,
      error: { code: 'unprocessable', message: undefinedRiskMessage('XYZ') },
    });
    expect(await c.depsOf(RUNNING.id).repo.listOrders('u1')).toEqual([]);
  });

  it('places a defined-risk spread and fills it at the far side (the ask to buy, the bid to sell)', async () => {
    const c = await joined();
    const placed = await c.venue.placeOrder('u1', spread());
    expect(placed).toMatchObject({ ok: true });
    if (!placed.ok) return;
    expect(placed.value.order.status).toBe('filled');
    expect(placed.value.order.fills.map((f) => [f.contract, f.side, f.price])).toEqual([
      [call(100), 'buy', 2.2],
      [call(105), 'sell', 0.8],
    ]);
    expect(placed.value.order.netPrice).toBeCloseTo(1.4, 10);
    // In the competition account, never in the learner's own paper account.
    expect(await c.depsOf(RUNNING.id).repo.getPositions('u1')).toHaveLength(2);
    expect(await c.repo.getPositions('u1')).toEqual([]);
    // Closing the long leg alone would leave the short call naked: refused.
    const longOnly = {
      clientOrderId: 'close-long',
      type: 'market' as const,
      timeInForce: 'day',
      legs: [{ contract: call(100), side: 'sell' as const, quantity: 1 }],
    };
    expect(await c.venue.placeOrder('u1', longOnly)).toMatchObject({ ok: false, error: { message: undefinedRiskMessage('XYZ') } });
    // A retry of the spread is answered with the first order.
    const retry = await c.venue.placeOrder('u1', spread());
    expect(retry.ok && retry.value.order.orderId).toBe(placed.value.order.orderId);
  });

  it('opens at the fixed competition settings with the learner’s own options level, once', async () => {
    const c = competitionHarness();
    await c.service.openAccount('u1', 10_000, 3);
    await c.service.updateSettings('u1', { fillModel: 'mid' });
    await openCompetitionAccount(c.deps, 'u1', RUNNING, c.clock.now().toISOString());
    const account = await c.depsOf(RUNNING.id).repo.getAccount('u1');
    expect(account).toMatchObject({
      startingCapital: 100_000,
      cash: 100_000,
      settings: { optionsLevel: 3, fillModel: 'bid-ask', commissionPerContract: 0.65 },
    });
    // A retried join keeps the account as it is, even after the learner changed their own level.
    await c.service.updateSettings('u1', { optionsLevel: 1 });
    await openCompetitionAccount(c.deps, 'u1', RUNNING, '2026-11-23T16:00:00Z');
    expect(await c.depsOf(RUNNING.id).repo.getAccount('u1')).toEqual(account);
    // Without a paper account of their own: the paper account's default level (Standard).
    await openCompetitionAccount(c.deps, 'u2', RUNNING, c.clock.now().toISOString());
    expect((await c.depsOf(RUNNING.id).repo.getAccount('u2'))?.settings.optionsLevel).toBe(2);
  });

  it('lists the account in the selector only while the season runs and the learner has joined', async () => {
    const c = await joined();
    expect(await c.venue.summary('u1')).toMatchObject({
      id: competitionAccountId(RUNNING.id),
      mode: 'paper',
      balance: 100_000,
      name: 'Competition · Weekly · Nov 23 – Nov 27, 2026',
    });
    expect(await c.venue.summary('u2')).toBeNull();
    c.setNow('2026-11-28T00:00:00Z'); // 19:00 New York on the last trading day: closed
    expect(await c.venue.summary('u1')).toBeNull();
  });

  it('resolves the running seasons and the one an account id names; an agent token may not trade a competition account', async () => {
    const c = await joined();
    const now = c.clock.now();
    expect(competitionVenues(c.depsOf, now).map((v) => v.accountId)).toEqual(['competition-weekly-2026-11-23', 'competition-monthly-2026-11']);
    expect(competitionVenues(c.depsOf, now, 'competition-weekly-2026-11-16').map((v) => v.accountId)).toContain('competition-weekly-2026-11-16');
    expect(competitionVenues(c.depsOf, now, 'competition-weekly-2026-11-17')).toHaveLength(2); // not a season: no venue
    const venues = competitionVenues(c.depsOf, now);
    const agent = { tokenId: 't1', name: 'bot', scopes: ['trade' as const] };
    const limits = { counter: { count: async () => 'counted' as const }, clock: c.clock };
    const refused = await placeOrder(venues, 'u1', { ...spread('agent-1'), accountId: competitionAccountId(RUNNING.id) }, { agent: agent as never, limits });
    expect(refused).toEqual({ ok: false, error: { code: 'forbidden', message: AGENT_PAPER_ONLY } });
    expect(await c.depsOf(RUNNING.id).repo.listOrders('u1')).toEqual([]);
  });
});

describe('the competition venue while the market is closed', () => {
  it('queues an order for the next session even when the practice shortcut (the last close) is asked for', async () => {
    const c = competitionHarness('2026-11-24T23:00:00Z'); // Tuesday 18:00 New York, after the close
    await c.service.openAccount('u1', 10_000, 3);
    await openCompetitionAccount(c.deps, 'u1', RUNNING, c.clock.now().toISOString());
    const placed = await competitionVenue(RUNNING, c.depsOf(RUNNING.id)).placeOrder('u1', { ...spread('after-hours'), whenClosed: 'last-close' });
    expect(placed).toMatchObject({ ok: true, value: { order: { status: 'open', queued: true } } });
    expect(await c.depsOf(RUNNING.id).repo.getPositions('u1')).toEqual([]);
  });
});

describe('the defined-risk check with orders resting', () => {
  it('refuses selling the long call of a spread whose short call is still to be bought back by a resting order', async () => {
    const c = await joined();
    const venue = c.venue;
    expect((await venue.placeOrder('u1', spread())).ok).toBe(true);
    // A resting limit to buy the short call back, well under its ask: it may never fill.
    const buyBack = {
      clientOrderId: 'buy-back',
      type: 'limit' as const,
      limitPrice: 0.1,
      timeInForce: 'day',
      legs: [{ contract: call(105), side: 'buy' as const, quantity: 1 }],
    };
    expect(await venue.placeOrder('u1', buyBack)).toMatchObject({ ok: true, value: { order: { status: 'open' } } });
    const sellLong = {
      clientOrderId: 'sell-long',
      type: 'market' as const,
      timeInForce: 'day',
      legs: [{ contract: call(100), side: 'sell' as const, quantity: 1 }],
    };
    expect(await venue.placeOrder('u1', sellLong)).toMatchObject({ ok: false, error: { message: undefinedRiskMessage('XYZ') } });
  });
});
