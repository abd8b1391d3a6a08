import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DailySummarySchema, SUMMARY_RETENTION_DAYS, type DailySummary, type DailySummaryStore } from '@shared/metrics/daily-summary';
import { addDays, dayNumber } from '@shared/market/dates';
import { batchWriteAll } from './batch-write';
import { documentClient, isExpired, tableName } from './client';
import { queryAll, type QueryInput } from './query';

/**
 * Daily summaries in the single table (docs/architecture.md, "Data model"):
 *   SUM#<und>/<date>   one row a session: the summary as one JSON attribute `row`, expiresAt = date + 400 days,
 * a separate retention from the chains' 30 days: a year of sessions (≥ 252) for IV rank, percentile and the regime.
 */
const DAY_SECONDS = 86_400;
const WRITERS = 4;
const epochOf = (date: string) => dayNumber(date) * DAY_SECONDS;

export function dynamoSummaryStore(db: DynamoDBDocumentClient = documentClient(), table = tableName(), now: () => number = Date.now): DailySummaryStore {
  const unexpired = async (input: QueryInput) => (await queryAll(db, table, input)).filter((i) => !isExpired(i, now()));
  const range = (underlying: string, fromDate: string) => ({
    KeyConditionExpression: 'PK = :pk AND SK >= :from',
    ExpressionAttributeValues: { ':pk': `SUM#${underlying}`, ':from': fromDate },
  });

  return {
    async putSummaries(rows) {
      const requests = rows.map((r) => ({
        PutRequest: {
          Item: { PK: `SUM#${r.underlying}`, SK: r.date, row: JSON.stringify(r), expiresAt: epochOf(addDays(r.date, SUMMARY_RETENTION_DAYS)) },
        },
      }));
      // A year's backfill is ~11 batches: four at a time (each batch retries its own unprocessed items).
      const slice = Math.ceil(requests.length / WRITERS / 25) * 25;
      await Promise.all(Array.from({ length: WRITERS }, (_, i) => batchWriteAll(db, table, requests.slice(i * slice, (i + 1) * slice))));
    },

    async listSummaries(underlying, fromDate) {
      const items = await unexpired(range(underlying, fromDate));
      // Rows written by an older shape are skipped rather than served half-filled.
      return items.flatMap((i) => {
        const parsed = DailySummarySchema.safeParse(JSON.parse(String(i.row)));
        return parsed.success ? [parsed.data satisfies DailySummary] : [];
      });
    },

    async summaryDates(underlying, fromDate) {
      const items = await unexpired({ ...range(underlying, fromDate), ProjectionExpression: 'SK, expiresAt' });
      return items.map((i) => String(i.SK));
    },
  };
}
