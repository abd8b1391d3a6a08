import type { Clock } from '../ports/clock.port';

/** Who the verified token says the caller is. */
export interface Identity {
  userId: string;
  email?: string;
  name?: string;
  groups: readonly string[];
}

/** The learner's profile item, created on the first signed-in call and kept in step with the token. */
export interface UserProfile {
  userId: string;
  email: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileRepository {
  /** The stored profile, or null before the first signed-in call. */
  get(userId: string): Promise<UserProfile | null>;
  /** Creates the profile if absent, otherwise refreshes email and name; returns the stored item. */
  upsert(profile: { userId: string; email: string; name: string; at: string }): Promise<UserProfile>;
}

/** How long a warm function answers /api/me from the profile it last read or wrote, while the token agrees with it. */
export const PROFILE_KEPT_MS = 60_000;
const PROFILES_KEPT = 10_000;

/**
 * Profiles a warm function has read or written. The profile is written only by /api/me (from the token) and removed
 * only with the account (whose tokens are then refused before any handler runs), so a kept profile that agrees with the
 * token is the stored one; a token with another email or name reads and writes again.
 */
export function profileCache(clock: Clock, keptMs = PROFILE_KEPT_MS, max = PROFILES_KEPT) {
  const kept = new Map<string, { profile: UserProfile; until: number }>();
  return {
    get(userId: string): UserProfile | undefined {
      const hit = kept.get(userId);
      return hit && hit.until > clock.now().getTime() ? hit.profile : undefined;
    },
    set(userId: string, profile: UserProfile): void {
      kept.delete(userId);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
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

export interface Me {
  user: { id: string; email: string; name: string; displayName: string; groups: string[]; isAdmin: boolean };
  profile: UserProfile;
}

/**
 * The caller and their profile. The profile is written only when it is missing or the token's email or name differ
 * from the stored ones (an access token carries neither: it changes nothing); otherwise it is read, or answered from
 * the warm function's cache. `updatedAt` is when the profile last changed.
 */
export async function loadMe(deps: { profiles: ProfileRepository; clock: Clock; cache?: ProfileCache }, who: Identity): Promise<Me> {
  const email = who.email ?? '';
  const name = who.name?.trim() ?? '';
  const agrees = (p: UserProfile) => (!email || p.email === email) && (!name || p.name === name);
  let profile = deps.cache?.get(who.userId);
  if (!profile || !agrees(profile)) {
    const stored = await deps.profiles.get(who.userId);
    profile = stored && agrees(stored) ? stored : await deps.profiles.upsert({ userId: who.userId, email, name, at: deps.clock.now().toISOString() });
    deps.cache?.set(who.userId, profile);
  }
  return {
    user: {
      id: who.userId,
      email: profile.email,
      name: profile.name,
      displayName: displayName(profile.name, profile.email),
      groups: [...who.groups],
      isAdmin: who.groups.includes('admin'),
    },
    profile,
  };
}
