import { gunzipSync } from 'node:zlib';
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type CursorExpectation, decodeCursor, encodeCursor } from '@shared/data-browser/cursor';
import type { BadCursor, ChainRow, DataBrowserReader, DateRange, OptionBarRow, Page, PageRequest, StockBarRow } from '@shared/data-browser/data-browser.port';
import type { OptionContract } from '@shared/market/chain';
import { parseOcc } from '@shared/market/occ';
import { type DailySummary, DailySummarySchema } from '@shared/metrics/daily-summary';
import { documentClient, isExpired, tableName } from './client';
import type { Item, QueryInput } from './query';

/**
 * The data browser's reads of market data (the items market-repository.ts and summary-repository.ts write):
 *   CHAIN#<und>/<expiry>, HIST#<ticker>/<date>, OHIST#<contract>/<date>, SUM#<und>/<date> by their keys, and the
 *   option bars of every contract of an underlying through GSI1 (KIND#option-bar, `<date>#<contract>`).
 * Each request is one Query (or a few, bounded, for the GSI1 read) with a Limit, starting at the caller's cursor; a
 * cursor is the Query's LastEvaluatedKey, checked to belong to the same partition and range before it is used.
 */
const OPTION_BAR_KIND = 'KIND#option-bar';
/** The Query calls one page of an underlying's option bars may make: each reads at most the rows still wanted. */
const MAX_FILTERED_READS = 10;
/** Above every character a contract symbol uses: `<to>#\uffff` ends a GSI1 range on the `to` date. */
const END = '\uffff';

const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const origin = (i: Item): 'upload' | 'ingest' => (i.origin === 'upload' ? 'upload' : 'ingest');

