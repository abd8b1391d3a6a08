import { describe, expect, it } from 'vitest';
import { busEntryOf, outboxItem, OUTBOX_STREAM_FILTER } from '../../../functions/adapters/dynamo/outbox';
import { busEntryOfRecord, handler, pipeEventOf, type StreamRecordLike } from '../../../functions/events/outbox-enrichment';
import { domainEvent } from '@shared/events/domain-events';
import { matchesPattern } from '../../../local/event-pattern';

const event = domainEvent(
  'IngestRequested',
  { requestedBy: 'admin-sub', reason: 'admin', underlyings: ['SPY'], at: '2026-11-23T15:00:00.000Z' },
  '01JD0000000000000000000001',
);
const item = outboxItem(event, new Date('2026-11-23T15:00:00Z'));

/** The stream record DynamoDB writes for an item: its attributes in the wire format. */
const recordOf = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', image: Record<string, string | number>): StreamRecordLike =>
  ({
    eventName,
    dynamodb: {
      SequenceNumber: '100',
      NewImage: Object.fromEntries(Object.entries(image).map(([k, v]) => [k, typeof v === 'number' ? { N: String(v) } : { S: v }])),
    },
  }) as StreamRecordLike;

describe('the outbox enrichment (the Pipe) and the local relay share one transform', () => {
  it('keeps inserts of outbox items only, with the filter pattern the Pipe is given', () => {
    const filter = (r: StreamRecordLike) => matchesPattern(OUTBOX_STREAM_FILTER, r as Record<string, unknown>);
    expect(filter(recordOf('INSERT', { ...item }))).toBe(true);
    expect(filter(recordOf('MODIFY', { ...item }))).toBe(false);
    // A TTL deletion a day later is a REMOVE with no new image.
    expect(filter({ eventName: 'REMOVE', dynamodb: {} })).toBe(false);
    expect(filter(recordOf('INSERT', { PK: 'USER#u', SK: 'PROFILE', entity: 'profile' }))).toBe(false);
    expect(filter(recordOf('INSERT', { PK: 'MARKET', SK: 'STATUS' }))).toBe(false);
  });

  it('turns a record into the bus event: detail-type and source from the item, the detail as the object that was written', async () => {
    expect(pipeEventOf(recordOf('INSERT', { ...item }))).toEqual({ source: 'options-academy', detailType: 'IngestRequested', detail: event.detail });
    expect(await handler([recordOf('INSERT', { ...item }), recordOf('INSERT', { ...item })])).toHaveLength(2);
  });

  it('gives the local relay the PutEvents entry of the same event', () => {
    expect(busEntryOfRecord(recordOf('INSERT', { ...item }), 'bus')).toEqual(busEntryOf(item, 'bus'));
    const entry = busEntryOf(item, 'bus');
    expect(entry).toMatchObject({ EventBusName: 'bus', Source: 'options-academy', DetailType: 'IngestRequested' });
    expect(JSON.parse(entry.Detail)).toEqual(event.detail);
  });

  it('refuses a record it cannot read instead of sending an empty event', () => {
    const { detail: _d, ...noDetail } = item;
    expect(() => pipeEventOf(recordOf('INSERT', noDetail))).toThrow('has no detail');
    expect(() => pipeEventOf(recordOf('INSERT', { ...item, detail: '[1,2]' }))).toThrow('not a JSON object');
    expect(() => pipeEventOf(recordOf('INSERT', { ...item, detail: '{oops' }))).toThrow();
  });
});
