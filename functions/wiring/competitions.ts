import { ulid } from 'ulid';
import type { SeasonDeps } from '@shared/competitions/use-cases/deps';
import { publicCard } from '@shared/users/profile';
import { dynamoSeasonRepository } from '../adapters/dynamo/competitions-repository';
import { withStandingsCache } from '../adapters/dynamo/standings-cache';
import { dynamoGameRepository } from '../adapters/dynamo/game-repository';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { systemClock } from '../commons/clock';
import { competitionAccounts } from './competition-accounts';

/**
 * The composition root of the competition seasons: their items, the entrants' competition accounts (through the port,
 * functions/wiring/competition-accounts.ts), the names from the profiles and the privacy setting from gamification's
 * settings (hidesFromBoards), the business clock (which the local stack can move, so a test can close a season). The
 * standings the boards read are kept 2 s in the warm function (standings-cache.ts).
 */
export function competitionDeps(): SeasonDeps {
  const profiles = dynamoProfileRepository();
  const games = dynamoGameRepository();
  return {
    repo: withStandingsCache(dynamoSeasonRepository()),
    accounts: competitionAccounts(),
    clock: systemClock,
    ids: { newId: () => ulid() },
    profiles: {
      async of(userIds) {
        const [cards, states] = await Promise.all([
          profiles.many(userIds).then((ps) => new Map(ps.map((p) => [p.userId, publicCard(p).displayName]))),
          Promise.all(userIds.map(async (id) => [id, (await games.load(id))?.state.settings.showOnLeaderboards !== false] as const)),
        ]);
        return new Map(states.map(([id, shown]) => [id, { displayName: cards.get(id) ?? null, showOnLeaderboards: shown }]));
      },
    },
  };
}
