/** Rounds to cents, away from binary fuzz (0.1 + 0.2 → 0.3). */
export const cents = (x: number): number => Math.round((x + Number.EPSILON * Math.sign(x)) * 100) / 100;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** $1,234.56 — the format of the compliance messages. */
export const formatUsd = (x: number): string => usd.format(cents(x));

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}
