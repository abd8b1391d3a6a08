import { describe, expect, it } from 'vitest';
import { fixedClock } from '@shared/ports/clock.port';
import { makeMakePredictionMarkets } from '../../../functions/events/make-prediction-markets';
import { memoryEventReceipts } from '../../support/memory-event-receipts';
import { memoryMarketSnapshots } from '../../support/memory-market-snapshots';
import { spyMarketStore } from '../../shared/prediction/stored-chains';

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

describe('makePredictionMarkets (ChainIngested → the markets made again)', () => {
  it('makes the markets of the underlyings the run stored, once per announcement', async () => {
    const chains = await spyMarketStore();
    const asked: string[] = [];
    const snapshots = memoryMarketSnapshots();
    const handler = makeMakePredictionMarkets({
      make: { chains: { ...chains, listExpiries: async (u) => (asked.push(u), chains.listExpiries(u)) }, snapshots, clock: fixedClock('2026-11-30T23:05:00Z') },
      receipts: memoryEventReceipts(),
    });
    await handler(envelope(chainIngested));
    expect(asked).toEqual(['SPY']);
    expect(snapshots.items.size).toBe(4);
    expect(await handler(envelope(chainIngested))).toMatchObject({ status: 'duplicate' });
    expect(snapshots.saves).toBe(4);
  });
});
