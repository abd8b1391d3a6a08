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
  /** Creates the profile if absent, otherwise refreshes email and name; returns the stored item. */
  upsert(profile: { userId: string; email: string; name: string; at: string }): Promise<UserProfile>;
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
      displayName: displayName(profile.name, profile.email),
      groups: [...who.groups],
      isAdmin: who.groups.includes('admin'),
    },
    profile,
  };
}
