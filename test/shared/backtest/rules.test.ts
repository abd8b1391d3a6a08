import { describe, expect, it } from 'vitest';
import { BacktestRulesSchema, DEFAULT_COSTS } from '@shared/backtest';

const valid = {
  underlying: 'spy',
  strategy: { template: 'iron-condor' },
  entry: { schedule: { kind: 'weekday', weekday: 1 }, daysToExpiry: 45 },
  size: { kind: 'contracts', contracts: 1 },
  from: '2026-01-05',
  to: '2026-10-30',
};

describe('the rules’ schema', () => {
  it('fills the defaults the learner sees and can change', () => {
    const r = BacktestRulesSchema.parse(valid);
    expect(r.underlying).toBe('SPY');
    expect(r.costs).toEqual({ commissionPerContract: 0.65, spreadPerContract: 2 });
    expect(DEFAULT_COSTS).toEqual(r.costs);
    expect(r.startingBalance).toBe(100_000);
    expect(r.entry.maxOpen).toBe(10);
    expect(r.exit).toEqual({});
    expect(r.filters).toEqual({});
  });

  it('refuses sizes out of bounds, naming the field', () => {
    const bad = (change: object) => {
      const r = BacktestRulesSchema.safeParse({ ...valid, ...change });
      return r.success ? null : r.error.issues[0]!.path.join('.');
    };
    expect(bad({ size: { kind: 'contracts', contracts: 101 } })).toBe('size.contracts');
    expect(
      bad({ strategy: { legs: Array.from({ length: 5 }, () => ({ type: 'put', side: 'sell', quantity: 1, strike: { by: 'delta', delta: 0.3 } })) } }),
    ).toBe('strategy');
    expect(bad({ from: '2026-02-30' })).toBe('from');
    expect(bad({ from: '2026-11-02' })).toBe('to');
    expect(bad({ costs: { commissionPerContract: -1 } })).toBe('costs.commissionPerContract');
    expect(bad({ filters: { ivRank: {} } })).toBe('filters.ivRank');
    expect(bad({})).toBeNull();
  });
});
