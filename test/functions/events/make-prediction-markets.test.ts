import { describe, expect, it } from 'vitest';
import { askOf } from '@shared/prediction/book';
import { holdCents } from '@shared/prediction/demo-account';
import { takerFeeOfFillCents } from '@shared/prediction/fee';
import { bookOf } from '@shared/prediction/market-snapshots.port';
import { fixedClock } from '@shared/ports/clock.port';
import type { TradingDeps } from '@shared/prediction/use-cases/deps';
import { snapshotOf } from '@shared/prediction/use-cases/make-markets';
import { placeOrder } from '@shared/prediction/use-cases/place-order';
import { makeMakePredictionMarkets } from '../../../functions/events/make-prediction-markets';
import { memoryEventReceipts } from '../../support/memory-event-receipts';
import { memoryMarketSnapshots } from '../../support/memory-market-snapshots';
import { spyMarketStore, storedSpyChain } from '../../shared/prediction/stored-chains';
import { memoryDemoRepo } from '../../shared/prediction/use-cases/memory-demo-repo';
import { spySnapshot } from '../../shared/prediction/use-cases/snapshot-fixture';

const envelope = (detail: Record<string, unknown>) => ({ id: crypto.randomUUID(), 'detail-type': 'ChainIngested', source: 'options-academy', detail });
const chainIngested = {
  eventId: '01JAAAAAAAAAAAAAAAAAAAAAAB',
  runId: 'run',
  source: 'demo',
  underlyings: ['SPY', 'QQQ'],
  contractsStored: 10,
  failures: [{ underlying: 'QQQ', error: 'provider down' }],
  startedAt: '2026-11-30T23:00:00Z',
  finishedAt: '2026-11-30T23:00:09Z',
};
const NOW = '2026-11-30T23:05:00Z';

function world(chains: Awaited<ReturnType<typeof spyMarketStore>>) {
  const snapshots = memoryMarketSnapshots();
  const demo = memoryDemoRepo();
  let n = 0;
  const trading: TradingDeps = { repo: demo.repo, markets: snapshots, clock: fixedClock(NOW), ids: { newId: () => `01ID${String(++n).padStart(6, '0')}` } };
  const handler = makeMakePredictionMarkets({ make: { chains, snapshots, clock: fixedClock(NOW) }, trading, receipts: memoryEventReceipts() });
  return { snapshots, demo, trading, handler };
}

describe('makePredictionMarkets (ChainIngested → the markets made again)', () => {
  it('makes the markets of the underlyings the run stored, once per announcement', async () => {
    const chains = await spyMarketStore();
    const asked: string[] = [];
    const w = world({ ...chains, listExpiries: async (u) => (asked.push(u), chains.listExpiries(u)) } as typeof chains);
    await w.handler(envelope(chainIngested));
    expect(asked).toEqual(['SPY']);
    expect(w.snapshots.items.size).toBe(4);
    expect(await w.handler(envelope(chainIngested))).toMatchObject({ status: 'duplicate' });
    expect(w.snapshots.saves).toBe(4);
  });

  it('fills a resting bid right after the making whose book reaches its limit, once', async () => {
    const chains = await spyMarketStore();
    const w = world(chains);
    // The making before: SPY above 600 on 18 Dec priced near 95¢, so a bid at the new making's ask rests.
    await w.snapshots.save(spySnapshot({ bookSeed: 'before', fairValueOf: () => 0.95 }));
    const next = snapshotOf(storedSpyChain('2026-12-18'), null, new Date(NOW));
    if (!next.ok) throw new Error(next.error.message);
    const market = next.value.markets.find((m) => m.market.id === 'SPY-2026-12-18-ABOVE-600')!;
    const limit = askOf(bookOf(next.value, market), 'yes')!;
    const placed = await placeOrder(w.trading, 'u1', {
      clientOrderId: 'client-0001',
      marketId: market.market.id,
      side: 'yes',
      action: 'buy',
      type: 'limit',
      limitPrice: limit,
      count: 3,
    });
    if (!placed.ok) throw new Error(placed.error.message);
    expect(placed.value.order.status).toBe('resting');
    expect(w.demo.accounts.get('u1')!.held).toBe(holdCents(3, limit));

    await w.handler(envelope(chainIngested));
    const order = (await w.trading.repo.getOrder('u1', placed.value.order.id))!;
    expect(order).toMatchObject({ status: 'filled', filledCount: 3 });
    const paid = order.fills.reduce((s, l) => s + l.price * l.count, 0);
    const fee = takerFeeOfFillCents(order.fills);
    if (!fee.ok) throw new Error(fee.error.message);
    expect(w.demo.accounts.get('u1')).toMatchObject({ balance: 100_000 - paid - fee.value, held: 0 });

    // Another announcement of the same chains: the markets are current, the re-check meets a filled bid and writes nothing.
    const writes = w.demo.writes();
    await w.handler(envelope({ ...chainIngested, eventId: '01JAAAAAAAAAAAAAAAAAAAAAAC' }));
    expect(w.demo.writes()).toBe(writes);
    expect(w.demo.volume.get(market.market.id)).toBe(3);
  });
});
