import { describe, expect, it } from 'vitest';
import { chainGreeks, greeks, impliedVol, price } from '@shared/pricing';
import type { ChainBatch, ChainOutput, OptionType } from '@shared/pricing';

/** The batch runs the same kernels as the single-option API, so results must agree to the last bits. */
const SAME_KERNEL = 1e-12;

const S = 100,
  r = 0.03,
  q = 0.01;

/** A small chain: 3 expiries × 9 strikes × call/put, priced off a smile. */
function makeChain(): { isCall: Uint8Array; K: Float64Array; T: Float64Array; sigma: Float64Array } {
  const strikes = [60, 80, 90, 95, 100, 105, 110, 125, 160];
  const expiries = [7 / 365, 0.25, 2];
  const n = strikes.length * expiries.length * 2;
  const chain = {
    isCall: new Uint8Array(n),
    K: new Float64Array(n),
    T: new Float64Array(n),
    sigma: new Float64Array(n),
  };
  let i = 0;
  for (const T of expiries) {
    for (const flag of [1, 0]) {
      for (const K of strikes) {
        chain.isCall[i] = flag;
        chain.K[i] = K;
        chain.T[i] = T;
        chain.sigma[i] = 0.2 + 0.3 * Math.log(K / S) ** 2;
        i++;
      }
    }
  }
  return chain;
}

function typeOf(flag: number | undefined): OptionType {
  return flag === 1 ? 'call' : 'put';
}

