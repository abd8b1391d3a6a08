import { describe, expect, it } from 'vitest';
import { ScreenerQuery, type ScreenerQueryInput } from '@shared/analysis/screener.api';
import { presetDefinition, probabilityAbove, runScreen, statsFromChains, type ChainSet, type ScreenerContract } from '@shared/analysis/screener';

/** The screener's figures on hand-worked examples. S = 100, one expiry 30 days out, r = q = 0. */

const contract = (type: 'call' | 'put', K: number, bid: number, ask: number, extra: Partial<ScreenerContract> = {}): ScreenerContract => ({
  contract_ticker: `X${type === 'call' ? 'C' : 'P'}${K}`,
  contract_type: type,
  strike_price: K,
  bid,
  ask,
  last: null,
  volume: 200,
  open_interest: 500,
  implied_volatility: 0.2,
  delta: type === 'call' ? 0.3 : -0.3,
  theta: -0.03,
  ...extra,
});

const set: ChainSet = {
  ticker: 'XYZ',
  name: 'XYZ Corp',
  sector: 'Test',
  price: 100,
  asOf: '2026-11-25T21:00:00.000Z',
  source: 'demo',
  dividendYield: 0,
  expiries: [
    {
      expiration: '2026-12-25',
      days: 30,
      contracts: [
        contract('call', 100, 2.2, 2.4, { delta: 0.52 }),
        contract('put', 100, 2.2, 2.4, { delta: -0.48 }),
        contract('call', 105, 1.0, 1.1),
        contract('put', 95, 1.2, 1.3),
        contract('put', 90, 0.5, 0.55, { delta: -0.12 }),
        contract('call', 110, 0.04, 0.08, { delta: 0.08 }),
        contract('call', 108, 0.4, 0.45, { open_interest: 50, delta: 0.15 }),
      ],
    },
  ],
};

const stats = [statsFromChains(set)];
const screen = (input: Omit<ScreenerQueryInput, 'sort'> & { sort?: ScreenerQueryInput['sort'] }) =>
  runScreen([set], stats, ScreenerQuery.parse({ sort: { field: 'strike', dir: 'asc' }, ...input }), 0);
const preset = (id: 'covered-call' | 'cash-secured-put' | 'credit-spread' | 'cheap-long-call' | 'none') => {
  const p = presetDefinition(id);
  return { preset: id, contract: p.contract, sort: p.sort };
};

describe('liquidity defaults', () => {
  it('leave out bids under $0.05, open interest under 100 and spreads over 10% of mid', () => {
    const r = screen({ contract: { ...presetDefinition('none').contract } });
    const strikes = r.rows.map((x) => `${x.type}${x.strike}`);
    expect(strikes).not.toContain('call110'); // bid 0.04
    expect(strikes).not.toContain('call108'); // OI 50
    expect(strikes).toContain('call105'); // spread 0.10 / 1.05 = 9.5%
    const c105 = r.rows.find((x) => x.contract === 'XC105')!;
    expect(c105.mid).toBeCloseTo(1.05, 12);
    expect(c105.spreadPct).toBeCloseTo((0.1 / 1.05) * 100, 10);
    expect(c105.moneynessPct).toBeCloseTo(5, 12);
    expect(c105.volOi).toBeCloseTo(0.4, 12);
    expect(c105.thetaPerDay).toBeCloseTo(-3, 12);
    expect(c105.extrinsicPct).toBeCloseTo(100, 12);
    // A long call bought at the ask: breakeven 105 + 1.10 = 106.10, 6.1% above the price.
    expect(c105.breakeven).toBeCloseTo(106.1, 12);
    expect(c105.breakevenPct).toBeCloseTo(6.1, 10);
    // d2 = (ln(100/106.1) − 0.02 × 30/365) / (0.2 √(30/365)) = −1.0613 → N(d2) = 14.43%.
    expect(c105.pop).toBeCloseTo(14.43, 1);
    // The at-the-money call: intrinsic 0, so all extrinsic; the in-the-money put... none here, the ATM put likewise.
    expect(r.rows.find((x) => x.contract === 'XC100')!.extrinsicPct).toBeCloseTo(100, 12);
  });

  it('hold for a query that leaves the liquidity fields out, as a script calling the API does', () => {
    const q = ScreenerQuery.parse({ contract: { types: ['call'], side: 'buy' }, sort: { field: 'strike', dir: 'asc' } });
    expect(q.contract).toMatchObject({ bidMin: 0.05, openInterestMin: 100, spreadPctMax: 10 });
    const r = screen({ contract: { types: ['call'], side: 'buy' } });
    expect(r.rows.map((x) => x.contract)).toEqual(['XC100', 'XC105']);
  });

  it('turning a default off only by saying so lets the illiquid contract through', () => {
    expect(screen({ contract: { types: ['call'], side: 'buy', bidMin: 0.05, spreadPctMax: 15 } }).rows.map((x) => x.contract)).not.toContain('XC108');
    const r = screen({ contract: { types: ['call'], side: 'buy', bidMin: 0.05, spreadPctMax: 15, openInterestMin: null } });
    expect(r.rows.map((x) => x.contract)).toContain('XC108');
    const all = screen({ contract: { types: ['call'], side: 'buy', bidMin: 0, spreadPctMax: null, openInterestMin: 0 } });
    expect(all.rows.map((x) => x.contract)).toEqual(['XC100', 'XC105', 'XC108', 'XC110']);
  });
});

