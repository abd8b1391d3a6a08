import { describe, expect, it } from 'vitest';
import { endOfTradingWeek, expiryOutlook, newYorkToday } from '@shared/home/expiry-outlook';

const option = (over: Partial<Parameters<typeof expiryOutlook>[0]> = {}) => ({
  kind: 'option' as const,
  optionType: 'call' as const,
  strike: 600,
  expiration: '2026-11-27',
  quantity: 1,
  underlying: 'SPY',
  underlyingPrice: 590,
  ...over,
});

describe('the trading week a date falls in', () => {
  it('ends on that week’s Friday, and a weekend looks at the coming week', () => {
    expect(endOfTradingWeek('2026-11-23')).toBe('2026-11-27'); // Monday
    expect(endOfTradingWeek('2026-11-27')).toBe('2026-11-27'); // Friday
    expect(endOfTradingWeek('2026-11-28')).toBe('2026-12-04'); // Saturday
    expect(endOfTradingWeek('2026-11-29')).toBe('2026-12-04'); // Sunday
  });
  it('takes today in New York, not in UTC', () => {
    expect(newYorkToday(new Date('2026-11-27T03:00:00Z'))).toBe('2026-11-26');
  });
});

describe('what happens at expiry if the learner does nothing', () => {
  it('flags an option expiring this week, not one expiring next week', () => {
    expect(expiryOutlook(option(), '2026-11-24')!.expiresThisWeek).toBe(true);
    expect(expiryOutlook(option({ expiration: '2026-12-04' }), '2026-11-24')!.expiresThisWeek).toBe(false);
  });
  it('says an out-of-the-money long expires worthless and the premium is lost; a short keeps it', () => {
    expect(expiryOutlook(option(), '2026-11-24')).toMatchObject({ outcome: 'worthless', text: expect.stringContaining('premium paid is lost') });
    expect(expiryOutlook(option({ quantity: -1, optionType: 'put', strike: 580 }), '2026-11-24')).toMatchObject({
      outcome: 'worthless',
      text: expect.stringContaining('you keep the premium'),
    });
  });
  it('treats an option in the money by less than a cent as worthless, as settlement does', () => {
    expect(expiryOutlook(option({ underlyingPrice: 600.005 }), '2026-11-24')!.outcome).toBe('worthless');
  });
  it('says an in-the-money long call is exercised into 100 shares a contract at the strike', () => {
    const o = expiryOutlook(option({ quantity: 2, underlyingPrice: 610 }), '2026-11-24')!;
    expect(o.outcome).toBe('exercised');
    expect(o.text).toBe('In the money: it would be exercised, buying 200 SPY shares at $600.00 (closed at its intrinsic value if cash is short).');
  });
  it('says an in-the-money short put is assigned, buying the shares at the strike', () => {
    const o = expiryOutlook(option({ quantity: -1, optionType: 'put', strike: 600, underlyingPrice: 590 }), '2026-11-24')!;
    expect(o).toMatchObject({ outcome: 'assigned', text: 'In the money: it would be assigned, buying 100 SPY shares at $600.00.' });
  });
  it('says nothing about shares, and admits when the price is unknown', () => {
    expect(expiryOutlook(option({ kind: 'stock', optionType: null, strike: null, expiration: null }), '2026-11-24')).toBeNull();
    expect(expiryOutlook(option({ underlyingPrice: null }), '2026-11-24')!.outcome).toBe('unknown');
  });
});
