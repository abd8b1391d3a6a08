import { describe, expect, it } from 'vitest';
import { shortenedFromEnv } from '../../../functions/commons/shortened';

describe('a waiting time from the environment', () => {
  it('takes a shorter time the local stack was started with, and the product’s own for anything else', () => {
    expect(shortenedFromEnv('WAIT', 60, {})).toBe(60);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: '3' })).toBe(3);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: '0.5' })).toBe(0.5);
    // Never longer than the product's, never zero or negative, never a word.
    expect(shortenedFromEnv('WAIT', 60, { WAIT: '600' })).toBe(60);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: '60' })).toBe(60);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: '0' })).toBe(60);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: '-5' })).toBe(60);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: 'soon' })).toBe(60);
    expect(shortenedFromEnv('WAIT', 60, { WAIT: ' ' })).toBe(60);
  });
});
