import { runDeletion } from '@shared/users/privacy';
import { triggerOf } from '@shared/ports/job-runs.port';
import { dynamoJobRuns } from '../adapters/dynamo/job-runs-repository';
import { dynamoPrivacyStore } from '../adapters/dynamo/privacy-repository';
import { systemClock } from '../commons/clock';
import { logger } from '../commons/powertools';
import { privacyDeps } from '../wiring/users';
import { recordedRun } from './job-run';
import { ACCOUNT_DELETIONS_SCHEDULE } from './schedules';

/**
 * The nightly sweep of account deletions nobody is watching (issue 20): a deletion resumes whenever its progress is
 * read, and this job resumes every one still `deleting` (listed on GSI1 under DELETING), from the start of its
 * idempotent steps, so a deletion interrupted with the learner's browser closed still finishes. Each run is recorded
 * for the data manager (a run with a deletion that could not be resumed as failed, without the learner's id).
 */
export function handler(input?: unknown): Promise<{ resumed: number; finished: number; failures: number }> {
  return recordedRun({ runs: dynamoJobRuns(), jobId: ACCOUNT_DELETIONS_SCHEDULE.id, trigger: triggerOf(input), now: () => systemClock.now() }, sweep, (r) => ({
    outcome: 'succeeded',
    note: `${r.resumed} resumed, ${r.finished} finished`,
  }));
}

async function sweep(): Promise<{ resumed: number; finished: number; failures: number }> {
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
