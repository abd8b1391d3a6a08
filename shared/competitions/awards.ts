import type { SeasonKind } from './seasons';

/**
 * The season's award, as data for the gamification consumer to grant later (issue 39: "coins and an achievement for
 * finishing a season with a plan on every trade, not for winning alone"; reward the process, not activity or profit:
 * Chapkovski, Khapko and Zoican, "Trading Gamification and Investor Behavior", Management Science 2024, found that
 * rewarding activity raised trading). Finishing means ranked (the minimum sample, so an entrant with no trade cannot earn
 * it by planning nothing); the rank plays no part. Coins buy only cosmetics, freezes and learning power-ups (gamification's
 * catalogue), never anything that changes a trade.
 */
export const PLANNED_SEASON_ACHIEVEMENT = {
  id: 'planned-season',
  name: 'Planned Season',
  description: 'Finished a competition season ranked, with a written plan on every trade.',
  icon: '🗺️',
} as const;

/** Coins for finishing a season with a plan on every trade: a month asks about four times a week's work. */
export const PLANNED_SEASON_COINS: Readonly<Record<SeasonKind, number>> = { weekly: 50, monthly: 150 };

/** One grant: `key` is its idempotency key (one award per entrant and season, however often the close runs). */
export interface AwardGrant {
  key: string;
  userId: string;
  seasonId: string;
  achievementId: typeof PLANNED_SEASON_ACHIEVEMENT.id;
  coins: number;
}

export const awardKey = (seasonId: string, userId: string): string => `competition#${seasonId}#${userId}`;

export function plannedSeasonAward(kind: SeasonKind, seasonId: string, userId: string): AwardGrant {
  return { key: awardKey(seasonId, userId), userId, seasonId, achievementId: PLANNED_SEASON_ACHIEVEMENT.id, coins: PLANNED_SEASON_COINS[kind] };
}
