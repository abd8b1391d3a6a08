/** A pseudonym for the boards (no learner's name or email is shown to others): FNV-1a of the user id. */
export function displayNameOf(userId: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    h ^= userId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `Trader ${h.toString(16).padStart(8, '0').slice(0, 6).toUpperCase()}`;
}