export const stockBarRow = (i: Item): StockBarRow => ({
  ticker: String(i.PK).replace(/^HIST#/, ''),
  date: String(i.SK),
  open: n(i.open),
  high: n(i.high),
  low: n(i.low),
  close: n(i.close),
  volume: n(i.volume),
  origin: origin(i),
});

export const optionBarRow = (i: Item): OptionBarRow => {
  const contract = String(i.PK).replace(/^OHIST#/, '');
  const underlying = typeof i.underlying_ticker === 'string' ? i.underlying_ticker : (parseOcc(contract)?.underlying ?? '');
  return {
    contract,
    underlying,
    date: String(i.SK),
    open: n(i.open),
    high: n(i.high),
    low: n(i.low),
    close: n(i.close),
    volume: n(i.volume),
    bid: n(i.bid),
    ask: n(i.ask),
    last: n(i.last),
    open_interest: n(i.open_interest),
    implied_volatility: n(i.implied_volatility),
    delta: n(i.delta),
    gamma: n(i.gamma),
    theta: n(i.theta),
    vega: n(i.vega),
    origin: origin(i),
  };
};

const chainRow = (i: Item): ChainRow => ({
  underlying: String(i.underlying ?? String(i.PK).replace(/^CHAIN#/, '')),
  expiration: String(i.SK),
  asOf: String(i.asOf ?? ''),
  underlyingPrice: n(i.underlyingPrice),
  contracts: n(i.count) ?? 0,
  source: String(i.source ?? ''),
  provider: String(i.provider ?? ''),
});

const CHAIN_PROJECTION = {
  ProjectionExpression: 'PK, SK, #underlying, asOf, underlyingPrice, #count, #source, provider, expiresAt',
  ExpressionAttributeNames: { '#underlying': 'underlying', '#count': 'count', '#source': 'source' },
};

/** A string-valued key as a cursor; a key with another kind of value is a bug of this adapter, not the caller's. */
const cursorOf = (key: Record<string, unknown> | undefined): string | null =>
  key ? encodeCursor(Object.fromEntries(Object.entries(key).map(([k, v]) => [k, String(v)]))) : null;

export function dynamoDataBrowser(db: DynamoDBDocumentClient = documentClient(), table = tableName(), now: () => number = Date.now): DataBrowserReader {
  /** One page of a Query on a partition's sort-key range [from, to]. */
  async function keyRangePage<T>(
    pk: string,
    range: DateRange,
    page: PageRequest,
    map: (i: Item) => T | null,
    extra: Partial<QueryInput> = {},
  ): Promise<Page<T> | BadCursor> {
    const expect: CursorExpectation = { keys: ['PK', 'SK'], fixed: { PK: pk }, within: { key: 'SK', from: range.from, to: range.to } };
    const start = page.cursor === undefined ? undefined : decodeCursor(page.cursor, expect);
    if (start === null) return 'bad_cursor';
    const out = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ...extra,
        ExpressionAttributeValues: { ':pk': pk, ':from': range.from, ':to': range.to },
        Limit: page.limit,
        ExclusiveStartKey: start,
      }),
    );
    const rows = (out.Items ?? [])
      .filter((i) => !isExpired(i, now()))
      .flatMap((i) => {
        const row = map(i);
        return row === null ? [] : [row];
      });
    return { rows, cursor: cursorOf(out.LastEvaluatedKey) };
  }

  return {
    chains: (underlying, range, page) => keyRangePage(`CHAIN#${underlying}`, range, page, chainRow, CHAIN_PROJECTION),

    async chain(underlying, expiration) {
      const out = await db.send(new GetCommand({ TableName: table, Key: { PK: `CHAIN#${underlying}`, SK: expiration } }));
      const item = out.Item;
      if (!item || isExpired(item, now())) return null;
      return { row: chainRow(item), contracts: JSON.parse(gunzipSync(item.data as Uint8Array).toString('utf8')) as OptionContract[] };
    },

    stockBars: (ticker, range, page) => keyRangePage(`HIST#${ticker}`, range, page, stockBarRow),

    contractBars: (contract, range, page) => keyRangePage(`OHIST#${contract}`, range, page, optionBarRow),

    summaries: (underlying, range, page) =>
      keyRangePage(`SUM#${underlying}`, range, page, (i): DailySummary | null => {
        // A row written by an older shape is left out rather than shown half-filled (as the analysis pages read them).
        try {
          const parsed = DailySummarySchema.safeParse(JSON.parse(String(i.row)));
          return parsed.success ? parsed.data : null;
        } catch {
          return null;
        }
      }),

    async underlyingOptionBars(underlying, range, page) {
      const to = `${range.to}#${END}`;
      const expect: CursorExpectation = {
        keys: ['PK', 'SK', 'GSI1PK', 'GSI1SK'],
        fixed: { GSI1PK: OPTION_BAR_KIND },
        within: { key: 'GSI1SK', from: range.from, to },
      };
      let start: Record<string, unknown> | undefined;
      if (page.cursor !== undefined) {
        const key = decodeCursor(page.cursor, expect);
        if (key === null) return 'bad_cursor';
        start = key;
      }
      // GSI1 holds every underlying's option bars by date; the filter keeps the contracts whose symbol starts with the
      // underlying (with or without the vendor's "O:"), and the OCC parse below drops a longer root (SPY vs SPYG).
      const rows: OptionBarRow[] = [];
      for (let reads = 0; reads < MAX_FILTERED_READS && rows.length < page.limit; reads++) {
        const out = await db.send(
          new QueryCommand({
            TableName: table,
            IndexName: 'GSI1',
            KeyConditionExpression: 'GSI1PK = :kind AND GSI1SK BETWEEN :from AND :to',
            FilterExpression: 'begins_with(PK, :plain) OR begins_with(PK, :vendor)',
            ExpressionAttributeValues: {
              ':kind': OPTION_BAR_KIND,
              ':from': range.from,
              ':to': to,
              ':plain': `OHIST#${underlying}`,
              ':vendor': `OHIST#O:${underlying}`,
            },
            Limit: page.limit - rows.length,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of out.Items ?? []) {
          if (isExpired(i, now())) continue;
          const row = optionBarRow(i);
          if (parseOcc(row.contract)?.underlying === underlying) rows.push(row);
        }
        start = out.LastEvaluatedKey;
        if (!start) break;
      }
      return { rows, cursor: cursorOf(start) };
    },

    async series(kind, ticker, range, max) {
      const points: { date: string; close: number | null; volume: number | null }[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db.send(
          new QueryCommand({
            TableName: table,
            KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
            ExpressionAttributeValues: { ':pk': `${kind === 'stock' ? 'HIST#' : 'OHIST#'}${ticker}`, ':from': range.from, ':to': range.to },
            Limit: max - points.length,
            ExclusiveStartKey: start,
          }),
        );
        for (const i of out.Items ?? []) {
          // An uploaded option bar may carry a last price and no close: the chart draws whichever it has.
          if (!isExpired(i, now())) points.push({ date: String(i.SK), close: n(i.close) ?? n(i.last), volume: n(i.volume) });
        }
        start = out.LastEvaluatedKey;
      } while (start && points.length < max);
      return { points, truncated: start !== undefined };
    },
  };
}
