import { describe, expect, it } from 'vitest';
import { americanChain, americanGreeks, americanImpliedVol, americanPrice, greeks, impliedVol, price } from '@shared/pricing';
import type { Greeks, OptionInput, OptionType } from '@shared/pricing';

/** The implied-volatility requirement, wherever the premium determines σ. */
const IV_ROUND_TRIP = 1e-8;

function intrinsic(input: OptionInput): number {
  return Math.max(input.type === 'call' ? input.S - input.K : input.K - input.S, 0);
}

const IDENTITY_GRID: OptionInput[] = [];
for (const type of ['call', 'put'] as const) {
  for (const m of [0.5, 0.8, 0.95, 1, 1.05, 1.25, 2]) {
    for (const T of [1 / 365, 14 / 365, 0.25, 1, 3]) {
      for (const sigma of [0.05, 0.25, 0.8]) {
        for (const [r, q] of [
          [0.05, 0],
          [0.02, 0.06],
          [0.08, 0.03],
        ] as const) {
          IDENTITY_GRID.push({ type, S: 100 * m, K: 100, T, r, q, sigma });
        }
      }
    }
  }
}

describe('American options by Andersen-Lake-Offengenden: bounds and identities', () => {
  it('is at least the European value and the intrinsic value, at most the spot (call) or strike (put)', () => {
    for (const input of IDENTITY_GRID) {
      const value = americanPrice(input);
      const label = JSON.stringify(input);
      expect(value, label).toBeGreaterThanOrEqual(Math.max(price(input), intrinsic(input)) - 1e-12 * input.K);
      expect(value, label).toBeLessThanOrEqual(input.type === 'call' ? input.S : input.K);
    }
  });

  it('stays within the no-arbitrage bounds, Greeks finite, far beyond the tested range', () => {
    // σ from 0.01% to 500%, T to 30 years, negative rates and yields (the double-boundary case goes to a tree).
    for (const type of ['call', 'put'] as const) {
      for (const sigma of [1e-4, 0.005, 3, 5]) {
        for (const T of [1e-4, 10, 30]) {
          for (const [r, q] of [
            [1e-6, 0],
            [0.3, 0.3],
            [-0.02, 0],
            [1e-6, -0.02],
          ] as const) {
            for (const S of [1, 100, 10000]) {
              const input: OptionInput = { type, S, K: 100, T, r, q, sigma };
              const value = americanPrice(input);
              const label = JSON.stringify(input);
              expect(value, label).toBeGreaterThanOrEqual(Math.max(price(input), intrinsic(input)) - 1e-12 * Math.max(S, 100));
              const upper = type === 'call' ? S * Math.max(1, Math.exp(-q * T)) : 100 * Math.max(1, Math.exp(-r * T));
              expect(value, label).toBeLessThanOrEqual(upper * (1 + 1e-12));
              const g = americanGreeks(input);
              expect([g.delta, g.gamma, g.theta, g.vega, g.rho].every(Number.isFinite), label).toBe(true);
            }
          }
        }
      }
    }
  });

  it('is the exact intrinsic value deep in the money and never below it', () => {
    expect(americanPrice({ type: 'put', S: 40, K: 100, T: 0.5, r: 0.08, q: 0, sigma: 0.2 })).toBe(60);
    expect(americanPrice({ type: 'call', S: 250, K: 100, T: 0.5, r: 0.02, q: 0.08, sigma: 0.2 })).toBe(150);
  });

  it('rises with volatility and, for puts, with the strike', () => {
    for (const input of IDENTITY_GRID.filter((g) => g.sigma === 0.25)) {
      expect(americanPrice({ ...input, sigma: 0.3 }), JSON.stringify(input)).toBeGreaterThanOrEqual(americanPrice(input));
      if (input.type === 'put') expect(americanPrice({ ...input, K: 101 })).toBeGreaterThanOrEqual(americanPrice(input));
    }
  });

  it('puts and calls obey put-call symmetry C(S, K, r, q) = P(K, S, q, r) to rounding', () => {
    for (const input of IDENTITY_GRID.filter((g) => g.type === 'call')) {
      const swapped: OptionInput = { ...input, type: 'put', S: input.K, K: input.S, r: input.q, q: input.r };
      expect(Math.abs(americanPrice(input) - americanPrice(swapped)), JSON.stringify(input)).toBeLessThanOrEqual(1e-12 * input.S);
    }
  });

  it('never exercises a call without dividends or a put at a zero rate early: exactly the European value', () => {
    for (const input of IDENTITY_GRID) {
      const european = { ...input, ...(input.type === 'call' ? { q: 0 } : { r: 0 }) };
      expect(americanPrice(european)).toBe(price(european));
    }
  });
});

