import { useEffect, useSyncExternalStore } from 'react';
import { setNumberStyle } from '@shared/format/number-style';
import { DEFAULT_DISPLAY, normalizeSettings, resolveReducedMotion, resolveTheme, type DisplaySettings } from '@shared/users/profile-settings';

/**
 * The learner's display settings in this browser (issue 20): theme, motion and number format. They live on the server
 * with the profile (so they follow the learner) and in localStorage, which /display-boot.js reads before the first paint
 * (the CSP allows scripts from 'self' only, so that one is a file, not inline). `<html data-theme data-motion>` carries
 * the resolved values; web/src/dark-theme.css and index.css style by them.
 */
export const DISPLAY_KEY = 'oa.display';
const DARK = '(prefers-color-scheme: dark)';
const REDUCE = '(prefers-reduced-motion: reduce)';

export interface ResolvedDisplay {
  settings: DisplaySettings;
  theme: 'light' | 'dark';
  reducedMotion: boolean;
}

const matches = (q: string) => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(q).matches;

export function readCachedDisplay(): DisplaySettings {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(DISPLAY_KEY);
    return normalizeSettings({ display: raw ? JSON.parse(raw) : {} }, '').display;
  } catch {
    return { ...DEFAULT_DISPLAY };
  }
}

let settings: DisplaySettings = readCachedDisplay();
let resolved: ResolvedDisplay = resolve(settings);
const listeners = new Set<() => void>();

function resolve(s: DisplaySettings): ResolvedDisplay {
  return { settings: s, theme: resolveTheme(s.theme, matches(DARK)), reducedMotion: resolveReducedMotion(s.motion, matches(REDUCE)) };
}

function paint() {
  resolved = resolve(settings);
  setNumberStyle(settings.numberFormat);
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.theme = resolved.theme;
    document.documentElement.dataset.motion = resolved.reducedMotion ? 'reduce' : 'full';
  }
  for (const l of listeners) l();
}

/** Applies settings app-wide at once and keeps them for the next visit's first paint. */
export function applyDisplay(next: DisplaySettings): void {
  settings = { ...next };
  try {
    localStorage.setItem(DISPLAY_KEY, JSON.stringify(settings));
  } catch {
    // Private mode without storage: the settings still apply to this page.
  }
  paint();
}

if (typeof window !== 'undefined' && window.matchMedia) {
  // "Follow the system" follows it live: switching the OS to dark turns the open page dark.
  for (const q of [DARK, REDUCE]) window.matchMedia(q).addEventListener?.('change', paint);
}
paint();

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The display as it applies now; re-renders on any change (the learner's or the system's). */
export const useDisplay = (): ResolvedDisplay =>
  useSyncExternalStore(
    subscribe,
    () => resolved,
    () => resolved,
  );

/** True when motion is off: the learner turned it off, or left it to a system that asks for less motion. */
export const useReducedMotion = (): boolean => useDisplay().reducedMotion;

/** Applies the server's copy of the settings once it is loaded (another device may have changed them). */
export function useSyncDisplay(server: DisplaySettings | undefined): void {
  const key = server ? JSON.stringify(server) : '';
  useEffect(() => {
    if (server && key !== JSON.stringify(settings)) applyDisplay(server);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
