import { describe, expect, it } from 'vitest';
import { indianGreeks } from '@shared/market/india/greeks-calculator';

// Expected values: the BSM formulas evaluated independently (Python, math.erf) with r = 365·ln(1 + 0.0525/365).
describe('Indian Greeks calculator', () => {
  it('prices an at-the-money NIFTY call per share and per lot of 65', () => {
    const res = indianGreeks({ type: 'call', spot: 26000, strike: 26000, days: 30, iv: 0.12, repoRate: 0.0525, dividendYield: 0.012, lotSize: 65 });
    if (!res.ok) throw new Error(res.error.message);
    const { perShare, perLot, r } = res.value;
    expect(r).toBeCloseTo(0.0524962247, 9);
    expect(perShare.price).toBeCloseTo(400.702306, 4);
    expect(perShare.delta).toBeCloseTo(0.544824, 5);
    expect(perShare.gamma).toBeCloseTo(0.00044268, 7);
    expect(perShare.theta).toBeCloseTo(-7.417095, 4);
    expect(perShare.vega).toBeCloseTo(29.515467, 4);
    expect(perShare.rho).toBeCloseTo(11.313468, 4);
    expect(perLot.price).toBeCloseTo(400.702306 * 65, 2);
    expect(perLot.delta).toBeCloseTo(0.544824 * 65, 3);
    expect(perLot.theta).toBeCloseTo(-7.417095 * 65, 2);
  });

  it('prices the matching put', () => {
    const res = indianGreeks({ type: 'put', spot: 26000, strike: 26000, days: 30, iv: 0.12, repoRate: 0.0525, dividendYield: 0.012, lotSize: 65 });
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.perShare.price).toBeCloseTo(314.391461, 4);
    expect(res.value.perShare.delta).toBeCloseTo(-0.45419, 5);
    expect(res.value.perShare.theta).toBeCloseTo(-4.54769, 4);
    expect(res.value.perShare.rho).toBeCloseTo(-9.964387, 4);
  });

  it('counts days to expiry from the dates as calendar days, with the latest repo rate by default', () => {
    const res = indianGreeks({ type: 'put', spot: 1500, strike: 1450, expiry: '2026-12-29', today: '2026-12-15', iv: 0.25, lotSize: 500 });
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.daysToExpiry).toBe(14);
    expect(res.value.repoRate).toBe(0.0525);
    expect(res.value.perShare.price).toBeCloseTo(9.7323, 4);
    expect(res.value.perShare.delta).toBeCloseTo(-0.224221, 5);
    expect(res.value.perLot.price).toBeCloseTo(9.7323 * 500, 1);
    expect(res.value.formula.join('\n')).toContain('Per lot = per share × 500');
    expect(res.value.formula.join('\n')).toContain('T = 14 days / 365');
  });

  it('is worth its intrinsic value on the expiry day', () => {
    const res = indianGreeks({ type: 'call', spot: 26100, strike: 26000, expiry: '2026-12-29', today: '2026-12-29', iv: 0.12, lotSize: 65 });
    if (!res.ok) throw new Error(res.error.message);
    expect(res.value.daysToExpiry).toBe(0);
    expect(res.value.perShare.price).toBeCloseTo(100, 9);
    expect(res.value.perLot.price).toBeCloseTo(6500, 6);
    expect(res.value.perShare.delta).toBe(1);
  });

  it('refuses inputs it cannot price, in words', () => {
    const base = { type: 'call' as const, spot: 100, strike: 100, days: 10, iv: 0.2, lotSize: 100 };
    expect(indianGreeks({ ...base, spot: 0 })).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(indianGreeks({ ...base, iv: 0 })).toMatchObject({ ok: false });
    expect(indianGreeks({ ...base, lotSize: 2.5 })).toMatchObject({ ok: false });
    expect(indianGreeks({ ...base, days: undefined })).toMatchObject({ ok: false });
    expect(indianGreeks({ ...base, days: undefined, expiry: '2026-11-01', today: '2026-11-02' })).toMatchObject({
      ok: false,
      error: { message: 'This contract has already expired.' },
    });
  });
});
