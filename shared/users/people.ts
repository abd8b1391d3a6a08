import { achievementById } from '../gamification/catalogue';
import { boardValues } from '../gamification/leaderboards';
import { levelDefinition, rankTierOf } from '../gamification/levels';
import type { GameState } from '../gamification/state';
import type { LearningProgress } from '../learning/progress';
import { fail, ok, type Result } from '../result';
import { publicName, type ProfileRepository, type UserProfile } from './profile';
import { visibleGroups, type Avatar, type VisibilityGroup } from './profile-settings';

/** What another learner sees on a public profile (GET /api/people/{publicId}): only the groups the owner turned on. */
export interface PublicProfile {
  publicId: string;
  displayName: string;
  avatar: Avatar;
  bio: string;
  memberSince: string;
  isYou: boolean;
  /** Which groups the owner shows; a group turned off is absent below, not empty. */
  shown: Record<VisibilityGroup, boolean>;
  learning?: { courseXp: number; lessonsCompleted: number; modulesCompleted: { id: string; title: string }[] };
  gamification?: {
    level: number;
    levelName: string;
    rank: string;
    /** Place on the overall board; 0 when not on it (or hidden from leaderboards). */
    globalRank: number;
    achievements: { id: string; name: string; description: string; rarity: string }[];
  };
  trading?: { closedTrades: number; realizedPnl: number; returnPct: number; maxDrawdown: number };
}

export interface PeopleDeps {
  profiles: ProfileRepository;
  learning: (userId: string) => Promise<LearningProgress | null>;
  game: (userId: string) => Promise<GameState | null>;
  /** The learner's place on the overall board (0 when not on it). */
  globalRank: (userId: string, value: number | undefined) => Promise<number>;
  moduleTitle: (id: string) => string;
}

/** The one message for a profile that does not exist, is private or was deleted: which of them is nobody's business. */
export const NO_PUBLIC_PROFILE = 'This learner has no public profile.';

/**
 * A learner's public profile as `viewerId` may see it. A private profile answers not_found to everyone but its owner,
 * exactly as an unknown id does; the owner's preview shows only what others would see.
 */
export async function readPublicProfile(deps: PeopleDeps, viewerId: string, publicId: string): Promise<Result<PublicProfile>> {
  const profile = await deps.profiles.byPublicId(publicId);
  if (!profile) return fail('not_found', NO_PUBLIC_PROFILE);
  const isYou = profile.userId === viewerId;
  const shown = visibleGroups(profile.visibility, isYou);
  if (!shown) return fail('not_found', NO_PUBLIC_PROFILE);
  const [progress, game] = await Promise.all([
    shown.learning ? deps.learning(profile.userId) : null,
    shown.gamification || shown.trading ? deps.game(profile.userId) : null,
  ]);
  const out: PublicProfile = { ...card(profile), isYou, shown };
  if (shown.learning) {
    out.learning = {
      courseXp: progress?.experience ?? 0,
      lessonsCompleted: progress?.completedLessons.length ?? 0,
      modulesCompleted: (progress?.completedModules ?? []).map((id) => ({ id, title: deps.moduleTitle(id) })),
    };
  }
  if (shown.gamification) {
    const level = game?.level ?? 1;
    const hidden = game?.settings.showOnLeaderboards === false;
    out.gamification = {
      level,
      levelName: levelDefinition(level).name,
      rank: rankTierOf(level).name,
      globalRank: game && !hidden ? await deps.globalRank(profile.userId, boardValues(game).global) : 0,
      achievements: (game?.unlockedAchievements ?? []).flatMap((id) => {
        const a = achievementById.get(id);
        return a ? [{ id, name: a.name, description: a.description, rarity: a.rarity }] : [];
      }),
    };
  }
  if (shown.trading) {
    const run = game?.run;
    out.trading = {
      closedTrades: run?.closedTrades ?? 0,
      realizedPnl: run?.realizedPnl ?? 0,
      returnPct: run && run.startingCapital > 0 ? Math.round((run.realizedPnl / run.startingCapital) * 10_000) / 100 : 0,
      maxDrawdown: run?.maxDrawdown ?? 0,
    };
  }
  return ok(out);
}

const card = (p: UserProfile) => ({
  publicId: p.publicId,
  displayName: publicName(p),
  avatar: p.avatar,
  bio: p.bio,
  memberSince: p.createdAt,
});
