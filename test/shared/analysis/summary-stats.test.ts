import { describe, expect, it } from 'vitest';
import type { DailySummary } from '@shared/metrics/daily-summary';
import type { ChainSet } from '@shared/analysis/screener';
import { summaryStatsSource, volatilityHistory } from '@shared/analysis/summary-stats';
import { addDays } from '@shared/market/dates';
import { fixedClock } from '@shared/ports/clock.port';
import { memorySummaryStore } from '../../support/memory-summary-store';

const clock = fixedClock('2026-11-25T22:00:00.000Z'); // after the close of Wed Nov 25 in New York
const set = (ticker: string): ChainSet => ({
  ticker,
  name: ticker,
  sector: 'Tech',
  price: 200,
  asOf: '2026-11-25T21:00:00Z',
  source: 'demo',
  dividendYield: 0,
  expiries: [],
});
const row = (underlying: string, date: string, iv30: number, over: Partial<DailySummary> = {}): DailySummary => ({
  underlying,
  date,
  source: 'demo',
  basis: 'model',
  close: 200,
  volume: 1e6,
  iv30,
  iv90: iv30,
  iv25dCall: null,
  iv25dPut: null,
  hv20: 0.2,
  putVolume: null,
  callVolume: null,
  putOpenInterest: null,
  callOpenInterest: null,
  putPremium: null,
  callPremium: null,
  nextEarnings: null,
  ...over,
});

describe('the screener’s underlying figures from the daily summaries', () => {
  it('gives IV rank and percentile over the kept year, HV20, IV/HV and the days to earnings; without rows, the chains alone', async () => {
    const store = memorySummaryStore();
    // 79 sessions of IV30 from 20% to 40% (history), then today's 30%: rank 50, percentile 50 of the 79 below.
    const days = Array.from({ length: 80 }, (_, i) => addDays('2026-08-07', i));
    await store.putSummaries(
      days.map((d, i) => row('AAPL', d, i === 79 ? 0.3 : 0.2 + (0.2 * i) / 78, i === 79 ? { hv20: 0.25, nextEarnings: '2026-12-03' } : {})),
    );
    const [aapl, msft] = await summaryStatsSource(store, clock).stats([set('AAPL'), set('MSFT')]);
    expect(aapl!.ivRank).toBeCloseTo(50, 6);
    expect(aapl!.ivPercentile).toBeCloseTo((100 * 39) / 79, 6);
    expect(aapl!.hv20).toBe(0.25);
    expect(aapl!).toMatchObject({ earningsDate: '2026-12-03', daysToEarnings: 8, historyDays: 80 });
    expect(msft).toMatchObject({ ivRank: null, ivPercentile: null, hv20: null, earningsDate: null, historyDays: 0 });
    const history = await volatilityHistory(store, clock, 'AAPL');
    expect(history!.dates).toHaveLength(80);
    expect(history!.iv30.at(-1)).toBe(0.3);
    expect(await volatilityHistory(store, clock, 'MSFT')).toBeNull();
  });
});
