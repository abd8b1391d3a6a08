import type { Clock } from '../ports/clock.port';
import { applyPatch, type ProfilePatch, type ProfileSettings } from './profile-settings';

/** Who the verified token says the caller is. */
export interface Identity {
  userId: string;
  email?: string;
  name?: string;
  groups: readonly string[];
}

/** A learner's public id: random, made with the profile, never the Cognito sub (which other learners must not learn). */
export const PUBLIC_ID = /^[a-z0-9]{12}$/;

/** The learner's profile item, created on the first signed-in call and kept in step with the token. */
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
  /** Creates the profile if absent (with a new public id), otherwise refreshes email and name; returns the stored item. */
  upsert(profile: { userId: string; email: string; name: string; at: string }): Promise<UserProfile>;
  /** Stores the settings if the item is still the one read (`updatedAt`); false when it changed meanwhile. */
  saveSettings(userId: string, settings: ProfileSettings, expectedUpdatedAt: string, at: string): Promise<UserProfile | null>;
  /** The profile a public id belongs to, or null. */
  byPublicId(publicId: string): Promise<UserProfile | null>;
  /** Several learners' profiles at once (a leaderboard page), missing ones left out. */
  many(userIds: readonly string[]): Promise<UserProfile[]>;
}

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

export async function loadMe(deps: { profiles: ProfileRepository; clock: Clock }, who: Identity): Promise<Me> {
  const profile = await deps.profiles.upsert({
    userId: who.userId,
    email: who.email ?? '',
    name: who.name?.trim() ?? '',
    at: deps.clock.now().toISOString(),
  });
  return {
    user: {
      id: who.userId,
      email: profile.email,
      name: profile.name,
      displayName: publicName(profile),
      groups: [...who.groups],
      isAdmin: who.groups.includes('admin'),
    },
    profile,
  };
}

/** Changes the learner's own profile settings (a lost race with another tab reloads and applies the patch again). */
export async function updateProfile(deps: { profiles: ProfileRepository; clock: Clock }, who: Identity, patch: ProfilePatch): Promise<Me> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await loadMe(deps, who);
    const next = applyPatch(current.profile, patch);
    const saved = await deps.profiles.saveSettings(who.userId, next, current.profile.updatedAt, deps.clock.now().toISOString());
    if (saved) return { ...current, user: { ...current.user, displayName: publicName(saved) }, profile: saved };
  }
  throw new Error(`The profile of ${who.userId} kept changing while it was saved`);
}
