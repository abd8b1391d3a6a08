import { ulid } from 'ulid';
import { BROKER_ENVIRONMENTS } from '@shared/broker/credentials-form';
import { cachedGroupMembership } from '@shared/users/cached-group-membership';
import type { GroupMembership } from '@shared/users/group-membership.port';
import type { PrivacyDeps } from '@shared/users/privacy';
import { secretsBrokerKeyStore } from '../adapters/alpaca/broker-key-store';
import { cognitoGroupMembership } from '../adapters/cognito/group-membership';
import { cognitoUserPoolAdmin } from '../adapters/cognito/user-pool-admin';
import { dynamoPrivacyStore } from '../adapters/dynamo/privacy-repository';
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
