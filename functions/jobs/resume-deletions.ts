import { runDeletion } from '@shared/users/privacy';
import { dynamoPrivacyStore } from '../adapters/dynamo/privacy-repository';
import { logger } from '../commons/powertools';
import { privacyDeps } from '../wiring/users';

/**
 * The nightly sweep of account deletions nobody is watching (issue 20): a deletion resumes whenever its progress is
 * read, and this job resumes every one still `deleting` (listed on GSI1 under DELETING), from the start of its
 * idempotent steps, so a deletion interrupted with the learner's browser closed still finishes.
 */
export async function handler(): Promise<{ resumed: number; finished: number; failures: number }> {
  const deps = privacyDeps();
  const store = dynamoPrivacyStore();
  let resumed = 0;
  let finished = 0;
  let failures = 0;
  for (const tombstone of await store.unfinished(100)) {
    resumed++;
    try {
      if ((await runDeletion(deps, tombstone, { budgetMs: 60_000 })).status === 'deleted') finished++;
    } catch (err) {
      failures++;
      logger.error('An account deletion could not be resumed; the next sweep tries again', { userId: tombstone.userId, error: err as Error });
    }
  }
  logger.info('Account deletions resumed', { resumed, finished, failures });
  if (failures > 0) throw new Error(`${failures} account deletion(s) could not be resumed`);
  return { resumed, finished, failures };
}
