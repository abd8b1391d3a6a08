import { describe, expect, it } from 'vitest';
import { fieldInWords } from '@shared/api/field-words';

describe('a request field in words', () => {
  it('names fields as a learner would read them', () => {
    expect(fieldInWords('body', ['legs', 0, 'quantity'])).toBe('Quantity of leg 1');
    expect(fieldInWords('body', ['legs', 2, 'contract'])).toBe('Contract of leg 3');
    expect(fieldInWords('body', ['limitPrice'])).toBe('Limit price');
    expect(fieldInWords('body', ['commissionPerContract'])).toBe('Commission per contract');
    expect(fieldInWords('body', ['legs'])).toBe('Legs');
    expect(fieldInWords('body', ['underlyings', 1])).toBe('Underlying 2');
    expect(fieldInWords('body', [])).toBe('The request');
    // A field named like an object's own methods is just a field (the route fuzzing sent one).
    expect(fieldInWords('body', ['toString'])).toBe('To string');
    expect(fieldInWords('body', ['constructor', 0])).toBe('Constructor 1');
  });

  it('says where a query or address field is', () => {
    expect(fieldInWords('query', ['days'])).toBe('Days in the query');
    expect(fieldInWords('path', ['contract'])).toBe('Contract in the address');
  });
});