describe('chainGreeks', () => {
  it('model mode: prices and Greeks equal the single-option functions contract by contract', () => {
    const chain = makeChain();
    const out = chainGreeks({ S, r, q, ...chain });
    for (let i = 0; i < chain.K.length; i++) {
      const input = { type: typeOf(chain.isCall[i]), S, K: chain.K[i] as number, T: chain.T[i] as number, r, q, sigma: chain.sigma[i] as number };
      const g = greeks(input);
      const p = price(input);
      expect(out.iv[i]).toBe(chain.sigma[i]);
      expect(Math.abs((out.price[i] as number) - p)).toBeLessThanOrEqual(SAME_KERNEL * S);
      for (const name of ['delta', 'gamma', 'theta', 'vega', 'rho'] as const) {
        expect(Math.abs((out[name][i] as number) - g[name]), `${name}[${i}]`).toBeLessThanOrEqual(SAME_KERNEL * S);
      }
    }
  });

  it('market mode: solves IV from mids and returns Greeks at that IV; round-trips the model chain', () => {
    const chain = makeChain();
    const model = chainGreeks({ S, r, q, ...chain });
    const mids = Float64Array.from(model.price);
    const market = chainGreeks({ S, r, q, isCall: chain.isCall, K: chain.K, T: chain.T, price: mids });
    for (let i = 0; i < mids.length; i++) {
      const input = { type: typeOf(chain.isCall[i]), S, K: chain.K[i] as number, T: chain.T[i] as number, r, q };
      const single = impliedVol({ ...input, price: mids[i] as number });
      expect(Object.is(market.iv[i], single), `iv[${i}]`).toBe(true);
      if (Number.isNaN(single)) continue;
      const g = greeks({ ...input, sigma: single });
      expect(Math.abs((market.delta[i] as number) - g.delta)).toBeLessThanOrEqual(SAME_KERNEL);
      expect(Math.abs((market.price[i] as number) - (mids[i] as number))).toBeLessThanOrEqual(1e-10 * S);
    }
    // Near the money the quote pins σ down to round-off.
    const atm = Array.from(chain.K).findIndex((k, i) => k === 100 && chain.T[i] === 0.25);
    expect(Math.abs((market.iv[atm] as number) - (chain.sigma[atm] as number))).toBeLessThan(1e-12);
  });

  it('model mode prices a call and a put on the same strike, expiry and vol together, in any common layout', () => {
    // The same 54 contracts in four orders: by strike with call then put (as shared/market builds chains), put
    // then call, the chain's own (all calls of an expiry, then all puts), and puts first; plus a copy in which
    // every other put has a different vol (no partner) and a calls-only chain (no pairs at all).
    const chain = makeChain();
    const n = chain.K.length;
    const indices = Array.from({ length: n }, (_, i) => i);
    const byStrike = (callFirst: boolean) =>
      indices
        .slice()
        .sort(
          (a, b) =>
            (chain.T[a] as number) - (chain.T[b] as number) ||
            (chain.K[a] as number) - (chain.K[b] as number) ||
            (callFirst ? 1 : -1) * ((chain.isCall[b] as number) - (chain.isCall[a] as number)),
        );
    const putsFirst = indices
      .slice()
      .sort(
        (a, b) =>
          (chain.T[a] as number) - (chain.T[b] as number) ||
          (chain.isCall[a] as number) - (chain.isCall[b] as number) ||
          (chain.K[a] as number) - (chain.K[b] as number),
      );
    const pick = (order: number[], vol = (i: number): number => chain.sigma[i] as number) => ({
      isCall: Uint8Array.from(order, (i) => chain.isCall[i] as number),
      K: Float64Array.from(order, (i) => chain.K[i] as number),
      T: Float64Array.from(order, (i) => chain.T[i] as number),
      sigma: Float64Array.from(order, vol),
    });
    const layouts = [
      pick(byStrike(true)),
      pick(byStrike(false)),
      pick(indices),
      pick(putsFirst),
      pick(byStrike(true), (i) => (chain.sigma[i] as number) + (chain.isCall[i] === 0 && i % 4 === 1 ? 0.05 : 0)),
      pick(indices.filter((i) => chain.isCall[i] === 1)),
    ];
    for (const [l, layout] of layouts.entries()) {
      const out = chainGreeks({ S, r, q, ...layout });
      for (let i = 0; i < layout.K.length; i++) {
        const input = { type: typeOf(layout.isCall[i]), S, K: layout.K[i] as number, T: layout.T[i] as number, r, q, sigma: layout.sigma[i] as number };
        const g = greeks(input);
        expect(out.iv[i]).toBe(input.sigma);
        for (const name of ['price', 'delta', 'gamma', 'theta', 'vega', 'rho'] as const) {
          const scale = SAME_KERNEL * Math.max(S, Math.abs(g[name]));
          expect(Math.abs((out[name][i] as number) - g[name]), `layout ${l} ${name}[${i}]`).toBeLessThanOrEqual(scale);
        }
      }
    }
    // Contracts priced alone run greeks()'s arithmetic exactly.
    const alone = layouts[5] as ReturnType<typeof pick>;
    const out = chainGreeks({ S, r, q, ...alone });
    for (let i = 0; i < alone.K.length; i++) {
      const g = greeks({ type: 'call', S, K: alone.K[i] as number, T: alone.T[i] as number, r, q, sigma: alone.sigma[i] as number });
      expect([out.price[i], out.delta[i], out.gamma[i], out.theta[i], out.vega[i], out.rho[i]]).toEqual([g.price, g.delta, g.gamma, g.theta, g.vega, g.rho]);
    }
  });

  it('market mode: quotes outside no-arbitrage bounds, NaN mids and T = 0 give NaN for that contract only', () => {
    const isCall = Uint8Array.from([1, 1, 0, 1, 0]);
    const K = Float64Array.from([100, 100, 100, 100, 100]);
    const T = Float64Array.from([1, 1, 1, 0, 1]);
    const good = price({ type: 'call', S, K: 100, T: 1, r, q, sigma: 0.25 });
    const mids = Float64Array.from([good, 150, NaN, 3, -1]);
    const out = chainGreeks({ S, r, q, isCall, K, T, price: mids });
    expect(Math.abs((out.iv[0] as number) - 0.25)).toBeLessThan(1e-12);
    for (let i = 1; i < 5; i++) {
      for (const name of ['iv', 'price', 'delta', 'gamma', 'theta', 'vega', 'rho'] as const) {
        expect(out[name][i], `${name}[${i}]`).toBeNaN();
      }
    }
  });

  it('writes into caller-supplied output arrays without allocating new ones', () => {
    const chain = makeChain();
    const n = chain.K.length;
    const buffers: ChainOutput = {
      iv: new Float64Array(n + 5),
      price: new Float64Array(n),
      delta: new Float64Array(n),
      gamma: new Float64Array(n),
      theta: new Float64Array(n),
      vega: new Float64Array(n),
      rho: new Float64Array(n),
    };
    const out = chainGreeks({ S, r, q, ...chain }, buffers);
    for (const name of Object.keys(buffers) as (keyof ChainOutput)[]) expect(out[name]).toBe(buffers[name]);
    const partial = chainGreeks({ S, r, q, ...chain }, { delta: buffers.delta });
    expect(partial.delta).toBe(buffers.delta);
    expect(partial.gamma.length).toBe(n);
  });

  it('handles T = 0 in model mode with intrinsic values', () => {
    const out = chainGreeks({
      S,
      r,
      q,
      isCall: Uint8Array.from([1, 0]),
      K: Float64Array.from([90, 90]),
      T: Float64Array.from([0, 0]),
      sigma: Float64Array.from([0.2, 0.2]),
    });
    expect(Array.from(out.price)).toEqual([10, 0]);
    expect(Array.from(out.delta)).toEqual([1, 0]);
  });

  it('rejects malformed batches with RangeErrors naming the field and index', () => {
    const chain = makeChain();
    const base: ChainBatch = { S, r, q, ...chain };
    expect(() => chainGreeks({ ...base, S: -1 })).toThrow('S must be a positive finite number, got -1');
    expect(() => chainGreeks({ ...base, r: NaN })).toThrow('r must be a finite number, got NaN');
    expect(() => chainGreeks({ ...base, price: new Float64Array(chain.K.length) })).toThrow(
      'exactly one of price (market mode) or sigma (model mode) must be given',
    );
    const { sigma: _sigma, ...withoutSigma } = base;
    expect(() => chainGreeks(withoutSigma)).toThrow(RangeError);
    expect(() => chainGreeks({ ...base, T: new Float64Array(3) })).toThrow('T must have length');
    const badK = Float64Array.from(chain.K);
    badK[4] = 0;
    expect(() => chainGreeks({ ...base, K: badK })).toThrow('K[4] must be a positive finite number, got 0');
    const badFlag = Uint8Array.from(chain.isCall);
    badFlag[2] = 7;
    expect(() => chainGreeks({ ...base, isCall: badFlag })).toThrow('isCall[2] must be 0 (put) or 1 (call), got 7');
    const badSigma = Float64Array.from(chain.sigma);
    badSigma[1] = -0.1;
    expect(() => chainGreeks({ ...base, sigma: badSigma })).toThrow('sigma[1] must be a non-negative finite number');
    expect(() => chainGreeks(base, { delta: new Float64Array(2) })).toThrow('out.delta must be a Float64Array');
  });
});
