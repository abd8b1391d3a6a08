import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from '../../commons/powertools';
import { DEFAULT_TABLE_NAME } from './table-definition';

let cached: DynamoDBDocumentClient | undefined;

/**
 * One document client per Lambda container. The endpoint is the SDK's own business: in AWS the
 * regional one, locally AWS_ENDPOINT_URL_DYNAMODB points it at DynamoDB Local.
 */
export function documentClient(): DynamoDBDocumentClient {
  cached ??= DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return cached;
}

export const tableName = (): string => process.env.TABLE_NAME ?? DEFAULT_TABLE_NAME;

/** DynamoDB deletes expired items late (and DynamoDB Local never does): reads skip them. */
export function isExpired(item: { expiresAt?: unknown } | undefined, nowMs: number): boolean {
  return typeof item?.expiresAt === 'number' && item.expiresAt * 1000 <= nowMs;
}
