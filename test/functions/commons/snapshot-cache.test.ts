import { describe, expect, it } from 'vitest';
import { etagOf, snapshotCache } from '../../../functions/commons/snapshot-cache';

describe('etagOf', () => {
  it('is a strong validator of the text alone: the same text the same tag, any change a new one', () => {
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
    expect(etagOf('x')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});

describe('snapshotCache', () => {
  it('makes an answer once per version and serves the kept text and ETag until the version changes', async () => {
    const cache = snapshotCache<{ n: number }>();
    let made = 0;
    const make = () => ({ n: ++made });
    const first = await cache.answer('chain|SPY', 'v1', make);
    expect(first).toMatchObject({ version: 'v1', value: { n: 1 }, text: '{"n":1}', etag: etagOf('{"n":1}') });
    const again = await cache.answer('chain|SPY', 'v1', make);
    expect(made).toBe(1);
    expect(again.text).toBe(first.text);
    expect(again.etag).toBe(first.etag);
    const next = await cache.answer('chain|SPY', 'v2', make);
    expect(made).toBe(2);
    expect(next.text).toBe('{"n":2}');
    expect(next.etag).not.toBe(first.etag);
  });

  it('keeps each name apart, and moves checkedAt on when a version is confirmed', async () => {
    const cache = snapshotCache<string>({ serialise: (text) => text });
    await cache.answer('a', 'v1', () => 'A', 1_000);
    await cache.answer('b', 'v1', () => 'B', 1_000);
    expect(cache.peek('a')?.text).toBe('A');
    expect(cache.peek('b')?.text).toBe('B');
    await cache.answer('a', 'v1', () => 'never', 5_000);
    expect(cache.peek('a')).toMatchObject({ text: 'A', checkedAt: 5_000 });
    expect(cache.peek('c')).toBeUndefined();
  });

  it('with maxEntries, forgets the name kept longest ago', async () => {
    const cache = snapshotCache<number>({ maxEntries: 2 });
    await cache.answer('a', 'v', () => 1);
    await cache.answer('b', 'v', () => 2);
    await cache.answer('c', 'v', () => 3);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('c')?.value).toBe(3);
  });

  it('keeps nothing when making the answer fails', async () => {
    const cache = snapshotCache<number>();
    await expect(cache.answer('a', 'v', () => Promise.reject(new Error('table down')))).rejects.toThrow('table down');
    expect(cache.peek('a')).toBeUndefined();
  });
});
