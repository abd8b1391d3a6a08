import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';

/**
 * Failed conditions, recognised one way. A single write whose ConditionExpression is false throws
 * ConditionalCheckFailedException; a TransactWriteItems whose condition fails throws TransactionCanceledException
 * with one reason per item, in request order ('None' for the items that were fine), as the DynamoDB API reference
 * for TransactWriteItems describes. The name is checked as well as the class: an error rebuilt by another copy of
 * the SDK is not an instance of this one's class.
 */
const named = (err: unknown, name: string): boolean => err instanceof Error && err.name === name;

/** The reason codes of a cancelled transaction, one per item in request order; null when `err` is anything else. */
export function cancellationReasons(err: unknown): (string | undefined)[] | null {
  if (!(err instanceof TransactionCanceledException) && !named(err, 'TransactionCanceledException')) return null;
  return ((err as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code);
}

/** The positions (in request order) of the items of a cancelled transaction whose condition failed; [] for any other error. */
export function failedConditionsAt(err: unknown): number[] {
  return (cancellationReasons(err) ?? []).flatMap((code, i) => (code === 'ConditionalCheckFailed' ? [i] : []));
}

/** A write refused by its condition: a single write's ConditionalCheckFailedException, or a transaction cancelled by a failed condition. */
export function isConditionFailed(err: unknown): boolean {
  if (err instanceof ConditionalCheckFailedException || named(err, 'ConditionalCheckFailedException')) return true;
  return failedConditionsAt(err).length > 0;
}

/** A transaction cancelled because another one wrote the same items at the same moment (retrying may succeed). */
export function isTransactionConflict(err: unknown): boolean {
  return (cancellationReasons(err) ?? []).includes('TransactionConflict');
}
