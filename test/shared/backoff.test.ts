import { describe, expect, it } from 'vitest';
import { backoffDelayMs, jitteredBackoff } from '@shared/backoff';

describe('backoff', () => {
  it('doubles the delay with each attempt up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, 50, 2000))).toEqual([50, 100, 200, 400, 800, 1600, 2000]);
  });

  it('with full jitter, sleeps a random share of the delay: never more than the cap', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    const backoff = jitteredBackoff(sleep, () => 0.5, 10, 200);
    for (const attempt of [1, 2, 3, 10]) await backoff(attempt);
    expect(slept).toEqual([10, 20, 40, 100]);
    const most = jitteredBackoff(sleep, () => 0.999, 8, 120);
    await most(30);
    expect(slept.at(-1)).toBeLessThan(120);
  });
});
