import { describe, expect, it } from 'vitest';
import { BoundedMap } from '@shared/bounded-map';

describe('BoundedMap', () => {
  it('forgets the entry set longest ago once full', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('c', 3);
    expect([...m.keys()]).toEqual(['b', 'c']);
  });

  it('makes a key set again the newest, so it outlives keys set since its first set', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect([...m]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });

  it('does not count a replaced key twice', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('a', 2).set('b', 3);
    expect(m.size).toBe(2);
    expect(m.get('a')).toBe(2);
  });

  it('refuses a size below one', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
  });
});
