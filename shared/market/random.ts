/**
 * Seeded randomness for the simulated market: the same (ticker, day, purpose) always gives the
 * same numbers, so tests and screenshots are stable and every server instance agrees.
 */

/** 32-bit FNV-1a hash of a string. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small, fast PRNG with a 32-bit state; uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  uniform(): number;
  /** Standard normal (Box-Muller). */
  normal(): number;
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number;
}

export function seededRng(...parts: (string | number)[]): Rng {
  const next = mulberry32(hashString(parts.join('|')));
  return {
    uniform: next,
    normal() {
      const u = Math.max(next(), 1e-12);
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    },
    int(lo, hi) {
      return lo + Math.floor(next() * (hi - lo + 1));
    },
  };
}