describe('presets', () => {
  it('covered call: static = bid / S, if called = (bid + K − S) / S, annualised × 365 / DTE', () => {
    const r = screen(preset('covered-call'));
    expect(r.rows.map((x) => x.contract)).toEqual(['XC105']);
    const row = r.rows[0]!;
    expect(row.strategy).toBe('covered-call');
    expect(row.staticReturn).toBeCloseTo(0.01, 12);
    expect(row.ifCalledReturn).toBeCloseTo(0.06, 12);
    expect(row.annualizedReturn).toBeCloseTo((0.01 * 365) / 30, 12);
    // Shares bought at 100 less the 1.00 premium: breakeven 99, a 1% cushion.
    expect(row.breakeven).toBeCloseTo(99, 12);
    expect(row.breakevenPct).toBeCloseTo(-1, 12);
    expect(row.legs).toEqual([{ action: 'sell', optionType: 'call', strike: 105, expiration: '2026-12-25', contractTicker: 'XC105', premium: 1 }]);
  });

  it('cash-secured put: return = bid / (K − bid), annualised', () => {
    const r = screen(preset('cash-secured-put'));
    expect(r.rows.map((x) => x.contract)).toEqual(['XP95']);
    const row = r.rows[0]!;
    expect(row.staticReturn).toBeCloseTo(1.2 / 93.8, 12);
    expect(row.annualizedReturn).toBeCloseTo(((1.2 / 93.8) * 365) / 30, 12);
    expect(row.breakeven).toBeCloseTo(93.8, 12);
    expect(row.template).toBe('cash-secured-put');
  });

  it('credit spread: credit = short bid − long ask, return on risk = credit / (width − credit)', () => {
    const r = screen({ ...preset('credit-spread'), contract: { ...presetDefinition('credit-spread').contract, spreadWidth: 5 } });
    const put = r.rows.find((x) => x.strategy === 'bull-put-spread')!;
    expect(put.legs.map((l) => `${l.action} ${l.optionType} ${l.strike} @ ${l.premium}`)).toEqual(['sell put 95 @ 1.2', 'buy put 90 @ 0.55']);
    expect(put.credit).toBeCloseTo(0.65, 12);
    expect(put.width).toBe(5);
    expect(put.maxLoss).toBeCloseTo(4.35, 12);
    expect(put.returnOnRisk).toBeCloseTo(0.65 / 4.35, 12);
    expect(put.breakeven).toBeCloseTo(94.35, 12);
    expect(put.template).toBe('bull-put-spread');
    // The 105/110 call spread would buy the 110 call, whose spread is 0.04 wide on a 0.06 mid: too wide to trade.
    expect(r.rows.some((x) => x.strategy === 'bear-call-spread')).toBe(false);
  });

  it('a spread whose bought leg is illiquid is left out', () => {
    const r = screen({ ...preset('credit-spread'), contract: { ...presetDefinition('credit-spread').contract, spreadWidth: 3 } });
    // 105 → 108: the 108 call has OI 50.
    expect(r.rows.some((x) => x.legs.some((l) => l.strike === 108))).toBe(false);
  });

  it('cheap long calls keep calls whose IV is at or below IV30', () => {
    const rich = {
      ...set,
      expiries: [
        { ...set.expiries[0]!, days: 45, contracts: set.expiries[0]!.contracts.map((c) => (c.strike_price === 105 ? { ...c, implied_volatility: 0.25 } : c)) },
      ],
    };
    const r = runScreen([rich], [statsFromChains(rich)], ScreenerQuery.parse(preset('cheap-long-call')), 0);
    expect(r.rows.map((x) => x.contract)).toEqual(['XC100']);
    expect(r.rows[0]!.ivVsIv30).toBeCloseTo(1, 12);
  });
});

describe('underlying filters, sorting and paging', () => {
  it('IV30 interpolates the chain; IV rank needs history and says so', () => {
    expect(stats[0]!.iv30).toBeCloseTo(0.2, 12);
    const r = screen({ contract: presetDefinition('none').contract, underlying: { ivRank: { min: 30 } } });
    expect(r.total).toBe(0);
    expect(r.notes[0]).toMatch(/IV rank needs the daily history \(building history: 0 \/ 252\)/);
    expect(screen({ contract: presetDefinition('none').contract, underlying: { iv30Pct: { min: 19, max: 21 } } }).total).toBeGreaterThan(0);
    expect(screen({ contract: presetDefinition('none').contract, underlying: { tickers: ['SPY'] } }).total).toBe(0);
  });

  it('sorts with nulls last and pages', () => {
    const off = { bidMin: null, spreadPctMax: null, openInterestMin: null };
    const all = screen({ contract: { types: ['call', 'put'], side: 'buy', ...off }, sort: { field: 'bid', dir: 'desc' }, pageSize: 3 });
    expect(all.total).toBe(7);
    expect(all.rows.map((x) => x.bid)).toEqual([2.2, 2.2, 1.2]);
    const page3 = screen({ contract: { types: ['call', 'put'], side: 'buy', ...off }, sort: { field: 'bid', dir: 'desc' }, pageSize: 3, page: 3 });
    expect(page3.rows.map((x) => x.bid)).toEqual([0.04]);
  });

  it('rejects a page size over the bound and an inverted range', () => {
    expect(ScreenerQuery.safeParse({ ...preset('none'), pageSize: 501 }).success).toBe(false);
    expect(ScreenerQuery.safeParse({ ...preset('none'), contract: { types: ['call'], side: 'buy', dte: { min: 10, max: 5 } } }).success).toBe(false);
  });
});

describe('probability above a price', () => {
  it('is one half at the forward-adjusted median and symmetric around it', () => {
    // With r = q = 0 the median of S_T is S e^(−σ²T/2).
    const median = 100 * Math.exp(-0.02 * 0.5);
    expect(probabilityAbove(100, median, 0.2, 0.5, 0, 0)).toBeCloseTo(0.5, 12);
  });
});
