import { describe, expect, it } from 'vitest';
import { indiaRefetchInterval, type IndianChain } from '@web/api/india';

const feed = (marketOpen: boolean) => ({ feed: { marketOpen } }) as unknown as IndianChain;

describe('the Indian chain refresh', () => {
  it('reads the chain again every 5 s while NSE is open, and not while it is closed or before the first answer', () => {
    expect(indiaRefetchInterval(feed(true))).toBe(5_000);
    expect(indiaRefetchInterval(feed(false))).toBe(false);
    expect(indiaRefetchInterval(undefined)).toBe(false);
  });
});
