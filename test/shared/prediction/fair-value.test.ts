import { describe, expect, it } from 'vitest';
import { digitalPrice } from '@shared/pricing';
import { expiryModel, type ExpiryModel } from '@shared/prediction/chain-model';
import { fairValues, spreadHalfWidth } from '@shared/prediction/fair-value';
import { makeMarkets } from '@shared/prediction/markets';
import { AS_OF, spyChain } from './chain-fixture';

const HALF_A_POINT = 0.005;

function modelOf(chain = spyChain()): ExpiryModel {
  const result = expiryModel(chain);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('fair values on a flat-volatility chain', () => {
  const model = modelOf();

  it('the ATM and the strike IV agree, and the call-spread digital is within 0.5 percentage points of e^(−rT)N(d₂)', () => {
    for (const K of [570, 580, 590, 600, 610, 620, 630]) {
      const f = fairValues(model, { lower: K, upper: null });
      const exact = digitalPrice({ type: 'call', S: 600, K, T: model.T, r: 0.04, q: 0.012, sigma: 0.15 });
      expect(f.atmIv.value).toBeCloseTo(exact, 12);
      expect(f.strikeIv.value).toBeCloseTo(exact, 12);
      expect(Math.abs(f.callSpread.value - exact), `K ${K}`).toBeLessThan(HALF_A_POINT);
    }
  });

  it('prices a bucket [K1, K2) at D(K1) − D(K2), and a whole ladder at the discounted dollar e^(−rT)', () => {
    const lower = fairValues(model, { lower: 590, upper: null });
    const upper = fairValues(model, { lower: 600, upper: null });
    const bucket = fairValues(model, { lower: 590, upper: 600 });
    for (const m of ['atmIv', 'strikeIv', 'callSpread'] as const) expect(bucket[m].value).toBeCloseTo(lower[m].value - upper[m].value, 12);

    const markets = makeMarkets(spyChain());
    if (!markets.ok) throw new Error(markets.error.message);
    for (const m of ['atmIv', 'strikeIv', 'callSpread'] as const) {
      const total = markets.value.ladder.buckets.reduce((s, b) => s + fairValues(model, b)[m].value, 0);
      expect(total, m).toBeCloseTo(Math.exp(-0.04 * model.T), 12);
    }
  });

  it('shows every figure with its formula, its inputs and the data’s date', () => {
    const f = fairValues(model, { lower: 600, upper: null });
    for (const figure of [f.atmIv, f.strikeIv, f.callSpread]) {
      expect(figure.asOf).toBe(AS_OF);
      expect(figure.formula).toMatch(/D\(K\)/);
      const names = figure.inputs.map((i) => i.name);
      for (const n of ['S', 'K', 'T', 'r', 'q']) expect(names, figure.method).toContain(n);
      for (const i of figure.inputs) expect(Number.isFinite(i.value), `${figure.method} ${i.name}`).toBe(true);
    }
    expect(f.atmIv.formula).toContain('e^(−rT)·N(d₂)');
    expect(f.callSpread.formula).toContain('[C(K − h) − C(K + h)] / 2h');
    expect(f.callSpread.inputs.find((i) => i.name === 'h')?.value).toBe(0.5);
    expect(f.callSpread.note).toMatch(/American-style.*European \(Black-Scholes-Merton\) prices at each strike's implied volatility/);
    const bucket = fairValues(model, { lower: 590, upper: 600 });
    expect(bucket.atmIv.formula).toMatch(/^D\(K₁\) − D\(K₂\)/);
    expect(bucket.atmIv.inputs.map((i) => i.name)).toEqual(expect.arrayContaining(['K₁', 'K₂', 'D(K₁)', 'D(K₂)']));
  });
});

describe('fair values with a skew', () => {
  // Puts richer than calls: the IV falls by a tenth of a point per dollar of strike, 15% at the money.
  const model = modelOf(spyChain((k) => 0.15 - 0.001 * (k - 600)));

  it('the call-spread digital carries the skew: above the strike-IV digital, which ignores the slope', () => {
    for (const K of [580, 600, 620]) {
      const f = fairValues(model, { lower: K, upper: null });
      expect(f.strikeIv.inputs.find((i) => i.name === 'σ(K)')?.value).toBeCloseTo(0.15 - 0.001 * (K - 600), 12);
      expect(f.callSpread.value, `K ${K}`).toBeGreaterThan(f.strikeIv.value);
    }
    // At the money the strike's IV is the ATM IV (up to the forward's drift from 600), so the two lognormal figures agree closely.
    const atm = fairValues(model, { lower: 600, upper: null });
    expect(Math.abs(atm.atmIv.value - atm.strikeIv.value)).toBeLessThan(0.01);
  });
});

describe('the call spread’s width', () => {
  it('is half the distance to the nearest other listed strike', () => {
    const smile = [590, 595, 600, 602.5, 610].map((strike) => ({ strike, iv: 0.2 }));
    expect(spreadHalfWidth(smile, 600)).toBe(1.25);
    expect(spreadHalfWidth(smile, 590)).toBe(2.5);
    expect(spreadHalfWidth([{ strike: 600, iv: 0.2 }], 600)).toBe(3);
  });
});
