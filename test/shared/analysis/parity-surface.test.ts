import { describe, expect, it } from 'vitest';
import { scanParity, type ParityContract, type ParityInputs } from '@shared/analysis/parity';
import { americanPrice } from '@shared/pricing';
import { constantMaturityIv, ivAtDelta, skewOf, termStructure } from '@shared/analysis/surface';

/** The parity scanner's acceptance (bid/ask only, fees, reasons; zero hits at parity) and the surface's definitions. */

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

describe('put-call parity scanner on American options (bounds, not parity)', () => {
  // An American chain from the pricing core (Andersen-Lake-Offengenden), a 2% dividend yield and 4% rates: its C − P sits
  // away from the European parity by the early-exercise premium, but inside S − PV(D) − K ≤ C − P ≤ S − K e^(−rT).
  const q = 0.02;
  const americanChain = (dte: number): ParityContract[] =>
    [60, 70, 80, 85, 90, 95, 100, 105, 110, 115, 120, 130, 140].flatMap((K) =>
      (['call', 'put'] as const).map((type) => {
        const p = americanPrice({ type, S, K, T: dte / 365, r, q, sigma: 0.3 });
        const half = Math.max(0.01, 0.005 * p);
        return { contract_type: type, strike_price: K, bid: p - half, ask: p + half };
      }),
    );
  const american = (expiries: ParityInputs['expiries'], exercise: ParityInputs['exercise'] = 'american') =>
    scanParity(inputs({ exercise, dividends: [], dividendYield: q, expiries }));
  const expiries = [10, 45, 180, 400].map((d) => ({ expiration: `d${d}`, days: d, contracts: americanChain(d) }));

  it('finds no opportunity in an American chain priced by the pricing core, at any expiry', () => {
    const out = american(expiries);
    expect(out.hits).toEqual([]);
    for (const row of out.parity) {
      expect(row.lower).toBeLessThan(row.upper);
      expect(row.deviation).toBe(0);
    }
    // European parity read onto the same quotes sees "edges": the early-exercise premium of the deep puts and calls.
    expect(american(expiries, 'european').hits.length).toBeGreaterThan(0);
  });

  it('a call quoted above the upper bound is a conversion, with its reason codes', () => {
    const T180 = 180 / 365;
    const chain = americanChain(180).map((c) => {
      if (c.contract_type !== 'call' || c.strike_price !== 90) return c;
      const put = americanChain(180).find((x) => x.contract_type === 'put' && x.strike_price === 90)!;
      // C_bid − P_ask = S_ask − K e^(−rT) + 0.25: a quarter above the bound after the stock's spread.
      const bid = put.ask! + S + 0.01 - 90 * Math.exp(-r * T180) + 0.25;
      return { ...c, bid, ask: bid + 0.1 };
    });
    const out = american([{ expiration: '2027-05-24', days: 180, contracts: chain }]);
    const conversion = out.hits.find((h) => h.kind === 'conversion')!;
    expect(conversion.strikes).toEqual([90]);
    // A quarter less the fees (1.30 / 100 + 0.005 per share).
    expect(conversion.executableEdge).toBeCloseTo(0.25 - 0.013 - 0.005, 10);
    // The short call is in the money: it may be exercised early (ahead of the dividend), and quotes are end of day.
    expect(conversion.reasons).toEqual(expect.arrayContaining(['EARLY_EXERCISE_RISK', 'EX_DIV_BEFORE_EXPIRY', 'STALE_QUOTES']));
    expect(out.parity.find((p) => p.strike === 90)!.deviation).toBeGreaterThan(0.25);
  });

  it('a put quoted below the lower bound is a reversal, with its reason codes', () => {
    const chain = americanChain(45).map((c) => {
      if (c.contract_type !== 'put' || c.strike_price !== 110) return c;
      const call = americanChain(45).find((x) => x.contract_type === 'call' && x.strike_price === 110)!;
      const pvD = S * (1 - Math.exp((-q * 45) / 365));
      // C_ask − P_bid = S_bid − PV(D) − K − 0.3: the put's bid 30 cents richer than the lower bound allows.
      const bid = call.ask! - (S - 0.01 - pvD - 110) + 0.3;
      return { ...c, bid, ask: bid + 0.1 };
    });
    const out = american([{ expiration: '2027-01-09', days: 45, contracts: chain }]);
    const reversal = out.hits.find((h) => h.kind === 'reversal')!;
    expect(reversal.strikes).toEqual([110]);
    expect(reversal.executableEdge).toBeCloseTo(0.3 - 0.013 - 0.005, 6);
    // The short 110 put is in the money at 100: an American holder may exercise it early.
    expect(reversal.reasons).toEqual(expect.arrayContaining(['EARLY_EXERCISE_RISK', 'STALE_QUOTES']));
    expect(out.hits.every((h) => h.strikes.includes(110))).toBe(true);
  });

  it('a box is an opportunity only outside K2 e^(−rT) − K1 − PV(D) ≤ box ≤ K2 − K1 e^(−rT) + PV(D)', () => {
    const dte = 45;
    const T45 = dte / 365;
    const pvD = S * (1 - Math.exp(-q * T45));
    const base = americanChain(dte);
    const quote = (type: 'call' | 'put', K: number) => base.find((c) => c.contract_type === type && c.strike_price === K)!;
    const credit = (chain: ParityContract[]) => {
      const at = (type: 'call' | 'put', K: number) => chain.find((c) => c.contract_type === type && c.strike_price === K)!;
      return at('call', 100).bid! - at('call', 110).ask! + (at('put', 110).bid! - at('put', 100).ask!);
    };
    const upper = 110 - 100 * Math.exp(-r * T45) + pvD;
    // The 110 put bid lifted until the 100/110 short box's credit clears the upper bound by 10 cents.
    const lift = upper - credit(base) + 0.1;
    const chain = base.map((c) => (c === quote('put', 110) ? { ...c, bid: c.bid! + lift, ask: c.ask! + lift } : c));
    const out = american([{ expiration: '2027-01-09', days: dte, contracts: chain }]);
    const box = out.hits.find((h) => h.kind === 'short-box' && h.strikes.join() === '100,110')!;
    expect(box.executableEdge).toBeCloseTo(0.1 - (4 * 0.65) / 100, 10);
    expect(box.reasons).toEqual(expect.arrayContaining(['EARLY_EXERCISE_RISK', 'STALE_QUOTES']));
    // Ten cents less and the credit is inside the bound: no box.
    const inside = base.map((c) => (c === quote('put', 110) ? { ...c, bid: c.bid! + lift - 0.1, ask: c.ask! + lift - 0.1 } : c));
    const none = american([{ expiration: '2027-01-09', days: dte, contracts: inside }]);
    expect(none.hits.some((h) => h.kind === 'short-box' && h.strikes.join() === '100,110')).toBe(false);
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
