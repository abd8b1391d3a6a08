import { describe, expect, it } from 'vitest';
import { formatOrdinal, nounFor, plural } from '@shared/format/words';

describe('ordinals', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [93, '93rd'],
    [100, '100th'],
    [0, '0th'],
    [92.6, '93rd'],
  ])('%s → %s', (n, text) => expect(formatOrdinal(n)).toBe(text));
});

describe('counted words', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(plural(1, 'contract')).toBe('1 contract');
    expect(plural(0, 'contract')).toBe('0 contracts');
    expect(plural(2, 'contract')).toBe('2 contracts');
    expect(plural(1250, 'entry', 'entries')).toBe('1,250 entries');
    expect(plural(1, 'entry', 'entries')).toBe('1 entry');
  });

  it('gives the noun alone in the form its count takes, for a label whose count is shown apart', () => {
    expect(nounFor(1, 'Breakeven')).toBe('Breakeven');
    expect(nounFor(2, 'Breakeven')).toBe('Breakevens');
    expect(nounFor(0, 'call')).toBe('calls');
    expect(nounFor(3, 'entry', 'entries')).toBe('entries');
  });
});
