import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeAtExpiry, expectedMove, framePrices, niceStep, payoffCurve, payoffFrame, PAYOFF_ZOOMS, type PayoffFrame } from '@shared/strategy';
import { buyCall, buyPut, sellCall, sellPut } from './support/legs';

const T30 = 30 / 365;
const contains = (f: PayoffFrame, x: number) => f.low <= x && x <= f.high;

describe('payoffFrame: the price axis a beginner can read', () => {
  // The case: SPY at $585.81, a $586/$600 bull call spread 30 days out at 14% IV. The spec's 70%–130% drew it
  // over $410–$762, where the part above the breakeven is 5% of the width.
  const spot = 585.81;
  const spread = [buyCall(586, 9.9), sellCall(600, 3.4)];
  const { breakevens } = analyzeAtExpiry(spread);
  const move = expectedMove(spot, 0.14, T30);
  const frame = payoffFrame({ spot, strikes: [586, 600], breakevens, move });

  it('frames the strikes, the breakeven, today and the expected move, so profit and loss both get room', () => {
    expect(breakevens).toEqual([592.5]);
    for (const x of [586, 600, 592.5, spot, move.oneSigma.low, move.oneSigma.high]) expect(contains(frame, x), String(x)).toBe(true);
    expect(frame).toMatchObject({ low: 550, high: 620, tick: 10 });
    const profitShare = (frame.high - 592.5) / (frame.high - frame.low);
    expect(profitShare).toBeGreaterThan(0.35);
    expect((762 - 592.5) / (762 - 410)).toBeGreaterThan(0.45); // the old axis gave room to the flat part only
    expect((600 - 592.5) / (762 - 410)).toBeLessThan(0.03); // …and 2% to the rising part
    expect((600 - 592.5) / (frame.high - frame.low)).toBeGreaterThan(0.1);
  });

  it('ticks are round, evenly spaced and run from low to high; an arrow key moves about 1% of the width', () => {
    expect(frame.ticks).toEqual([550, 560, 570, 580, 590, 600, 610, 620]);
    expect(frame.step).toBe(1);
  });

  it('without an IV it frames the strikes, breakevens and today only', () => {
    const f = payoffFrame({ spot: 100, strikes: [95, 105], breakevens: [97, 103] });
    // 95–105 padded by 2 on each side, out to the $2 tick.
    expect(f).toMatchObject({ low: 92, high: 108, tick: 2 });
  });

  it('a lone strike at the money still shows ±3% around it, and more once padded', () => {
    const f = payoffFrame({ spot: 100, strikes: [100], breakevens: [103] });
    expect(f).toMatchObject({ low: 97, high: 106, tick: 1 });
  });

  it('never reaches below a price of zero', () => {
    const f = payoffFrame({ spot: 2, strikes: [0.5, 1], breakevens: [0.8], move: expectedMove(2, 2, 1) }, 'full');
    expect(f.low).toBe(0);
    expect(f.ticks[0]).toBe(0);
  });

  it("'wide' takes in the ±2σ move and 'full' the spec's 70%–130%, each containing the narrower frame", () => {
    const wide = payoffFrame({ spot, strikes: [586, 600], breakevens, move }, 'wide');
    const full = payoffFrame({ spot, strikes: [586, 600], breakevens, move }, 'full');
    expect(contains(wide, move.twoSigma.low) && contains(wide, move.twoSigma.high)).toBe(true);
    expect(wide.low).toBeLessThanOrEqual(frame.low);
    expect(wide.high).toBeGreaterThanOrEqual(frame.high);
    expect(full.low).toBeLessThanOrEqual(0.7 * spot);
    expect(full.high).toBeGreaterThanOrEqual(1.3 * spot);
    expect(full.low).toBeLessThanOrEqual(wide.low);
    expect(full.high).toBeGreaterThanOrEqual(wide.high);
  });

  it('zooming out never cuts off what the frame before showed, even where a coarser tick rounds an end inward', () => {
    // Found by the property below: the full frame's $25 tick put its low at 125, above the wide frame's 120.
    const spot = 212.02;
    const legs = [buyCall(168, 0.01)];
    const frames = PAYOFF_ZOOMS.map((z) =>
      payoffFrame({ spot, strikes: [168], breakevens: analyzeAtExpiry(legs).breakevens, move: expectedMove(spot, 0.05, T30) }, z),
    );
    expect(frames.map((f) => f.low)).toEqual([150, 120, 100]);
    for (let i = 1; i < frames.length; i++) expect(frames[i]!.high).toBeGreaterThanOrEqual(frames[i - 1]!.high);
  });

  it('holds for any strategy: everything of interest inside, nested zooms, ticks on a round grid from low to high', () => {
    const arbLeg = fc
      .tuple(fc.constantFrom(buyCall, sellCall, buyPut, sellPut), fc.double({ min: 1, max: 2000, noNaN: true }), fc.double({ min: 0.01, max: 50, noNaN: true }))
      .map(([make, K, p]) => make(Math.round(K * 2) / 2, Math.round(p * 100) / 100));
    fc.assert(
      fc.property(
        fc.array(arbLeg, { minLength: 1, maxLength: 4 }),
        fc.double({ min: 1, max: 2000, noNaN: true }),
        fc.option(fc.double({ min: 0.05, max: 1.5, noNaN: true }), { nil: null }),
        (legs, spot, iv) => {
          const strikes = legs.map((l) => l.strike);
          const breakevens = analyzeAtExpiry(legs).breakevens;
          const mv = iv === null ? null : expectedMove(spot, iv, T30);
          const frames = PAYOFF_ZOOMS.map((z) => payoffFrame({ spot, strikes, breakevens, move: mv }, z));
          for (const f of frames) {
            expect(f.low).toBeGreaterThanOrEqual(0);
            expect(f.high).toBeGreaterThan(f.low);
            for (const x of [spot, ...strikes, ...breakevens.filter((b) => b > 0)]) expect(contains(f, x)).toBe(true);
            if (mv) expect(contains(f, mv.oneSigma.high) && contains(f, Math.max(mv.oneSigma.low, 0))).toBe(true);
            expect(f.ticks[0]).toBe(f.low);
            expect(f.ticks.at(-1)).toBe(f.high);
            for (let i = 1; i < f.ticks.length; i++) expect(f.ticks[i]! - f.ticks[i - 1]!).toBeCloseTo(f.tick, 6);
            expect(f.ticks.length).toBeGreaterThanOrEqual(7);
            expect(f.ticks.length).toBeLessThanOrEqual(15);
            expect(f.step).toBeGreaterThan(0);
          }
          for (let i = 1; i < frames.length; i++) {
            expect(frames[i]!.low).toBeLessThanOrEqual(frames[i - 1]!.low);
            expect(frames[i]!.high).toBeGreaterThanOrEqual(frames[i - 1]!.high);
          }
        },
      ),
    );
  });
});

