/** XP toasts (spec part 1 §2, §9): shown 3000 ms, fading over the last 500 ms, at most 3 stacked 80 px apart, the oldest dropped. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_FADE_MS = 500;
export const MAX_TOASTS = 3;
export const TOAST_OFFSET_PX = 80;
/** Colour tiers: 500 XP and up (with particles), 100 XP and up, or lower. */
export const TOAST_TIERS = { epic: 500, major: 100 } as const;
/** How often the feed is read: every second for a while after one of the learner's own actions, so a toast appears within 2 s; else every 15 s. */
export const FEED_FAST_MS = 1000;
export const FEED_SLOW_MS = 15_000;
export const FEED_FAST_WINDOW_MS = 30_000;

export type ToastTier = 'epic' | 'major' | 'minor';
export const tierOf = (xp: number): ToastTier => (xp >= TOAST_TIERS.epic ? 'epic' : xp >= TOAST_TIERS.major ? 'major' : 'minor');

export interface Toast {
  id: string;
  xp: number;
  label: string;
  icon: string;
  tier: ToastTier;
  /** When it appeared (ms): it closes TOAST_DURATION_MS later. */
  shownAt: number;
  /** Shown instead of "+N XP" (a level reached while the learner is busy). */
  headline?: string;
}

/** Adds toasts, newest last, keeping the newest MAX_TOASTS (a fourth drops the oldest). */
export const pushToasts = (list: readonly Toast[], added: readonly Toast[]): Toast[] => [...list, ...added].slice(-MAX_TOASTS);

/** The awards that make a toast: XP earned by a learning or reward action. Trading awards are quiet: no celebration fires on an order (issue 19). */
export const toastsOf = (awards: readonly { id: string; xp: number; label: string; icon: string; quiet: boolean }[], now: number): Toast[] =>
  awards.filter((a) => !a.quiet && a.xp > 0).map((a) => ({ id: a.id, xp: a.xp, label: a.label, icon: a.icon, tier: tierOf(a.xp), shownAt: now }));

/**
 * The toast that stands in for the level-up modal while a lesson, a quiz or a form is open: the level is said now, the
 * celebration waits until the learner finishes or leaves (issue 33).
 */
export const heldLevelUpToast = (up: { to: number }, now: number): Toast => ({
  id: `level-${up.to}-${now}`,
  xp: 0,
  headline: `Level ${up.to} reached`,
  label: 'We will celebrate when you finish.',
  icon: '⭐',
  tier: 'major',
  shownAt: now,
});
