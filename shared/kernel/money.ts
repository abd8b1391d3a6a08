/** Rounds to cents, away from binary fuzz (0.1 + 0.2 → 0.3). */
export const cents = (x: number): number => Math.round((x + Number.EPSILON * Math.sign(x)) * 100) / 100;

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}
