import { describe, expect, it } from 'vitest';
import type { MarketReader } from '@shared/market/market-reader';
import { fixedClock } from '@shared/ports/clock.port';
import { ok } from '@shared/result';
import { marketQuoteSource } from '../../../../functions/adapters/market/quote-source';

describe('the quote source for paper trading', () => {
  it("keeps a past day's close once found (a stock's as a contract's), and asks again while it is missing", async () => {
    let reads = 0;
    let bars = [{ date: '2026-11-20', close: 600 }];
    const reader = {
      history: async () => (reads++, ok({ ticker: 'SPY', source: 'demo', bars })),
      contractHistory: async () => (reads++, ok({ contract: 'SPY261218C00600000', source: 'demo', bars })),
    } as unknown as MarketReader;
    const source = marketQuoteSource(reader, fixedClock('2026-11-23T15:00:00Z'));
    expect(await source.closeOn('SPY', '2026-11-20')).toBe(600);
    expect(await source.closeOn('spy', '2026-11-20')).toBe(600);
    expect(reads).toBe(1);
    expect(await source.closeOn('SPY', '2026-11-21')).toBeUndefined();
    bars = [...bars, { date: '2026-11-21', close: 601 }];
    expect(await source.closeOn('SPY', '2026-11-21')).toBe(601);
    expect(reads).toBe(3);
    expect(await source.contractCloseOn('SPY261218C00600000', '2026-11-20')).toBe(600);
    expect(await source.contractCloseOn('SPY261218C00600000', '2026-11-20')).toBe(600);
    expect(reads).toBe(4);
  });
});
