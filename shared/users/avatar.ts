/**
 * A learner's avatar drawn here, never fetched from an image service (the spec's source loaded avatars from one; issue 20
 * asks for none): their initials, or an identicon, a 5×5 left-right symmetric pattern in one colour, made from a seed
 * the learner can re-roll. Same seed, same picture, on every device.
 */

/** FNV-1a, 32 bits: small, fast and well spread for a short seed; not a security hash (nothing here is secret). */
function fnv1a(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export interface Identicon {
  /** Hue of the foreground, 0-359. */
  hue: number;
  /** 5 rows of 5 cells, true where the colour is painted; column c mirrors column 4 − c. */
  cells: boolean[][];
}

export function identicon(seed: string): Identicon {
  const bits = fnv1a(seed);
  const hue = fnv1a(seed, 0x9e3779b9) % 360;
  const cells = Array.from({ length: 5 }, (_, r) => {
    const left = [0, 1, 2].map((c) => ((bits >>> (r * 3 + c)) & 1) === 1);
    return [left[0]!, left[1]!, left[2]!, left[1]!, left[0]!];
  });
  // An empty picture says nothing: light the centre column when the seed painted no cell.
  if (!cells.some((row) => row.some(Boolean))) for (const row of cells) row[2] = true;
  return { hue, cells };
}

/** Initials of a display name ("Grace Hopper" → "GH", "ada" → "AD"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [[...words[0]!][0], [...words.at(-1)!][0]] : [...(words[0] ?? 'U')].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A colour of its own for each learner's initials avatar, from a stable key, so two learners' avatars differ. */
export const avatarHue = (key: string): number => fnv1a(key) % 360;

const SEED_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A fresh seed for "re-roll" from any random source (the browser passes crypto.getRandomValues' numbers). */
export const seedFrom = (random: readonly number[]): string => random.map((n) => SEED_ALPHABET[n % SEED_ALPHABET.length]).join('');
