import { describe, expect, it } from 'vitest';
import { continuousRepoRate, RBI_REPO_RATE, repoRateOn } from '@shared/market/india/repo-rate';

describe('RBI repo rate', () => {
  // RBI MPC, 5 December 2025: cut by 25 bps to 5.25%, unchanged since at the 2026 meetings found.
  it('is 5.25% since 5 December 2025', () => {
    expect(RBI_REPO_RATE.rate).toBe(0.0525);
    expect(RBI_REPO_RATE.effectiveFrom).toBe('2025-12-05');
    expect(repoRateOn('2026-11-30').rate).toBe(0.0525);
  });

  it('was 5.50% the day before the December 2025 cut', () => {
    expect(repoRateOn('2025-12-04').rate).toBe(0.055);
    expect(repoRateOn('2025-12-05').rate).toBe(0.0525);
  });

  it('turns the overnight rate compounded daily into a continuous rate a little below it', () => {
    const r = continuousRepoRate(0.0525);
    // Growth over a year matches: e^r = (1 + 0.0525/365)^365.
    expect(Math.exp(r)).toBeCloseTo((1 + 0.0525 / 365) ** 365, 12);
    expect(r).toBeLessThan(0.0525);
    expect(0.0525 - r).toBeLessThan(5e-6);
  });
});