/** Central differences of americanPrice, the engine's own price, in S, T, σ and r. */
function differences(input: OptionInput): Omit<Greeks, 'price'> {
  const at = (change: Partial<OptionInput>): number => americanPrice({ ...input, ...change });
  const h = 1e-3 * input.S;
  const dT = 1e-4 * input.T;
  return {
    delta: (at({ S: input.S + h }) - at({ S: input.S - h })) / (2 * h),
    gamma: (at({ S: input.S + h }) - 2 * at({}) + at({ S: input.S - h })) / (h * h),
    theta: -(at({ T: input.T + dT }) - at({ T: input.T - dT })) / (2 * dT),
    vega: (at({ sigma: input.sigma * 1.001 }) - at({ sigma: input.sigma * 0.999 })) / (0.002 * input.sigma),
    rho: (at({ r: input.r + 1e-4 }) - at({ r: input.r - 1e-4 })) / 2e-4,
  };
}

const GREEKS_GRID: OptionInput[] = [];
for (const type of ['call', 'put'] as const) {
  for (const m of [0.7, 0.9, 1, 1.1, 1.4]) {
    for (const T of [10 / 365, 0.2, 0.6, 2.5]) {
      for (const sigma of [0.1, 0.3, 0.8]) {
        for (const [r, q] of [
          [0.05, 0],
          [0.02, 0.06],
          [0.08, 0.03],
        ] as const) {
          GREEKS_GRID.push({ type, S: 100 * m, K: 100, T, r, q, sigma });
        }
      }
    }
  }
}

