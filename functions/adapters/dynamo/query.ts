import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

/** A Query without its table and its start key: the helpers below add both. */
export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;
export type Item = Record<string, unknown>;

/**
 * Every page of a Query, in order: DynamoDB answers at most 1 MB (or `Limit` items) a call and hands back
 * `LastEvaluatedKey` while more remain; the next page starts there. `startKey` starts the first page after that key
 * (a caller's cursor).
 */
export async function* queryPages(
  db: DynamoDBDocumentClient,
  table: string,
  input: QueryInput,
  options: { startKey?: Item } = {},
): AsyncGenerator<QueryCommandOutput> {
  let ExclusiveStartKey: Item | undefined = options.startKey;
  do {
    const page = await db.send(new QueryCommand({ TableName: table, ...input, ExclusiveStartKey }));
    yield page;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/**
 * The items of every page of a Query. With `limit`, it stops asking for pages once it holds that many (the last page
 * may bring a few more; they are kept, as the callers that cap their reads expect).
 */
export async function queryAll(db: DynamoDBDocumentClient, table: string, input: QueryInput, options: { limit?: number } = {}): Promise<Item[]> {
  const limit = options.limit ?? Infinity;
  const items: Item[] = [];
  for await (const page of queryPages(db, table, input)) {
    items.push(...(page.Items ?? []));
    if (items.length >= limit) break;
  }
  return items;
}

/** How many items a Query matches, summed over its pages (`Select: 'COUNT'`, so no item is read back). */
export async function queryCount(db: DynamoDBDocumentClient, table: string, input: Omit<QueryInput, 'Select'>): Promise<number> {
  let count = 0;
  for await (const page of queryPages(db, table, { ...input, Select: 'COUNT' })) count += page.Count ?? 0;
  return count;
}
