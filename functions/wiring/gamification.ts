import { gameReadCache } from '@shared/gamification/read-cache';
import type { GameDeps } from '@shared/gamification/use-cases/deps';
import { jitteredBackoff } from '@shared/backoff';
import { publicCard } from '@shared/users/profile';
import { dynamoEventReceipts } from '../adapters/dynamo/event-receipts';
import { dynamoGameRepository } from '../adapters/dynamo/game-repository';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { sleep, systemClock } from '../commons/clock';

/** Racing writers of one learner's game state spread out before they decide again. */
const backoff = jitteredBackoff(sleep);

/** The composition root of gamification's routes: the game items, the business clock, the warm read cache, the learners' cards. */
export function gamificationDeps(): GameDeps {
  const profiles = dynamoProfileRepository();
  return {
    repo: dynamoGameRepository(),
    clock: systemClock,
    backoff,
    cache: gameReadCache(systemClock),
    cards: async (ids) => (await profiles.many(ids)).map(publicCard),
  };
}

/** The gamification consumers: the game items, their receipts, the business clock. */
export const gameConsumerDeps = () => ({ repo: dynamoGameRepository(), receipts: dynamoEventReceipts(), clock: systemClock, backoff });