describe('niceStep', () => {
  it('rounds up, or down, to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    const xs = [0.3, 0.8, 1, 1.75, 2.2, 4, 7, 10.95, 240];
    expect(xs.map((x) => niceStep(x))).toEqual([0.5, 1, 1, 2, 2.5, 5, 10, 20, 250]);
    expect(xs.map((x) => niceStep(x, 'down'))).toEqual([0.25, 0.5, 1, 1, 2, 2.5, 5, 10, 200]);
  });
});

describe('framePrices and payoffCurve on them', () => {
  it('passes through every kink inside the frame, ascending, so the line bends at the strikes and crosses zero at the breakevens', () => {
    const prices = framePrices({ low: 90, high: 110 }, [95, 103, 103, 80, 120], 5);
    expect(prices).toEqual([90, 95, 95, 100, 103, 105, 110].filter((x, i, a) => a.indexOf(x) === i));
  });

  it('payoffCurve evaluates exactly the prices given', () => {
    const legs = [buyCall(100, 3), sellCall(105, 1.2)];
    const curve = payoffCurve(legs, { spot: 100, asOf: '2026-11-18', prices: [101.8, 104] });
    expect(curve.map((p) => p.price)).toEqual([101.8, 104]);
    expect(curve[0]!.expiry).toBeCloseTo(0, 9); // the breakeven: 100 + 1.80 debit
    expect(curve[1]!.expiry).toBeCloseTo(220, 9);
  });
});