describe('American Greeks', () => {
  it('match central differences of the price (away from the exercise boundary, where gamma jumps)', () => {
    const worst = { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 };
    let checked = 0;
    for (const input of GREEKS_GRID) {
      // A difference stencil that reaches across the exercise boundary mixes the two sides: skip those.
      const h = 1e-3 * input.S;
      const exercised = (S: number): boolean => americanPrice({ ...input, S }) === intrinsic({ ...input, S }) && intrinsic({ ...input, S }) > 0;
      if (exercised(input.S - 2 * h) !== exercised(input.S + 2 * h)) continue;
      checked++;
      const g = americanGreeks(input);
      const fd = differences(input);
      const label = JSON.stringify(input);
      expect(g.price, label).toBe(americanPrice(input));
      for (const name of ['delta', 'gamma', 'theta', 'vega', 'rho'] as const) {
        const scale = name === 'delta' ? 1 : name === 'gamma' ? Math.max(Math.abs(fd.gamma), 1e-3 / input.S) : Math.max(Math.abs(fd[name]), 0.01);
        worst[name] = Math.max(worst[name], Math.abs(g[name] - fd[name]) / scale);
      }
    }
    expect(checked).toBeGreaterThan(300);
    // Measured: delta 7.7e-5, gamma 5e-3, theta 1e-8, vega 3.6e-5, rho 7.3e-5 (the differences' own truncation error).
    expect(worst.delta).toBeLessThanOrEqual(2e-4);
    expect(worst.gamma).toBeLessThanOrEqual(1e-2);
    expect(worst.theta).toBeLessThanOrEqual(1e-6);
    expect(worst.vega).toBeLessThanOrEqual(1e-4);
    expect(worst.rho).toBeLessThanOrEqual(2e-4);
  });

  it('have the signs and ranges of American Greeks', () => {
    for (const input of GREEKS_GRID) {
      const g = americanGreeks(input);
      const label = JSON.stringify(input);
      if (input.type === 'call') {
        expect(g.delta, label).toBeGreaterThanOrEqual(0);
        expect(g.delta, label).toBeLessThanOrEqual(1 + 1e-9);
      } else {
        expect(g.delta, label).toBeGreaterThanOrEqual(-1 - 1e-9);
        expect(g.delta, label).toBeLessThanOrEqual(0);
      }
      expect(g.gamma, label).toBeGreaterThanOrEqual(-1e-9);
      expect(g.vega, label).toBeGreaterThanOrEqual(-1e-9);
    }
  });

  it('in the exercise region: intrinsic value, delta ±1, no other sensitivity', () => {
    expect(americanGreeks({ type: 'put', S: 40, K: 100, T: 0.5, r: 0.08, q: 0, sigma: 0.2 })).toEqual({
      price: 60,
      delta: -1,
      gamma: 0,
      theta: 0,
      vega: 0,
      rho: 0,
    });
    expect(americanGreeks({ type: 'call', S: 250, K: 100, T: 0.5, r: 0.02, q: 0.08, sigma: 0.2 })).toEqual({
      price: 150,
      delta: 1,
      gamma: 0,
      theta: 0,
      vega: 0,
      rho: 0,
    });
  });

  it('equal the European Greeks where early exercise never pays, and at expiry', () => {
    const call: OptionInput = { type: 'call', S: 105, K: 100, T: 0.5, r: 0.04, q: 0, sigma: 0.3 };
    expect(americanGreeks(call)).toEqual(greeks(call));
    const put: OptionInput = { type: 'put', S: 95, K: 100, T: 0.5, r: 0, q: 0.02, sigma: 0.3 };
    expect(americanGreeks(put)).toEqual(greeks(put));
    const expired: OptionInput = { type: 'put', S: 95, K: 100, T: 0, r: 0.05, q: 0, sigma: 0.3 };
    expect(americanGreeks(expired)).toEqual(greeks(expired));
  });

  it('at zero volatility follow the best deterministic exercise time', () => {
    // Put, r > 0, q = 0, in the money: exercise now.
    expect(americanGreeks({ type: 'put', S: 90, K: 100, T: 1, r: 0.05, q: 0, sigma: 0 })).toEqual({
      price: 10,
      delta: -1,
      gamma: 0,
      theta: 0,
      vega: 0,
      rho: -0,
    });
    // Call with r=30%, q=10%, S=100, K=40, T=2: exercised at t* = ln(rK/(qS))/(r - q).
    const tStar = Math.log((0.3 * 40) / (0.1 * 100)) / 0.2;
    const g = americanGreeks({ type: 'call', S: 100, K: 40, T: 2, r: 0.3, q: 0.1, sigma: 0 });
    expect(g.delta).toBeCloseTo(Math.exp(-0.1 * tStar), 14);
    expect(g.rho).toBeCloseTo(40 * tStar * Math.exp(-0.3 * tStar), 12);
  });

  it('reject invalid input with the RangeErrors of greeks()', () => {
    const valid: OptionInput = { type: 'put', S: 100, K: 100, T: 1, r: 0.05, q: 0, sigma: 0.2 };
    expect(() => americanGreeks({ ...valid, S: -1 })).toThrow('S must be a positive finite number, got -1');
    expect(() => americanGreeks({ ...valid, sigma: NaN })).toThrow('sigma must be a non-negative finite number, got NaN');
    expect(() => americanGreeks({ ...valid, type: 'straddle' as OptionType })).toThrow(`type must be 'call' or 'put', got "straddle"`);
  });
});

