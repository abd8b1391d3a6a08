import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { quoteOf } from '@shared/prediction/book';
import { bookOf } from '@shared/prediction/market-snapshots.port';
import { MarketsListSchema } from '@shared/prediction/prediction.api';
import { marketsList } from '@shared/prediction/read-model/markets-list';
import { madeMarkets, MADE_AT } from './fixture';

describe('the prediction markets list', () => {
  it('says so before any markets were made', async () => {
    const { memoryMarketSnapshots } = await import('../../../support/memory-market-snapshots');
    expect(await marketsList({ snapshots: memoryMarketSnapshots(), clock: fixedClock(MADE_AT) })).toEqual({
      demo: true,
      madeAt: null,
      provider: 'simulated',
      underlyings: [],
      underlying: null,
      groups: [],
    });
  });

  it('shows one underlying at a time: the first with markets (SPY) unless asked, with every underlying that has markets', async () => {
    const snapshots = await madeMarkets();
    const spy = (await snapshots.get('SPY', '2026-12-18'))!;
    // The same expiry's markets under two more names, saved in no particular order.
    for (const u of ['AAPL', 'QQQ']) await snapshots.save({ ...spy, underlying: u });
    const clock = fixedClock('2026-12-01T15:00:00Z');

    const first = await marketsList({ snapshots, clock });
    expect(first).toMatchObject({ underlyings: ['SPY', 'QQQ', 'AAPL'], underlying: 'SPY' });
    expect(first.groups.map((g) => `${g.underlying} ${g.expiration}`)).toEqual(['SPY 2026-12-04', 'SPY 2026-12-11', 'SPY 2026-12-18', 'SPY 2026-12-24']);

    const aapl = await marketsList({ snapshots, clock }, 'AAPL');
    expect(aapl).toMatchObject({ underlyings: ['SPY', 'QQQ', 'AAPL'], underlying: 'AAPL' });
    expect(aapl.groups.map((g) => `${g.underlying} ${g.expiration}`)).toEqual(['AAPL 2026-12-18']);

    // A tracked underlying with no markets: an empty list, and the tabs to go elsewhere.
    expect(await marketsList({ snapshots, clock }, 'MSFT')).toMatchObject({ underlyings: ['SPY', 'QQQ', 'AAPL'], underlying: 'MSFT', groups: [] });

    // Without SPY the first in the product's order is shown.
    for (const e of ['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-24']) snapshots.items.delete(`SPY#${e}`);
    expect(await marketsList({ snapshots, clock })).toMatchObject({ underlyings: ['QQQ', 'AAPL'], underlying: 'QQQ' });
  });

  it('groups the markets by underlying and expiry, each with its quote, price, change and volume, the source once per expiry', async () => {
    const snapshots = await madeMarkets();
    const before = structuredClone([...snapshots.items.values()]);
    const list = await marketsList({
      snapshots,
      clock: fixedClock('2026-12-01T15:00:00Z'),
      volumeOf: async (ids) => new Map([[ids[0]!, 7]]),
    });
    expect(MarketsListSchema.parse(list)).toEqual(list);
    expect(list).toMatchObject({ demo: true, madeAt: MADE_AT, provider: 'simulated' });
    expect(list.groups.map((g) => `${g.underlying} ${g.expiration}`)).toEqual(['SPY 2026-12-04', 'SPY 2026-12-11', 'SPY 2026-12-18', 'SPY 2026-12-24']);
    const snap = (await snapshots.get('SPY', '2026-12-18'))!;
    const group = list.groups[2]!;
    expect(group.ladder).toMatchObject({ id: 'SPY-2026-12-18-RANGE', question: snap.ladder.question });
    expect(group.source).toBe(snap.markets[0]!.market.source);
    expect(group.source).toContain("SPY's official closing price for");
    expect([...group.above, ...group.ladder.buckets].map((m) => m.id)).toEqual(snap.markets.map((m) => m.market.id));
    for (const m of [...group.above, ...group.ladder.buckets]) {
      const stored = snap.markets.find((s) => s.market.id === m.id)!;
      expect(stored.market.source).toBe(group.source);
      // The rule, the source and the void time are on the market's own page, not on each row of the list.
      expect(m).not.toHaveProperty('rule');
      expect(m).not.toHaveProperty('source');
      expect(m).not.toHaveProperty('voidsAt');
      expect(m).toMatchObject({
        question: stored.market.question,
        closesAt: '2026-12-18T21:00:00.000Z',
        quote: quoteOf(bookOf(snap, stored)),
        yesPrice: stored.yesPrice,
        change: null,
        volume: 0,
        resolution: { status: 'open' },
      });
    }
    expect(list.groups[0]!.above[0]!.volume).toBe(7);
    expect([...snapshots.items.values()]).toEqual(before);
  });

  it('shows the change since the making before, and no quote once trading has stopped', async () => {
    const snapshots = await madeMarkets();
    const snap = snapshots.items.get('SPY#2026-12-04')!;
    snap.markets[0]!.previousYesPrice = snap.markets[0]!.yesPrice - 3.5;
    const list = await marketsList({ snapshots, clock: fixedClock('2026-12-04T21:30:00Z') });
    const first = list.groups[0]!.above[0]!;
    expect(first.change).toBe(3.5);
    expect(first).toMatchObject({ quote: { yesBid: null, yesAsk: null, noBid: null, noAsk: null }, resolution: { status: 'awaiting-close' } });
    expect(list.groups[1]!.above[0]!.resolution).toEqual({ status: 'open' });
  });

  it('keeps an expiry resolved in the last week on the list with each market resolved from the one close', async () => {
    const snapshots = await madeMarkets();
    await snapshots.resolve('SPY', '2026-12-04', { status: 'resolved', outcome: 'yes', close: 601, closeDate: '2026-12-04' }, '2026-12-04T23:30:00Z');
    const list = await marketsList({ snapshots, clock: fixedClock('2026-12-05T15:00:00Z') });
    const group = list.groups.find((g) => g.expiration === '2026-12-04')!;
    for (const m of [...group.above, ...group.ladder.buckets]) {
      const yes = (m.lower === null || 601 >= m.lower) && (m.upper === null || 601 < m.upper);
      expect(m.resolution).toEqual({ status: 'resolved', outcome: yes ? 'yes' : 'no', close: 601, closeDate: '2026-12-04' });
    }
    expect(group.ladder.buckets.filter((m) => m.resolution.status === 'resolved' && m.resolution.outcome === 'yes')).toHaveLength(1);
    const later = await marketsList({ snapshots, clock: fixedClock('2026-12-14T15:00:00Z') });
    expect(later.groups.map((g) => g.expiration)).not.toContain('2026-12-04');
  });
});
