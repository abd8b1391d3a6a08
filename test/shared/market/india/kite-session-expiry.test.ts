import { describe, expect, it } from 'vitest';
import { kiteSessionExpiry } from '@shared/market/india/kite/session-expiry';

describe("a Kite login's end", () => {
  it('is the next 06:00 in Mumbai after the login', () => {
    // Monday 30 November 2026, 08:45 and 23:50 in Mumbai: both end Tuesday 06:00 IST (00:30 UTC).
    expect(kiteSessionExpiry(new Date('2026-11-30T03:15:00Z')).toISOString()).toBe('2026-12-01T00:30:00.000Z');
    expect(kiteSessionExpiry(new Date('2026-11-30T18:20:00Z')).toISOString()).toBe('2026-12-01T00:30:00.000Z');
    // 05:00 in Mumbai on Tuesday: that same morning's 06:00.
    expect(kiteSessionExpiry(new Date('2026-11-30T23:30:00Z')).toISOString()).toBe('2026-12-01T00:30:00.000Z');
    // Exactly 06:00: the next day's.
    expect(kiteSessionExpiry(new Date('2026-12-01T00:30:00Z')).toISOString()).toBe('2026-12-02T00:30:00.000Z');
    // Across a month's end.
    expect(kiteSessionExpiry(new Date('2026-12-31T10:00:00Z')).toISOString()).toBe('2027-01-01T00:30:00.000Z');
  });
});
