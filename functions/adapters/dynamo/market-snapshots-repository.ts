import { gunzipSync, gzipSync } from 'node:zlib';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExpirySnapshot, MarketSnapshotStore } from '@shared/prediction/market-snapshots.port';
import { documentClient, tableName } from './client';
import { isConditionFailed } from './conditions';
import { queryAll } from './query';

/**
 * The prediction markets as made after each ingestion (docs/architecture.md, "Data model"):
 *   PMARKETS / <underlying>#<expiration>   one expiry's markets, gzip-compressed JSON in `data`, its resolution beside
 * Open ones are listed through GSI2 (GSI2PK `PMARKETS#OPEN`, removed when the resolution is stored) and resolved ones
 * through GSI1 (GSI1PK `PMARKETS#RESOLVED`, newest expiry first), so neither list reads the other.
 */
const PK = 'PMARKETS';
const OPEN = 'PMARKETS#OPEN';
const RESOLVED = 'PMARKETS#RESOLVED';

type Resolution = NonNullable<ExpirySnapshot['resolution']>;

export function dynamoMarketSnapshots(db: DynamoDBDocumentClient = documentClient(), table = tableName()): MarketSnapshotStore {
  const sk = (underlying: string, expiration: string) => `${underlying}#${expiration}`;
  const order = (s: Pick<ExpirySnapshot, 'underlying' | 'expiration'>) => `${s.expiration}#${s.underlying}`;
  const decode = (item: Record<string, unknown>): ExpirySnapshot => {
    const body = JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as Omit<ExpirySnapshot, 'resolution' | 'resolvedAt'>;
    return { ...body, resolution: (item.resolution as Resolution | undefined) ?? null, resolvedAt: (item.resolvedAt as string | undefined) ?? null };
  };

  return {
    async save(snapshot) {
      const { resolution: _r, resolvedAt: _a, ...body } = snapshot;
      try {
        await db.send(
          new PutCommand({
            TableName: table,
            Item: {
              PK,
              SK: sk(snapshot.underlying, snapshot.expiration),
              entity: 'prediction-markets',
              GSI2PK: OPEN,
              GSI2SK: order(snapshot),
              madeAt: snapshot.madeAt,
              data: gzipSync(JSON.stringify(body)),
            },
            // A resolved expiry is never reopened or re-priced by a late ingestion.
            ConditionExpression: 'attribute_not_exists(resolution)',
          }),
        );
      } catch (err) {
        if (!isConditionFailed(err)) throw err;
      }
    },
    async get(underlying, expiration) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK, SK: sk(underlying, expiration) }, ConsistentRead: true }));
      return out.Item ? decode(out.Item) : null;
    },
    async unresolved() {
      const items = await queryAll(db, table, {
        IndexName: 'GSI2',
        KeyConditionExpression: 'GSI2PK = :pk',
        ExpressionAttributeValues: { ':pk': OPEN },
      });
      return items.map(decode);
    },
    async resolve(underlying, expiration, resolution, at) {
      const key = { PK, SK: sk(underlying, expiration) };
      try {
        await db.send(
          new UpdateCommand({
            TableName: table,
            Key: key,
            UpdateExpression: 'SET resolution = :r, resolvedAt = :at, GSI1PK = :resolved, GSI1SK = :order REMOVE GSI2PK, GSI2SK',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(resolution)',
            ExpressionAttributeValues: { ':r': resolution, ':at': at, ':resolved': RESOLVED, ':order': `${expiration}#${underlying}` },
          }),
        );
        return true;
      } catch (err) {
        if (isConditionFailed(err)) return false;
        throw err;
      }
    },
    async resolved(limit) {
      const items = await queryAll(
        db,
        table,
        { IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': RESOLVED }, ScanIndexForward: false },
        { limit },
      );
      return items.map(decode);
    },
  };
}
