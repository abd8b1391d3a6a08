import { describe, expect, it } from 'vitest';
import type { ScreenerRowView } from '@web/api/analysis-screener';
import { builderHref, toCsv } from '@web/features/analysis/screener/columns';
import { formatUrlLegs, parseUrlLegs } from '@web/features/strategy/hooks/use-builder-params';

const row = {
  id: 'O:SPY261218P00580000~O:SPY261218P00575000',
  strategy: 'bull-put-spread',
  template: 'bull-put-spread',
  underlying: 'SPY',
  price: 600,
  expiration: '2026-12-18',
  dte: 22,
  type: 'put',
  strike: 580,
  contract: 'O:SPY261218P00580000',
  legs: [
    { action: 'sell', optionType: 'put', strike: 580, expiration: '2026-12-18', contractTicker: 'O:SPY261218P00580000', premium: 2.1 },
    { action: 'buy', optionType: 'put', strike: 575, expiration: '2026-12-18', contractTicker: 'O:SPY261218P00575000', premium: 1.4 },
  ],
  credit: 0.7,
  width: 5,
  returnOnRisk: 0.7 / 4.3,
} as unknown as ScreenerRowView;

describe("the screener's builder link", () => {
  it('carries the underlying, the template and every leg, which the builder reads back', () => {
    const url = new URL(builderHref(row), 'http://x');
    expect(url.pathname).toBe('/app/trading');
    expect(url.searchParams.get('underlying')).toBe('SPY');
    expect(url.searchParams.get('template')).toBe('bull-put-spread');
    expect(parseUrlLegs(url.searchParams.get('legs'))).toEqual([
      { action: 'sell', optionType: 'put', strike: 580, expiration: '2026-12-18', quantity: 1 },
      { action: 'buy', optionType: 'put', strike: 575, expiration: '2026-12-18', quantity: 1 },
    ]);
  });

  it('drops malformed legs and keeps at most eight', () => {
    expect(parseUrlLegs('buy.call.100.2026-12-18.1,hold.call.1.2026-12-18,buy.put.-5.2026-12-18,sell.put.95.5.2026-12-18')).toEqual([
      { action: 'buy', optionType: 'call', strike: 100, expiration: '2026-12-18', quantity: 1 },
      { action: 'sell', optionType: 'put', strike: 95.5, expiration: '2026-12-18', quantity: 1 },
    ]);
    const many = Array.from({ length: 12 }, (_, i) => ({
      action: 'buy' as const,
      optionType: 'call' as const,
      strike: 100 + i,
      expiration: '2026-12-18',
      quantity: 2,
    }));
    expect(parseUrlLegs(formatUrlLegs(many))).toEqual(many.slice(0, 8));
  });
});

describe('the CSV export', () => {
  it('says the data date, has a header, quotes what needs quoting and leaves unknowns empty', () => {
    const csv = toCsv([row], 'Nov 25, 2026, 4:00 PM ET').split('\r\n');
    expect(csv[0]).toBe('# Options Academy screener, end-of-day data as of Nov 25, 2026, 4:00 PM ET');
    expect(csv[1]!.split(',')[0]).toBe('underlying');
    expect(csv[2]).toMatch(/^SPY,bull-put-spread,2026-12-18,22,put,580,sell put 580 @ 2\.1 \/ buy put 575 @ 1\.4,600,,,/);
    expect(csv[2]!.split(',')).toHaveLength(csv[1]!.split(',').length);
  });
});
