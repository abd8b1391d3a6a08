/**
 * The highest gamification state version this tab has seen, from a state (`version`) or an award in the feed
 * (`stateVersion`). Every state read passes it as `minVersion`, so the server's short-lived per-learner cache never
 * answers with an older state than one the learner has been shown (README "Decisions", gamification reads).
 */
let seen = 0;

export function noteGameVersion(version: number | undefined | null): void {
  if (typeof version === 'number' && version > seen) seen = version;
}

export const seenGameVersion = (): number => seen;

/** The state read's query: nothing until a version has been seen. */
export const minVersionQuery = (): Record<string, string> | undefined => (seen > 0 ? { minVersion: String(seen) } : undefined);
