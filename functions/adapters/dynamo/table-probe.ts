import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { logger } from '../../commons/powertools';
import { documentClient, tableName } from './client';

/** A key no item has: reading it costs half a read unit and shows the table answers, with nothing to leak. */
export const PROBE_KEY = { PK: 'HEALTH', SK: 'PROBE' };

/**
 * Whether the table answers a read within `timeoutMs` (the SDK's own retries included), for `GET /api/health?deep=1`.
 * The deadline is kept here as well as passed to the SDK, so a connection that hangs cannot hold the answer either.
 * A failure is logged with its error for the operator and answered as a plain false.
 */
export function dynamoTableProbe(db: DynamoDBDocumentClient = documentClient(), table = tableName(), timeoutMs = 2_000): () => Promise<boolean> {
  return async () => {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const late = new Promise<never>((_, reject) => deadline.signal.addEventListener('abort', () => reject(deadline.signal.reason as Error)));
    try {
      await Promise.race([db.send(new GetCommand({ TableName: table, Key: PROBE_KEY }), { abortSignal: deadline.signal }), late]);
      return true;
    } catch (err) {
      logger.warn('Health check: the table did not answer', { error: err as Error });
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}
