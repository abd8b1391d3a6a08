import { ulid } from 'ulid';
import { BROKER_ENVIRONMENTS } from '@shared/broker/credentials-form';
import { COURSE } from '@shared/learning/content/course';
import type { PeopleDeps } from '@shared/users/people';
import { profileCache } from '@shared/users/profile';
import { cachedGroupMembership } from '@shared/users/cached-group-membership';
import type { GroupMembership } from '@shared/users/group-membership.port';
import type { PrivacyDeps } from '@shared/users/privacy';
import { secretsBrokerKeyStore } from '../adapters/alpaca/broker-key-store';
import { cognitoGroupMembership } from '../adapters/cognito/group-membership';
import { cognitoUserPoolAdmin } from '../adapters/cognito/user-pool-admin';
import { dynamoPrivacyStore } from '../adapters/dynamo/privacy-repository';
import { dynamoGameRepository } from '../adapters/dynamo/game-repository';
import { dynamoLearningRepository } from '../adapters/dynamo/learning-repo';
import { dynamoProfileRepository } from '../adapters/dynamo/profile-repository';
import { dynamoSignOutStore } from '../adapters/dynamo/sessions-repository';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { ADMIN_GROUP_CACHE_SECONDS } from '../sessions';
import { systemClock } from '../commons/clock';
import { deletionSettleMs } from '../commons/deleted-accounts';
import { logger } from '../commons/powertools';
import { shortenedFromEnv } from '../commons/shortened';

let membership: GroupMembership | undefined;

/**
 * The user pool's group membership for admin routes, remembered per user for ADMIN_GROUP_CACHE_SECONDS in this warm
 * Lambda (functions/sessions.ts). One per container, shared by the handlers of a function. A local stack may be started
 * with a shorter time in the variable of the same name (the integration tests use 3 s).
 */
export function adminGroupMembership(): GroupMembership {
  membership ??= cachedGroupMembership(cognitoGroupMembership({ userPoolId: process.env.USER_POOL_ID }), {
    clock: systemClock,
    ttlMs: shortenedFromEnv('ADMIN_GROUP_CACHE_SECONDS', ADMIN_GROUP_CACHE_SECONDS) * 1000,
  });
  return membership;
}

/** The account export and deletion: the learner's items, the user pool, the broker keys kept as secrets. */
export function privacyDeps(): PrivacyDeps {
  const keys = secretsBrokerKeyStore(secretsManagerSecretStore(), process.env.SECRET_PREFIX ?? 'options-academy/local');
  return {
    store: dynamoPrivacyStore(),
    pool: cognitoUserPoolAdmin({ userPoolId: process.env.USER_POOL_ID }),
    brokerKeys: { removeAll: async (userId) => void (await Promise.all(BROKER_ENVIRONMENTS.map((env) => keys.remove(userId, env)))) },
    clock: systemClock,
    settleMs: deletionSettleMs(),
    newEventId: ulid,
    // One structured line per step of the job, with its duration: how long a deletion takes, and where.
    onStep: (step, ms, t) =>
      logger.info('Account deletion step', { deletionStep: step, durationMs: ms, userId: t.userId, status: t.status, itemsDeleted: t.itemsDeleted }),
  };
}

/** The learner's own profile and the public profiles: profiles, the course's progress, the game's state and rank. */
export function meDeps() {
  const profiles = dynamoProfileRepository();
  const game = dynamoGameRepository();
  const learning = dynamoLearningRepository();
  const titles = new Map(COURSE.map((m) => [m.id as string, m.title]));
  const people: PeopleDeps = {
    profiles,
    learning: async (userId) => (await learning.get(userId))?.progress ?? null,
    game: async (userId) => (await game.load(userId))?.state ?? null,
    globalRank: (userId, value) => game.rankOf('global', userId, value),
    moduleTitle: (id) => titles.get(id) ?? id,
  };
  return {
    profiles,
    clock: systemClock,
    cache: profileCache(systemClock),
    people,
  };
}

/** Sign out everywhere: the user pool (its global sign-out) and the learner's signed-out time. */
export const signOutDeps = () => ({
  pool: cognitoUserPoolAdmin({ userPoolId: process.env.USER_POOL_ID }),
  store: dynamoSignOutStore(),
  clock: systemClock,
});
