import { ulid } from 'ulid';
import { BROKER_ENVIRONMENTS } from '@shared/broker/credentials-form';
import { deletionView, exportData, requestDeletion, runDeletion, type PrivacyDeps } from '@shared/users/privacy';
import { usersApi } from '@shared/users/users.api';
import { secretsBrokerKeyStore } from '../adapters/alpaca/broker-key-store';
import { cognitoUserPoolAdmin } from '../adapters/cognito/user-pool-admin';
import { dynamoPrivacyStore } from '../adapters/dynamo/privacy-repository';
import { secretsManagerSecretStore } from '../adapters/secrets/secret-store';
import { systemClock } from '../commons/clock';
import { deletionSettleMs, noteDeleted } from '../commons/deleted-accounts';
import { accepted, httpApi, ok, route } from '../commons/http';
import { logger } from '../commons/powertools';

/** How long one request may work on a deletion before it answers (the function's timeout is 28 s); the next read resumes. */
const DELETION_BUDGET_MS = 15_000;

/**
 * The learner's data (issue 20): download it all, and delete the account. The deletion's progress answers a deleted
 * account's token too (functions/commons/deleted-accounts.ts) and resumes the job while it is not done.
 */
export function makePrivacyHandler(deps: PrivacyDeps) {
  return httpApi({
    'GET /api/me/export': route(usersApi['GET /api/me/export'], async ({ user }) =>
      ok(await exportData(deps, { userId: user.sub, email: user.email ?? '' }), {
        'content-disposition': 'attachment; filename="options-academy-data.json"',
        'cache-control': 'no-store',
      }),
    ),
    'POST /api/me/deletion': route(usersApi['POST /api/me/deletion'], async ({ user }) => {
      const view = deletionView(await requestDeletion(deps, { userId: user.sub, email: user.email ?? '' }, { budgetMs: DELETION_BUDGET_MS }));
      noteDeleted(user.sub);
      return accepted(view);
    }),
    'GET /api/me/deletion': route(usersApi['GET /api/me/deletion'], async ({ user }) => {
      const tombstone = await deps.store.tombstone(user.sub);
      if (!tombstone) return { status: 404, body: { error: 'This account is not being deleted.', code: 'not_found' } };
      return ok(deletionView(await runDeletion(deps, tombstone, { budgetMs: DELETION_BUDGET_MS })));
    }),
  });
}

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

export const handler = makePrivacyHandler(privacyDeps());
