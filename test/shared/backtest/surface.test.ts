import { describe, expect, it } from 'vitest';
import { atmVolAt, surfaceOf, volAt } from '@shared/backtest';
import { T30, T90 } from '@shared/metrics/daily-summary';
import { summaryRow } from './support/history';

const R = 0.04;
const Q = 0.01;
const row = summaryRow('SPY', '2026-06-01', 500, 0.18, { iv90: 0.2, iv25dCall: 0.16, iv25dPut: 0.23 });
const surface = surfaceOf(row)!;
/** The strike at standardised moneyness x at T: K = F·e^(x·σ_atm·√T). */
const strikeAt = (x: number, T: number) => 500 * Math.exp((R - Q) * T) * Math.exp(x * atmVolAt(surface, T) * Math.sqrt(T));
const X25 = 0.6744897501960817; // N⁻¹(0.75)

describe('the surface read from a daily summary', () => {
  it('gives IV30 at the money at 30 days and IV90 at 90, in total variance between, flat outside', () => {
    expect(atmVolAt(surface, T30)).toBeCloseTo(0.18, 12);
    expect(atmVolAt(surface, T90)).toBeCloseTo(0.2, 12);
    const T = 60 / 365;
    const w = 0.18 ** 2 * T30 + ((0.2 ** 2 * T90 - 0.18 ** 2 * T30) * (T - T30)) / (T90 - T30);
    expect(atmVolAt(surface, T)).toBeCloseTo(Math.sqrt(w / T), 12);
    expect(atmVolAt(surface, 7 / 365)).toBe(0.18);
    expect(atmVolAt(surface, 200 / 365)).toBe(0.2);
  });

  it('gives the summary’s 25-delta call and put IVs at their moneyness at 30 days, and IV30 at the forward', () => {
    expect(volAt(surface, 500, strikeAt(X25, T30), T30, R, Q)).toBeCloseTo(0.16, 10);
    expect(volAt(surface, 500, strikeAt(-X25, T30), T30, R, Q)).toBeCloseTo(0.23, 10);
    expect(volAt(surface, 500, strikeAt(0, T30), T30, R, Q)).toBeCloseTo(0.18, 10);
    // Puts dearer than calls: the skew the summary carries.
    expect(volAt(surface, 500, 450, T30, R, Q)).toBeGreaterThan(volAt(surface, 500, 550, T30, R, Q));
  });

  it('keeps the smile in standardised moneyness at other expiries', () => {
    const T = T90;
    expect(volAt(surface, 500, strikeAt(-X25, T), T, R, Q) / atmVolAt(surface, T)).toBeCloseTo(0.23 / 0.18, 10);
  });

  it('is flat without the 25-delta IVs, flat in T without IV90, and absent without IV30', () => {
    const flat = surfaceOf({ ...row, iv25dCall: null, iv90: null })!;
    expect(volAt(flat, 500, 400, 0.5, R, Q)).toBe(0.18);
    expect(surfaceOf({ ...row, iv30: null })).toBeNull();
  });
});
