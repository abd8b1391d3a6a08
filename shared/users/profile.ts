import type { Clock } from '../ports/clock.port';
import { applyPatch, defaultSettings, type ProfilePatch, type ProfileSettings } from './profile-settings';
import { BoundedMap } from '../bounded-map';

/** Who the verified token says the caller is. */
export interface Identity {
  userId: string;
  email?: string;
  name?: string;
  groups: readonly string[];
}

/** A learner's public id: random, made with the profile, never the Cognito sub (which other learners must not learn). */
export const PUBLIC_ID = /^[a-z0-9]{12}$/;

/** The learner's profile item, created at sign-in (PUT /api/me) or by the first profile edit, and kept in step with the token. */
export interface UserProfile extends ProfileSettings {
  userId: string;
  /** The id other learners open the public profile with (`/app/people/<publicId>`). */
  publicId: string;
  email: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

/** What leaderboards and the community show of a learner: their name and, when the profile is public, its id. */
export interface PublicCard {
  userId: string;
  displayName: string;
  publicId: string | null;
}

export interface ProfileRepository {
  /** The stored profile, or null before the first signed-in call. */
  get(userId: string): Promise<UserProfile | null>;
  /** Creates the profile if absent (with a new public id), otherwise refreshes email and name; returns the stored item. */
  upsert(profile: { userId: string; email: string; name: string; at: string }): Promise<UserProfile>;
  /** Stores the settings if the item is still the one read (`updatedAt`); false when it changed meanwhile. */
  saveSettings(userId: string, settings: ProfileSettings, expectedUpdatedAt: string, at: string): Promise<UserProfile | null>;
  /** The profile a public id belongs to, or null. */
  byPublicId(publicId: string): Promise<UserProfile | null>;
  /** Several learners' profiles at once (a leaderboard page), missing ones left out. */
  many(userIds: readonly string[]): Promise<UserProfile[]>;
}

/** How long a warm function answers /api/me from the profile it last read or wrote, while the token agrees with it. */
export const PROFILE_KEPT_MS = 10_000;
const PROFILES_KEPT = 10_000;

/**
 * Profiles a warm function has read or written. The profile is written only by the me function (/api/me from the token,
 * and the learner's own profile and display edits, which put what they stored here) and removed only with the account
 * (whose tokens are then refused before any handler runs), so a kept profile that agrees with the token is the stored
 * one; a token with another email or name reads and writes again.
 */
export function profileCache(clock: Clock, keptMs = PROFILE_KEPT_MS, max = PROFILES_KEPT) {
  const kept = new BoundedMap<string, { profile: UserProfile; until: number }>(max);
  return {
    get(userId: string): UserProfile | undefined {
      const hit = kept.get(userId);
      return hit && hit.until > clock.now().getTime() ? hit.profile : undefined;
    },
    set(userId: string, profile: UserProfile): void {
      kept.set(userId, { profile, until: clock.now().getTime() + keptMs });
    },
  };
}
export type ProfileCache = ReturnType<typeof profileCache>;

/**
 * The name to greet a learner by: full name, else the part of the email before the at-sign, else
 * 'User' (spec part 1, header and user menu).
 */
export function displayName(name: string | undefined, email: string | undefined): string {
  const trimmed = name?.trim();
  if (trimmed) return trimmed;
  const local = email?.split('@')[0]?.trim();
  return local || 'User';
}

/** The name others see: the one the learner chose, else the spec's fallbacks. */
export const publicName = (p: Pick<UserProfile, 'displayName' | 'name' | 'email'>): string => p.displayName || displayName(p.name, p.email);

export const publicCard = (p: UserProfile): PublicCard => ({
  userId: p.userId,
  displayName: publicName(p),
  publicId: p.visibility.profile && p.publicId ? p.publicId : null,
});

export interface Me {
  user: { id: string; email: string; name: string; displayName: string; groups: string[]; isAdmin: boolean };
  profile: UserProfile;
}

const meOf = (who: Identity, profile: UserProfile): Me => ({
  user: {
    id: who.userId,
    email: profile.email,
    name: profile.name,
    displayName: publicName(profile),
    groups: [...who.groups],
    isAdmin: who.groups.includes('admin'),
  },
  profile,
});

/**
 * The caller and their profile, read: GET /api/me changes nothing. Before the profile is stored (PUT /api/me at
 * sign-in, or the first profile edit), it answers the profile the learner would get, from the token, without a public
 * id (''); where the token's email or name differ from the stored ones, the answer shows the token's until the next
 * write stores them. Answered from the warm function's cache while it agrees with the token.
 */
export async function loadMe(deps: { profiles: ProfileRepository; clock: Clock; cache?: ProfileCache }, who: Identity): Promise<Me> {
  const email = who.email ?? '';
  const name = who.name?.trim() ?? '';
  const fromToken = (p: UserProfile): UserProfile => ({ ...p, email: email || p.email, name: name || p.name });
  const kept = deps.cache?.get(who.userId);
  if (kept && fromToken(kept).email === kept.email && fromToken(kept).name === kept.name) return meOf(who, kept);
  const stored = await deps.profiles.get(who.userId);
  if (stored) {
    deps.cache?.set(who.userId, stored);
    return meOf(who, fromToken(stored));
  }
  const at = deps.clock.now().toISOString();
  return meOf(who, { userId: who.userId, publicId: '', email, name, createdAt: at, updatedAt: at, ...defaultSettings(who.userId.slice(0, 8)) });
}

/**
 * Stores the caller's profile: created with its public id when missing, email and name kept in step with the token
 * (PUT /api/me, which the web sends at sign-in; idempotent). Written only when missing or when the token differs.
 */
export async function ensureProfile(deps: { profiles: ProfileRepository; clock: Clock; cache?: ProfileCache }, who: Identity): Promise<Me> {
  const email = who.email ?? '';
  const name = who.name?.trim() ?? '';
  const agrees = (p: UserProfile) => (!email || p.email === email) && (!name || p.name === name);
  const stored = await deps.profiles.get(who.userId);
  // A profile from before public ids (none stored) is written once more, which gives it one.
  const profile =
    stored && agrees(stored) && stored.publicId ? stored : await deps.profiles.upsert({ userId: who.userId, email, name, at: deps.clock.now().toISOString() });
  deps.cache?.set(who.userId, profile);
  return meOf(who, profile);
}

/** Changes the learner's own profile settings (a lost race with another tab reloads and applies the patch again). */
export async function updateProfile(
  deps: { profiles: ProfileRepository; clock: Clock; cache?: ProfileCache },
  who: Identity,
  patch: ProfilePatch,
): Promise<Me> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // Read from the table, not the warm copy: the save is conditional on the stored item's updatedAt.
    const current = await ensureProfile({ profiles: deps.profiles, clock: deps.clock }, who);
    const next = applyPatch(current.profile, patch);
    const saved = await deps.profiles.saveSettings(who.userId, next, current.profile.updatedAt, deps.clock.now().toISOString());
    if (saved) {
      deps.cache?.set(who.userId, saved);
      return { ...current, user: { ...current.user, displayName: publicName(saved) }, profile: saved };
    }
  }
  throw new Error(`The profile of ${who.userId} kept changing while it was saved`);
}
