import { describe, expect, it } from 'vitest';
import { scanParity, type ParityInputs } from '@shared/analysis/parity';
import { constantMaturityIv, ivAtDelta, skewOf, termStructure } from '@shared/analysis/surface';

/** The parity scanner's acceptance (research-peers.md §4.7) and the surface's definitions. */

const S = 100;
const r = 0.04;
const today = '2026-11-25';
const expiration = '2027-02-24'; // 91 days
const days = 91;
const T = days / 365;
const dividend = { exDate: '2027-01-15', amount: 1 };
const pvD = dividend.amount * Math.exp((-r * 51) / 365);

/** A chain at exact parity with the dividend: C − P = S − PV(D) − K e^(−rT) at mids, 5 cents either side. */
function chainAtParity() {
  const contracts = [];
  for (const K of [90, 95, 100, 105, 110]) {
    const C = Math.max(0, S - K) + 3;
    const P = C - (S - pvD - K * Math.exp(-r * T));
    contracts.push({ contract_type: 'call' as const, strike_price: K, bid: C - 0.05, ask: C + 0.05 });
    contracts.push({ contract_type: 'put' as const, strike_price: K, bid: P - 0.05, ask: P + 0.05 });
  }
  return contracts;
}

const inputs = (over: Partial<ParityInputs> = {}): ParityInputs => ({
  price: S,
  stockHalfSpread: 0.01,
  today,
  riskFree: r,
  dividendYield: 0,
  dividends: [dividend],
  exercise: 'european',
  feePerContract: 0.65,
  feePerShare: 0.005,
  endOfDay: true,
  expiries: [{ expiration, days, contracts: chainAtParity() }],
  ...over,
});

describe('put-call parity scanner', () => {
  it('finds nothing in a chain priced exactly at parity, dividends and rates included', () => {
    const out = scanParity(inputs());
    expect(out.hits).toEqual([]);
    expect(out.scanned).toEqual({ expiries: 1, strikes: 5, boxes: 10 });
    for (const row of out.parity) expect(row.deviation).toBeCloseTo(0, 10);
  });

  it('a dividend it was not told about shows up as a reversal carrying EX_DIV_BEFORE_EXPIRY and STALE_QUOTES', () => {
    const out = scanParity(inputs({ dividends: [] }));
    expect(out.hits.length).toBeGreaterThan(0);
    for (const hit of out.hits) {
      expect(hit.kind).toBe('reversal');
      expect(hit.reasons).toContain('EX_DIV_BEFORE_EXPIRY');
      expect(hit.reasons).toContain('STALE_QUOTES');
    }
    // The edge is the untold dividend less the spreads paid (1 + 5 + 5 cents) and the fees (1.30 / 100 + 0.005).
    const hit = out.hits.find((h) => h.strikes[0] === 100)!;
    expect(hit.executableEdge).toBeCloseTo(pvD - 0.11 - 0.013 - 0.005, 10);
    expect(hit.theoreticalEdge).toBeCloseTo(pvD, 10);
    expect(hit.annualizedExcess).toBeCloseTo(hit.executableEdge / (100 * Math.exp(-r * T)) / T, 10);
  });

  it('a mispricing smaller than the spreads is theoretical only', () => {
    const shifted = chainAtParity().map((c) => (c.contract_type === 'call' ? { ...c, bid: c.bid + 0.05, ask: c.ask + 0.05 } : c));
    const out = scanParity(inputs({ expiries: [{ expiration, days, contracts: shifted }] }));
    expect(out.hits).toEqual([]);
    expect(out.parity.every((p) => Math.abs(p.deviation! - 0.05) < 1e-9)).toBe(true);
  });

  it('flags early exercise on American short in-the-money legs, wide spreads and pin risk near expiry', () => {
    const near = chainAtParity().map((c) => (c.contract_type === 'put' && c.strike_price >= 100 ? { ...c, bid: c.bid + 2, ask: c.ask + 3 } : c));
    const out = scanParity(inputs({ exercise: 'american', dividends: [], expiries: [{ expiration: '2026-11-28', days: 3, contracts: near }] }));
    const hit = out.hits.find((h) => h.kind === 'reversal' && h.strikes[0] === 100)!;
    expect(hit.reasons).toEqual(expect.arrayContaining(['PIN_RISK', 'WIDE_SPREAD', 'STALE_QUOTES', 'EX_DIV_BEFORE_EXPIRY']));
    expect(hit.reasons).not.toContain('EARLY_EXERCISE_RISK');
    // At 105 the short put is in the money: an American holder may exercise it early.
    const itm = out.hits.find((h) => h.kind === 'reversal' && h.strikes[0] === 105)!;
    expect(itm.reasons).toContain('EARLY_EXERCISE_RISK');
  });
});

describe('volatility surface', () => {
  const e = (expiration: string, days: number, iv: number) => ({
    expiration,
    days,
    contracts: [
      { contract_type: 'call' as const, strike_price: 100, implied_volatility: iv, delta: 0.5 },
      { contract_type: 'put' as const, strike_price: 100, implied_volatility: iv, delta: -0.5 },
    ],
  });

  it('interpolates IV30 in total variance: 20 days at 20% and 40 days at 30% give 27.08%', () => {
    const term = termStructure([e('a', 20, 0.2), e('b', 40, 0.3)], 100);
    expect(constantMaturityIv(term, 30)).toBeCloseTo(Math.sqrt(2.2 / 30), 12);
    expect(Math.sqrt(2.2 / 30)).toBeCloseTo(0.2708, 4);
    expect(constantMaturityIv(term, 10)).toBe(0.2);
    expect(constantMaturityIv(term, 90)).toBe(0.3);
  });

  it('reads the 25-delta IVs and the risk reversal and butterfly', () => {
    const contracts = [
      { contract_type: 'call' as const, strike_price: 100, implied_volatility: 0.2, delta: 0.5 },
      { contract_type: 'call' as const, strike_price: 105, implied_volatility: 0.18, delta: 0.3 },
      { contract_type: 'call' as const, strike_price: 110, implied_volatility: 0.17, delta: 0.2 },
      { contract_type: 'put' as const, strike_price: 100, implied_volatility: 0.2, delta: -0.5 },
      { contract_type: 'put' as const, strike_price: 95, implied_volatility: 0.24, delta: -0.3 },
      { contract_type: 'put' as const, strike_price: 90, implied_volatility: 0.28, delta: -0.2 },
    ];
    expect(ivAtDelta(contracts, 'call', 0.25)).toBeCloseTo(0.175, 12);
    expect(ivAtDelta(contracts, 'put', -0.25)).toBeCloseTo(0.26, 12);
    const skew = skewOf({ expiration: 'x', days: 30, contracts }, 100);
    expect(skew.riskReversal).toBeCloseTo(0.175 - 0.26, 12);
    expect(skew.butterfly).toBeCloseTo((0.175 + 0.26) / 2 - 0.2, 12);
    expect(skew.smile.map((p) => p.strike)).toEqual([90, 95, 100, 105, 110]);
  });
});
