import { type DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { jitteredBackoff } from '@shared/backoff';
import { sleep } from '../../commons/clock';
import { cancellationReasons, failedConditionsAt } from './conditions';

export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/** Concurrent transactions on the same items spread out before they try again. */
const backoff = jitteredBackoff(sleep, Math.random, 10, 200);

/**
 * Runs a transaction: [] when it was written, else the positions (in request order) of the items whose condition
 * failed. A transaction cancelled only because another wrote the same items at the same moment (TransactionConflict,
 * as a count item kept beside a learner's items sees under a burst of writes) is tried again after a short random
 * pause, up to 20 times, so a burst is counted one by one; any other error is thrown.
 */
export async function transactRetryingConflicts(db: DynamoDBDocumentClient, items: TransactItems): Promise<number[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      await db.send(new TransactWriteCommand({ TransactItems: items }));
      return [];
    } catch (err) {
      if (!cancellationReasons(err)) throw err;
      const failed = failedConditionsAt(err);
      if (failed.length) return failed;
      if (attempt >= 20) throw err;
      await backoff(attempt);
    }
  }
}
