import { BatchGetCommand, type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from './table-definition';
import { backoffDelayMs } from '@shared/backoff';

type Key = Record<string, string>;
type Item = Record<string, unknown>;
type Waiter = { key: Key; resolve: (item: Item | undefined) => void; reject: (err: unknown) => void };

/** BatchGetItem's limit on keys per request. */
export const BATCH_GET_KEYS = 100;
const MAX_ATTEMPTS = 8;

const idOf = (key: Item) => `${String(key[TABLE_KEYS.partitionKey])}\u0000${String(key[TABLE_KEYS.sortKey])}`;

/**
 * Reads any number of keys with BatchGetItem in chunks of 100 (the API's limit), asking again for the keys DynamoDB
 * leaves unprocessed with exponential backoff, as DynamoDB asks. Throws if keys are still unprocessed after the last
 * attempt, so a caller never takes a throttled key for a missing item. Items come back in no particular order; a key
 * given twice is read once.
 */
export async function batchGetAll(
  db: DynamoDBDocumentClient,
  table: string,
  keys: readonly Key[],
  opts: { consistent?: boolean; sleep?: (ms: number) => Promise<void> } = {},
): Promise<Item[]> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const unique = [...new Map(keys.map((k) => [idOf(k), k])).values()];
  const found: Item[] = [];
  for (let i = 0; i < unique.length; i += BATCH_GET_KEYS) {
    let pending = unique.slice(i, i + BATCH_GET_KEYS);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed after ${MAX_ATTEMPTS} attempts`);
      if (attempt > 0) await sleep(backoffDelayMs(attempt, 50, 2000));
      const out = await db.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...(opts.consistent ? { ConsistentRead: true } : {}) } } }));
      found.push(...(out.Responses?.[table] ?? []));
      pending = (out.UnprocessedKeys?.[table]?.Keys as Key[] | undefined) ?? [];
    }
  }
  return found;
}

/**
 * Strongly consistent GetItems asked for in the same turn of the event loop go to DynamoDB as one BatchGetItem
 * (consistent too): the account selector's paper account and Alpaca links, read by three venues at once, cost one
 * request instead of three. A get asked alone is a plain GetItem, as before. Keys BatchGetItem leaves unprocessed are
 * asked again with exponential backoff, as DynamoDB asks; an error reaches every get in the batch. Items come back in
 * no particular order and are matched to their gets by key; a key asked twice in one turn is read once, and each asker gets its own copy.
 */
export function batchedGetter(
  db: DynamoDBDocumentClient,
  table: string,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): (key: Key) => Promise<Item | undefined> {
  let waiting: Waiter[] = [];

  async function flush(gets: Waiter[]) {
    if (gets.length === 1) {
      const [only] = gets as [Waiter];
      try {
        only.resolve((await db.send(new GetCommand({ TableName: table, Key: only.key, ConsistentRead: true }))).Item);
      } catch (err) {
        only.reject(err);
      }
      return;
    }
    const unique = [...new Map(gets.map((g) => [idOf(g.key), g.key])).values()];
    for (let i = 0; i < unique.length; i += BATCH_GET_KEYS) {
      const chunk = unique.slice(i, i + BATCH_GET_KEYS);
      const ids = new Set(chunk.map(idOf));
      const mine = gets.filter((g) => ids.has(idOf(g.key)));
      try {
        const found = new Map((await batchGetAll(db, table, chunk, { consistent: true, sleep })).map((item) => [idOf(item), item]));
        // A key asked twice is read once, but each asker gets an item of its own to change.
        const given = new Set<string>();
        for (const g of mine) {
          const id = idOf(g.key);
          const item = found.get(id);
          g.resolve(item && given.has(id) ? structuredClone(item) : item);
          given.add(id);
        }
      } catch (err) {
        for (const g of mine) g.reject(err);
      }
    }
  }

  return (key) =>
    new Promise<Item | undefined>((resolve, reject) => {
      if (!waiting.length) {
        setImmediate(() => {
          const gets = waiting;
          waiting = [];
          void flush(gets);
        });
      }
      waiting.push({ key, resolve, reject });
    });
}

const shared = new WeakMap<DynamoDBDocumentClient, Map<string, (key: Key) => Promise<Item | undefined>>>();

/** The one getter of a client and table, so repositories of different areas batch with each other. */
export function sharedBatchedGetter(db: DynamoDBDocumentClient, table: string): (key: Key) => Promise<Item | undefined> {
  let byTable = shared.get(db);
  if (!byTable) shared.set(db, (byTable = new Map()));
  let getter = byTable.get(table);
  if (!getter) byTable.set(table, (getter = batchedGetter(db, table)));
  return getter;
}
