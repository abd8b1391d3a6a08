import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { encodeCursor } from '@shared/data-browser/cursor';
import { dynamoDataBrowser } from '../../../../functions/adapters/dynamo/data-browser-repository';

const db = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
const mock = mockClient(db);
const now = Date.parse('2026-11-28T15:00:00Z');
const range = { from: '2026-11-01', to: '2026-11-30' };
const store = () => dynamoDataBrowser(db, 't', () => now);
const optionItem = (contract: string, date: string, extra: Record<string, unknown> = {}) => ({
  PK: `OHIST#${contract}`,
  SK: date,
  GSI1PK: 'KIND#option-bar',
  GSI1SK: `${date}#${contract}`,
  ticker: contract,
  date,
  open: 1,
  high: 2,
  low: 0.5,
  close: 1.5,
  volume: 7,
  ...extra,
});

describe('dynamoDataBrowser', () => {
  beforeEach(() => mock.reset());

  it("reads a page of stock bars with one Query on the ticker's key range, and hands LastEvaluatedKey back as the cursor", async () => {
    mock.on(QueryCommand).resolves({
      Items: [
        { PK: 'HIST#SPY', SK: '2026-11-20', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10, origin: 'upload', uploadId: 'u1' },
        { PK: 'HIST#SPY', SK: '2026-11-21', close: 1.6, volume: 11 },
      ],
      LastEvaluatedKey: { PK: 'HIST#SPY', SK: '2026-11-21' },
    });
    const page = await store().stockBars('SPY', range, { limit: 2 });
    if (page === 'bad_cursor') throw new Error('refused');
    expect(page.rows.map((r) => [r.date, r.close, r.origin, r.open])).toEqual([
      ['2026-11-20', 1.5, 'upload', 1],
      ['2026-11-21', 1.6, 'ingest', null],
    ]);
    const input = mock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to', Limit: 2, ExclusiveStartKey: undefined });
    expect(input.ExpressionAttributeValues).toEqual({ ':pk': 'HIST#SPY', ':from': '2026-11-01', ':to': '2026-11-30' });

    mock.on(QueryCommand).resolves({ Items: [] });
    await store().stockBars('SPY', range, { limit: 2, cursor: page.cursor! });
    expect(mock.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ PK: 'HIST#SPY', SK: '2026-11-21' });
    expect(mock.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it("refuses another ticker's cursor without reading", async () => {
    const cursor = encodeCursor({ PK: 'HIST#QQQ', SK: '2026-11-21' });
    expect(await store().stockBars('SPY', range, { limit: 2, cursor })).toBe('bad_cursor');
    expect(mock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  it('leaves out items past their time to live', async () => {
    mock.on(QueryCommand).resolves({ Items: [{ PK: 'HIST#SPY', SK: '2026-10-01', close: 1, expiresAt: now / 1000 - 1 }] });
    expect(await store().stockBars('SPY', range, { limit: 10 })).toEqual({ rows: [], cursor: null });
  });

  it("reads an underlying's option bars through GSI1 by date, keeping only its own contracts", async () => {
    mock.on(QueryCommand).resolves({
      Items: [
        optionItem('SPY261218C00600000', '2026-11-20', { origin: 'upload', bid: 1.4, ask: 1.6, implied_volatility: 0.2 }),
        optionItem('SPYG261218C00060000', '2026-11-20'),
        optionItem('O:SPY261218P00590000', '2026-11-21'),
      ],
    });
    const page = await store().underlyingOptionBars('SPY', range, { limit: 10 });
    if (page === 'bad_cursor') throw new Error('refused');
    expect(page.rows.map((r) => [r.contract, r.underlying, r.origin, r.bid])).toEqual([
      ['SPY261218C00600000', 'SPY', 'upload', 1.4],
      ['O:SPY261218P00590000', 'SPY', 'ingest', null],
    ]);
    expect(page.cursor).toBeNull();
    const input = mock.commandCalls(QueryCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :kind AND GSI1SK BETWEEN :from AND :to' });
    expect(input.ExpressionAttributeValues).toMatchObject({ ':kind': 'KIND#option-bar', ':from': '2026-11-01', ':to': '2026-11-30#\uffff' });
  });

  it('reads GSI1 again while the page is short, a bounded number of times, and gives the cursor where it stopped', async () => {
    const lek = (d: string) => ({ PK: 'OHIST#QQQ261218C00500000', SK: d, GSI1PK: 'KIND#option-bar', GSI1SK: `${d}#QQQ261218C00500000` });
    mock.on(QueryCommand).resolves({ Items: [], LastEvaluatedKey: lek('2026-11-05') });
    const page = await store().underlyingOptionBars('SPY', range, { limit: 5 });
    if (page === 'bad_cursor') throw new Error('refused');
    expect(page.rows).toEqual([]);
    expect(mock.commandCalls(QueryCommand)).toHaveLength(10);
    expect(page.cursor).toBe(encodeCursor(lek('2026-11-05')));
  });

  it('refuses a GSI1 cursor of another kind of item or outside the range', async () => {
    const other = encodeCursor({ PK: 'HIST#SPY', SK: '2026-11-05', GSI1PK: 'KIND#stock-bar', GSI1SK: '2026-11-05#SPY' });
    const outside = encodeCursor({ PK: 'OHIST#X', SK: '2026-12-05', GSI1PK: 'KIND#option-bar', GSI1SK: '2026-12-05#X' });
    expect(await store().underlyingOptionBars('SPY', range, { limit: 5, cursor: other })).toBe('bad_cursor');
    expect(await store().underlyingOptionBars('SPY', range, { limit: 5, cursor: outside })).toBe('bad_cursor');
  });

  it('reads a series up to the cap and says when it was cut', async () => {
    mock.on(QueryCommand).resolves({
      Items: [
        { PK: 'OHIST#SPY261218C00600000', SK: '2026-11-20', close: 2, volume: 3 },
        { PK: 'OHIST#SPY261218C00600000', SK: '2026-11-21', last: 2.5 },
      ],
      LastEvaluatedKey: { PK: 'OHIST#SPY261218C00600000', SK: '2026-11-21' },
    });
    expect(await store().series('option', 'SPY261218C00600000', range, 2)).toEqual({
      points: [
        { date: '2026-11-20', close: 2, volume: 3 },
        { date: '2026-11-21', close: 2.5, volume: null },
      ],
      truncated: true,
    });
    expect(mock.commandCalls(QueryCommand)[0]!.args[0].input.Limit).toBe(2);
  });

  it('skips a summary row of an older shape', async () => {
    mock.on(QueryCommand).resolves({ Items: [{ PK: 'SUM#SPY', SK: '2026-11-20', row: '{"underlying":"SPY"}' }] });
    expect(await store().summaries('SPY', range, { limit: 5 })).toEqual({ rows: [], cursor: null });
  });
});
