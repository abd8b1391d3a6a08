import { describe, expect, it } from 'vitest';
import { itemBytes } from '../../../../functions/adapters/dynamo/item-size';

describe("an item's size as DynamoDB counts it", () => {
  it('counts names and values by the Developer Guide’s rules', () => {
    expect(itemBytes({ PK: 'SEASON#a' })).toBe(2 + 8);
    expect(itemBytes({ name: 'Zoë' })).toBe(4 + 4); // ë is two UTF-8 bytes
    expect(itemBytes({ n: 123.45 })).toBe(1 + 3 + 1); // five significant digits: 3 bytes, plus 1
    expect(itemBytes({ n: 1200 })).toBe(1 + 1 + 1); // trailing zeros trimmed
    expect(itemBytes({ flag: true, none: null })).toBe(4 + 1 + 4 + 1);
    expect(itemBytes({ l: [7, 'ab'] })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemBytes({ m: { a: 'x' } })).toBe(1 + 3 + (1 + 1 + 1));
    expect(itemBytes({ m: {}, l: [] })).toBe(1 + 3 + 1 + 3);
    expect(itemBytes({ gone: undefined })).toBe(0);
  });
});
