import { describe, expect, it } from 'vitest';
import { takerFeeCents, takerFeeOfFillCents } from '@shared/prediction/fee';

const fee = (count: number, priceCents: number): number => {
  const result = takerFeeCents(count, priceCents);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe("Kalshi's taker fee: round up to the cent of 0.07 × C × P × (1 − P)", () => {
  it('is 2¢ for one contract at 50¢ and $1.75 for a hundred', () => {
    expect(fee(1, 50)).toBe(2); // 0.0175 dollars → 2¢
    expect(fee(100, 50)).toBe(175); // exactly $1.75: no binary fraction pushes it to $1.76
  });

  it('falls toward the extremes, and one contract at 1¢ or 99¢ still pays a cent', () => {
    expect(fee(1, 1)).toBe(1); // 0.07 × 0.01 × 0.99 = 0.000693 → 1¢
    expect(fee(1, 99)).toBe(1);
    expect(fee(100, 1)).toBe(7); // 0.07 × 100 × 0.01 × 0.99 = 0.0693 dollars → 7¢
  });

  it('matches the formula at several prices and counts', () => {
    // Worked by hand: 0.07 × C × P × (1 − P) in dollars, then rounded up to the cent.
    expect(fee(10, 20)).toBe(12); // 0.07 × 10 × 0.2 × 0.8 = 0.112 → 12¢
    expect(fee(10, 90)).toBe(7); // 0.07 × 10 × 0.9 × 0.1 = 0.063 → 7¢
    expect(fee(3, 42)).toBe(6); // 0.07 × 3 × 0.42 × 0.58 = 0.051156 → 6¢
    expect(fee(25, 75)).toBe(33); // 0.07 × 25 × 0.75 × 0.25 = 0.328125 → 33¢
    expect(fee(1000, 5)).toBe(333); // 0.07 × 1000 × 0.05 × 0.95 = 3.325 → $3.33
    for (const count of [1, 2, 7, 50, 333, 1000])
      for (let p = 1; p <= 99; p++) {
        const dollars = 0.07 * count * (p / 100) * (1 - p / 100);
        const got = fee(count, p);
        // Rounded up to the cent: at least the exact fee, less than a cent above it.
        expect(got / 100, `${count} at ${p}¢`).toBeGreaterThanOrEqual(dollars - 1e-12);
        expect(got / 100 - dollars, `${count} at ${p}¢`).toBeLessThan(0.01);
      }
  });

  it('refuses a price outside 1–99 whole cents or a count that is not a whole number from 1, naming the field', () => {
    for (const [count, price, field] of [
      [1, 0, 'price'],
      [1, 100, 'price'],
      [1, 50.5, 'price'],
      [0, 50, 'count'],
      [1.5, 50, 'count'],
    ] as const) {
      const result = takerFeeCents(count, price);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: 'bad_request', details: { field } });
    }
  });
});

describe('the taker fee of an order filled at several prices', () => {
  it('sums the formula over the levels and rounds up once, as one equivalent fill would pay', () => {
    // 3 at 58¢: 0.07 × 3 × 0.58 × 0.42 = 0.051156; 3 at 60¢: 0.07 × 3 × 0.6 × 0.4 = 0.0504; together 0.101556 → 11¢
    // (rounded level by level it would be 6¢ + 6¢ = 12¢).
    const result = takerFeeOfFillCents([
      { price: 58, count: 3 },
      { price: 60, count: 3 },
    ]);
    expect(result).toEqual({ ok: true, value: 11 });
    expect(takerFeeOfFillCents([{ price: 50, count: 100 }])).toEqual({ ok: true, value: 175 });
    expect(takerFeeOfFillCents([])).toEqual({ ok: true, value: 0 });
  });
});
