import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@shared/data-browser/cursor';

const expect_ = { keys: ['PK', 'SK'], fixed: { PK: 'HIST#SPY' }, within: { key: 'SK', from: '2026-11-01', to: '2026-11-30' } };

describe('page cursors', () => {
  it('gives back the key it was made from, as an opaque url-safe string', () => {
    const cursor = encodeCursor({ PK: 'HIST#SPY', SK: '2026-11-20' });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, expect_)).toEqual({ PK: 'HIST#SPY', SK: '2026-11-20' });
  });

  it('keeps a key with characters outside ASCII', () => {
    const key = { PK: 'HIST#SPY', SK: '2026-11-20#\uffff' };
    expect(decodeCursor(encodeCursor(key), { keys: ['PK', 'SK'], fixed: {} })).toEqual(key);
  });

  it('refuses a cursor of another underlying or table', () => {
    expect(decodeCursor(encodeCursor({ PK: 'HIST#QQQ', SK: '2026-11-20' }), expect_)).toBeNull();
    expect(decodeCursor(encodeCursor({ PK: 'SUM#SPY', SK: '2026-11-20' }), expect_)).toBeNull();
  });

  it('refuses a cursor outside the date range asked', () => {
    expect(decodeCursor(encodeCursor({ PK: 'HIST#SPY', SK: '2026-10-31' }), expect_)).toBeNull();
    expect(decodeCursor(encodeCursor({ PK: 'HIST#SPY', SK: '2026-12-01' }), expect_)).toBeNull();
  });

  it('refuses a cursor with missing, extra or non-string keys', () => {
    expect(decodeCursor(encodeCursor({ PK: 'HIST#SPY' }), expect_)).toBeNull();
    expect(decodeCursor(encodeCursor({ PK: 'HIST#SPY', SK: '2026-11-20', GSI1PK: 'x' }), expect_)).toBeNull();
    const numeric = btoa(JSON.stringify({ PK: 'HIST#SPY', SK: 5 })).replace(/=+$/, '');
    expect(decodeCursor(numeric, expect_)).toBeNull();
  });

  it.each(['not base64!', 'e30', btoa('[1,2]'), btoa('{"PK":'), '%%%'])('refuses garbage %j', (cursor) => {
    expect(decodeCursor(cursor, expect_)).toBeNull();
  });
});