describe('American implied volatility', () => {
  it(`round-trips to ${IV_ROUND_TRIP} wherever the premium determines σ`, () => {
    let checked = 0;
    let worst = 0;
    let where = '';
    for (const type of ['call', 'put'] as const) {
      for (const m of [0.6, 0.8, 0.9, 1, 1.1, 1.25, 1.6]) {
        for (const T of [7 / 365, 30 / 365, 0.25, 1, 3]) {
          for (const sigma of [0.08, 0.2, 0.4, 0.8, 1.4]) {
            for (const [r, q] of [
              [0.05, 0],
              [0.02, 0.06],
              [0.05, 0.05],
            ] as const) {
              const input: OptionInput = { type, S: 100 * m, K: 100, T, r, q, sigma };
              const premium = americanPrice(input);
              // σ is determined where the premium carries time value and a change of 1e-9 in σ moves it by more
              // than its rounding: vega·1e-9 > 4ε·premium.
              const vega = (americanPrice({ ...input, sigma: sigma * 1.001 }) - americanPrice({ ...input, sigma: sigma * 0.999 })) / (0.002 * sigma);
              if (!(premium - intrinsic(input) > 1e-9 * input.K) || !(vega * 1e-9 > 1e-15 * premium)) continue;
              checked++;
              const solved = americanImpliedVol({ type, S: input.S, K: 100, T, r, q, price: premium });
              const error = Math.abs(solved - sigma);
              if (!(error <= worst)) {
                worst = error;
                where = JSON.stringify(input);
              }
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(800);
    // Measured: 5e-14.
    expect(worst, where).toBeLessThanOrEqual(IV_ROUND_TRIP);
  });

  it('is at most the European implied volatility of the same premium', () => {
    for (const input of IDENTITY_GRID.filter((g) => g.T >= 0.25 && g.sigma >= 0.25)) {
      const quote = { type: input.type, S: input.S, K: input.K, T: input.T, r: input.r, q: input.q, price: americanPrice(input) };
      const european = impliedVol(quote);
      if (european === european) expect(americanImpliedVol(quote), JSON.stringify(input)).toBeLessThanOrEqual(european + 1e-12);
    }
  });

  it('is 0 at the zero-volatility value, NaN outside the bounds and at expiry', () => {
    const quote = { type: 'put', S: 90, K: 100, T: 1, r: 0.05, q: 0 } as const;
    expect(americanImpliedVol({ ...quote, price: 10 })).toBe(0);
    expect(americanImpliedVol({ ...quote, price: 9.99 })).toBeNaN();
    expect(americanImpliedVol({ ...quote, price: 100 })).toBeNaN();
    expect(americanImpliedVol({ ...quote, T: 0, price: 12 })).toBeNaN();
    // A deep in-the-money put worth more than K e^{-rT}: beyond the European bounds, still an American volatility.
    const deep = { type: 'put', S: 2, K: 100, T: 2, r: 0.1, q: 0 } as const;
    const premium = americanPrice({ ...deep, sigma: 6 });
    expect(premium).toBeGreaterThan(100 * Math.exp(-0.2));
    expect(Math.abs(americanImpliedVol({ ...deep, price: premium }) - 6)).toBeLessThanOrEqual(IV_ROUND_TRIP);
    // At σ = 3 that put is still exercised at once: its premium, the intrinsic value, says nothing of σ.
    expect(americanPrice({ ...deep, sigma: 3 })).toBe(98);
    expect(americanImpliedVol({ ...deep, price: 98 })).toBe(0);
  });

  it('rejects invalid input with the RangeErrors of impliedVol()', () => {
    expect(() => americanImpliedVol({ type: 'put', S: 100, K: 0, T: 1, r: 0.05, q: 0, price: 5 })).toThrow('K must be a positive finite number, got 0');
    expect(() => americanImpliedVol({ type: 'put', S: 100, K: 100, T: 1, r: 0.05, q: 0, price: NaN })).toThrow('price must be a finite number, got NaN');
  });
});

describe('American chains', () => {
  // 10 expiries × 100 strikes × call/put off a skewed smile, as the bench chain (bench/pricing.ts), q = 2%.
  const S = 100;
  const r = 0.04;
  const q = 0.02;
  const isCall: number[] = [];
  const K: number[] = [];
  const T: number[] = [];
  const sigma: number[] = [];
  for (const days of [7, 14, 30, 60, 91, 182, 273, 365, 730, 1095]) {
    for (const call of [1, 0]) {
      for (let j = 0; j < 100; j++) {
        const strike = S * (0.5 + j / 99);
        const m = Math.log(strike / S) / Math.sqrt(days / 365);
        isCall.push(call);
        K.push(strike);
        T.push(days / 365);
        sigma.push(Math.max(0.08, 0.22 - 0.08 * m + 0.05 * m * m));
      }
    }
  }
  const batch = { S, r, q, isCall: Uint8Array.from(isCall), K: Float64Array.from(K), T: Float64Array.from(T), sigma: Float64Array.from(sigma) };
  const contract = (i: number): OptionInput => ({
    type: isCall[i] === 1 ? 'call' : 'put',
    S,
    K: K[i] as number,
    T: T[i] as number,
    r,
    q,
    sigma: sigma[i] as number,
  });

  it('prices every contract as americanPrice does, to 1e-7 of the strike, and its Greeks as americanGreeks', () => {
    const out = americanChain(batch);
    const worst = { price: 0, delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 };
    for (let i = 0; i < K.length; i++) {
      const g = americanGreeks(contract(i));
      worst.price = Math.max(worst.price, Math.abs((out.price[i] as number) - g.price) / (K[i] as number));
      worst.delta = Math.max(worst.delta, Math.abs((out.delta[i] as number) - g.delta));
      worst.gamma = Math.max(worst.gamma, Math.abs((out.gamma[i] as number) - g.gamma) * S);
      for (const name of ['theta', 'vega', 'rho'] as const) {
        worst[name] = Math.max(worst[name], Math.abs((out[name][i] as number) - g[name]) / Math.max(1, Math.abs(g[name])));
      }
      expect(out.iv[i]).toBe(sigma[i]);
    }
    // Measured: price 1.6e-8, delta 3.8e-8, gamma 3.9e-7, theta 4.9e-5, vega 4.9e-5, rho 3.3e-4 (a 7-day deep
    // in-the-money call beside the exercise boundary; elsewhere below 1e-4).
    expect(worst.price).toBeLessThanOrEqual(1e-7);
    expect(worst.delta).toBeLessThanOrEqual(1e-6);
    expect(worst.gamma).toBeLessThanOrEqual(1e-5);
    expect(worst.theta).toBeLessThanOrEqual(5e-4);
    expect(worst.vega).toBeLessThanOrEqual(5e-4);
    expect(worst.rho).toBeLessThanOrEqual(1e-3);
  });

  it('with greeks: false gives the same prices and NaN Greeks', () => {
    const full = americanChain(batch);
    const prices = americanChain(batch, undefined, { greeks: false });
    expect(Array.from(prices.price)).toEqual(Array.from(full.price));
    expect(prices.delta.every((d) => Number.isNaN(d))).toBe(true);
  });

  it('prices a small family (no interpolation) exactly as americanPrice', () => {
    const small = {
      S,
      r,
      q,
      isCall: Uint8Array.of(0, 1, 0),
      K: Float64Array.of(90, 100, 110),
      T: Float64Array.of(0.5, 0.5, 0.5),
      sigma: Float64Array.of(0.3, 0.25, 0.2),
    };
    const out = americanChain(small, undefined, { greeks: false });
    [0, 1, 2].forEach((i) => {
      const input: OptionInput = { type: small.isCall[i] === 1 ? 'call' : 'put', S, K: small.K[i] as number, T: 0.5, r, q, sigma: small.sigma[i] as number };
      expect(out.price[i]).toBe(americanPrice(input));
    });
  });

  it('in market mode recovers the volatilities from American premiums: NaN below the bounds, 0 where exercised at once', () => {
    // 777 (a 60-day put with strike 127.8) and 1999 (a 3-year put with strike 150) are in the exercise region: their
    // premium is the intrinsic value whatever σ up to some level, so it carries no volatility (0, as impliedVol).
    const picked = [5, 150, 420, 777, 1203, 1650, 1999];
    const premiums = Float64Array.from(picked, (i) => americanPrice(contract(i)));
    premiums[0] = 0.5 * intrinsic(contract(5)) - 1;
    const out = americanChain({
      S,
      r,
      q,
      isCall: Uint8Array.from(picked, (i) => isCall[i] as number),
      K: Float64Array.from(picked, (i) => K[i] as number),
      T: Float64Array.from(picked, (i) => T[i] as number),
      price: premiums,
    });
    expect(out.iv[0]).toBeNaN();
    expect(out.price[0]).toBeNaN();
    picked.forEach((i, k) => {
      if (k === 0) return;
      if (i === 777 || i === 1999) {
        expect(premiums[k]).toBe(intrinsic(contract(i)));
        expect(out.iv[k]).toBe(0);
        return;
      }
      expect(Math.abs((out.iv[k] as number) - (sigma[i] as number))).toBeLessThanOrEqual(IV_ROUND_TRIP);
      expect(Math.abs((out.price[k] as number) - (premiums[k] as number))).toBeLessThanOrEqual(1e-9);
    });
  });

  it('rejects malformed batches as chainGreeks does', () => {
    expect(() => americanChain({ ...batch, K: Float64Array.of(100) })).toThrow(RangeError);
    expect(() => americanChain({ ...batch, sigma: undefined })).toThrow('exactly one of price (market mode) or sigma (model mode) must be given');
    const bad = Float64Array.from(sigma);
    bad[3] = -0.1;
    expect(() => americanChain({ ...batch, sigma: bad })).toThrow('sigma[3] must be a non-negative finite number, got -0.1');
  });
});
