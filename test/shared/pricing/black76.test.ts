import { describe, expect, it } from 'vitest';
import { black76, price } from '@shared/pricing';
import type { Black76Input } from '@shared/pricing';

const PUBLISHED_2DP = 0.005;
const PUBLISHED_4DP = 0.00005;
const IDENTITY_RELATIVE = 1e-13;

function within(actual: number, expected: number, tolerance: number, label: string): void {
  expect(Math.abs(actual - expected), `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(tolerance);
}

describe('Black-76', () => {
  // Haug's value as reproduced (from the 1st ed., "Option pricing formulas", McGraw-Hill 1998, pp. 2-8) in QuantLib
  // test-suite/europeanoption.cpp testValues; a 2nd-ed. section number could not be confirmed.
  it('Haug, Complete Guide 1st ed., pp. 2-8 (QuantLib europeanoption.cpp), Black-76: put F=19, K=19, T=0.75, r=10%, σ=28% → 1.7011', () => {
    within(black76({ type: 'put', F: 19, K: 19, T: 0.75, r: 0.1, sigma: 0.28 }), 1.7011, PUBLISHED_4DP, 'put');
  });

  // Hull's example as quoted in vollib/py_vollib, py_vollib/ref_python/black (7th ed. Example 16.6, d₁ = 0.07216,
  // put 1.1166). Its chapter and example number in the 9th ed. could not be confirmed.
  it('Hull, OFOD, “Futures options and Black’s model” (7th ed. Example 16.6): crude-oil futures put F=K=20, r=9%, σ=25%, T=4m → 1.12', () => {
    within(black76({ type: 'put', F: 20, K: 20, T: 4 / 12, r: 0.09, sigma: 0.25 }), 1.12, PUBLISHED_2DP, 'put');
  });

  it('put-call parity on the forward: c - p = e^{-rT}(F - K), and equals BSM with q = r', () => {
    for (const F of [50, 95, 100, 140]) {
      for (const T of [0.01, 0.5, 3]) {
        const input: Black76Input = { type: 'call', F, K: 100, T, r: 0.04, sigma: 0.35 };
        const parity = black76(input) - black76({ ...input, type: 'put' });
        within(parity, Math.exp(-0.04 * T) * (F - 100), IDENTITY_RELATIVE * (F + 100), `parity F=${F} T=${T}`);
        const asBsm = price({ type: 'call', S: F, K: 100, T, r: 0.04, q: 0.04, sigma: 0.35 });
        within(black76(input), asBsm, IDENTITY_RELATIVE * (F + 100), `BSM F=${F} T=${T}`);
      }
    }
  });

  it('degenerate inputs: T = 0 gives intrinsic, σ = 0 the discounted forward intrinsic', () => {
    expect(black76({ type: 'call', F: 110, K: 100, T: 0, r: 0.05, sigma: 0.2 })).toBe(10);
    within(black76({ type: 'put', F: 90, K: 100, T: 1, r: 0.05, sigma: 0 }), 10 * Math.exp(-0.05), 1e-12, 'σ = 0');
  });

  it('validates its inputs with RangeErrors naming the field', () => {
    const valid: Black76Input = { type: 'call', F: 100, K: 100, T: 1, r: 0.05, sigma: 0.2 };
    expect(() => black76({ ...valid, F: 0 })).toThrow('F must be a positive finite number, got 0');
    expect(() => black76({ ...valid, T: -1 })).toThrow('T must be a non-negative finite number, got -1');
    expect(() => black76({ ...valid, r: Infinity })).toThrow('r must be a finite number, got Infinity');
  });
});
