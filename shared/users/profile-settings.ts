/**
 * What a learner sets about themselves (issue 20, Profile and Display): the name others see, the avatar, a short bio,
 * which parts of the profile other learners may open, and how the app looks. Pure rules: the API validates with the
 * zod schemas in users.api.ts and stores the result on the profile item, so it follows the learner across devices.
 */

/** A display name others see on leaderboards, in the community and on the public profile. */
export const DISPLAY_NAME_MAX = 40;
/** A short plain-text bio: a tweet's length, shown as text (never as HTML). */
export const BIO_MAX = 280;
export const AVATAR_SEED_MAX = 32;

export type AvatarKind = 'initials' | 'identicon';
export interface Avatar {
  kind: AvatarKind;
  /** What the identicon is drawn from; the learner re-rolls it. */
  seed: string;
}

/**
 * Who may open the public profile and what it shows. The name, avatar, bio and member-since always show on a public
 * profile; each group shows only when turned on. Every group starts off (trading figures above all: issue 20).
 */
export interface Visibility {
  /** false: the public profile answers 404 to everyone else, and leaderboard rows do not link to it. */
  profile: boolean;
  learning: boolean;
  gamification: boolean;
  trading: boolean;
}
export type VisibilityGroup = Exclude<keyof Visibility, 'profile'>;
export const VISIBILITY_GROUPS: readonly VisibilityGroup[] = ['learning', 'gamification', 'trading'];

export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const MOTIONS = ['system', 'reduce', 'full'] as const;
export type MotionChoice = (typeof MOTIONS)[number];

import { NUMBER_STYLE_IDS, type NumberStyle } from '../format/number-style';

export { NUMBER_STYLE_IDS, NUMBER_STYLES, type NumberStyle } from '../format/number-style';

export interface DisplaySettings {
  theme: ThemeChoice;
  motion: MotionChoice;
  numberFormat: NumberStyle;
}

export const DEFAULT_VISIBILITY: Visibility = { profile: true, learning: false, gamification: false, trading: false };
export const DEFAULT_DISPLAY: DisplaySettings = { theme: 'system', motion: 'system', numberFormat: 'en-US' };

/** What a learner may change in one request; every field optional, nested groups merged key by key. */
export interface ProfilePatch {
  displayName?: string;
  bio?: string;
  avatar?: Partial<Avatar>;
  visibility?: Partial<Visibility>;
  display?: Partial<DisplaySettings>;
}

export interface ProfileSettings {
  /** '' until the learner chooses one: then the spec's fallbacks apply (full name, e-mail before the @, User). */
  displayName: string;
  bio: string;
  avatar: Avatar;
  visibility: Visibility;
  display: DisplaySettings;
}

/** Control characters (a newline included) have no place in a name; a bio keeps its line breaks. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A name as stored: control characters and runs of spaces out, trimmed. */
export const cleanName = (s: string): string =>
  s
    .replace(CONTROL, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
/** A bio as stored: plain text, Windows line ends made \n, at most two blank lines in a row, trimmed. */
export const cleanBio = (s: string): string =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export function defaultSettings(seed: string): ProfileSettings {
  return { displayName: '', bio: '', avatar: { kind: 'initials', seed }, visibility: { ...DEFAULT_VISIBILITY }, display: { ...DEFAULT_DISPLAY } };
}

/** A stored profile's settings with the defaults filled in (items written before these settings existed lack them). */
export function normalizeSettings(stored: Partial<Record<keyof ProfileSettings, unknown>>, seed: string): ProfileSettings {
  const d = defaultSettings(seed);
  const obj = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
  const avatar = obj(stored.avatar);
  const vis = obj(stored.visibility);
  const disp = obj(stored.display);
  const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  const oneOf = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T => ((allowed as readonly unknown[]).includes(v) ? (v as T) : fallback);
  return {
    displayName: typeof stored.displayName === 'string' ? stored.displayName : '',
    bio: typeof stored.bio === 'string' ? stored.bio : '',
    avatar: {
      kind: oneOf(avatar.kind, ['initials', 'identicon'] as const, d.avatar.kind),
      seed: typeof avatar.seed === 'string' && avatar.seed ? avatar.seed : seed,
    },
    visibility: {
      profile: bool(vis.profile, d.visibility.profile),
      learning: bool(vis.learning, d.visibility.learning),
      gamification: bool(vis.gamification, d.visibility.gamification),
      trading: bool(vis.trading, d.visibility.trading),
    },
    display: {
      theme: oneOf(disp.theme, THEMES, d.display.theme),
      motion: oneOf(disp.motion, MOTIONS, d.display.motion),
      numberFormat: oneOf(disp.numberFormat, NUMBER_STYLE_IDS, d.display.numberFormat),
    },
  };
}

/** The settings after a patch: only the fields sent change; names and bios are cleaned. */
export function applyPatch(current: ProfileSettings, patch: ProfilePatch): ProfileSettings {
  return {
    displayName: patch.displayName === undefined ? current.displayName : cleanName(patch.displayName),
    bio: patch.bio === undefined ? current.bio : cleanBio(patch.bio),
    avatar: { ...current.avatar, ...patch.avatar },
    visibility: { ...current.visibility, ...patch.visibility },
    display: { ...current.display, ...patch.display },
  };
}

/**
 * Which groups another learner sees. The owner previewing their own public page sees exactly what others see, so the
 * preview never shows more than the world gets; a private profile shows nothing to anyone else (`null`: answer 404).
 */
export function visibleGroups(visibility: Visibility, viewerIsOwner: boolean): Record<VisibilityGroup, boolean> | null {
  if (!visibility.profile && !viewerIsOwner) return null;
  return { learning: visibility.learning, gamification: visibility.gamification, trading: visibility.trading };
}

/** The theme a page paints: the learner's choice, or the system's when they left it to the system. */
export const resolveTheme = (choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' => (choice === 'system' ? (systemDark ? 'dark' : 'light') : choice);
/** Whether motion is reduced: the learner's choice, or the system's. */
export const resolveReducedMotion = (choice: MotionChoice, systemReduce: boolean): boolean => (choice === 'system' ? systemReduce : choice === 'reduce');
