import { describe, expect, it } from 'vitest';
import { contractName, legName } from '@shared/format/options';
import { describe as describeContract } from '@shared/paper/describe';
import { contractLabel } from '@web/components/trading/contract-label';
import { formatBalance, formatChange, formatFixed, formatMoney, formatPnl, formatUsd, formatWholeDollars, pnlDirection } from '@shared/format/money';
import { formatDate, formatExpiry, formatNewYorkTime, formatShortDate } from '@shared/format/time';

describe('money', () => {
  it('writes the server messages’ dollars rounded to cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
    expect(formatUsd(100_000)).toBe('$100,000.00');
    expect(formatUsd(-99_926.9)).toBe('−$99,926.90');
    expect(formatUsd(-0.001)).toBe('$0.00');
  });

  it('writes tiles and cells with a minus for a negative amount, a dash for none and Unlimited for an unbounded one', () => {
    expect(formatMoney(-3)).toBe('−$3.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(Number.NaN)).toBe('-');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('Unlimited');
    expect(formatWholeDollars(-1250)).toBe('−$1,250');
  });

  it('signs P&L so that its direction does not rely on colour', () => {
    expect(formatPnl(12.5)).toBe('+$12.50');
    expect(formatPnl(-3)).toBe('−$3.00');
    expect(formatPnl(0.001)).toBe('$0.00');
    expect(formatPnl(1029)).toBe('+$1,029.00');
    expect([pnlDirection(1), pnlDirection(-1), pnlDirection(0.004)]).toEqual(['gain', 'loss', 'flat']);
  });

  it('writes balances in dollars with cents, or none when whole, and in rupees with none', () => {
    expect(formatBalance(98_765.4)).toBe('$98,765.40');
    expect(formatBalance(99_926.9)).toBe('$99,926.90');
    expect(formatBalance(100_000)).toBe('$100,000');
    expect(formatBalance(-12.5)).toBe('−$12.50');
    expect(formatBalance(250_000, 'INR')).toBe('₹2,50,000');
  });

  it('writes a price change with its sign and percentage', () => {
    expect(formatChange(-2.5, -0.42)).toBe('−2.50 (−0.42%)');
    expect(formatChange(1.234, 0.45)).toBe('+1.23 (+0.45%)');
    expect(formatChange(0, 0)).toBe('0.00 (0.00%)');
  });
});

describe('time', () => {
  it('writes an instant in New York time with its zone, in winter and in summer', () => {
    const now = new Date('2026-11-25T15:00:00Z');
    expect(formatNewYorkTime('2026-11-20T21:00:00.000Z', now)).toBe('Nov 20, 4:00 PM ET');
    expect(formatNewYorkTime(new Date('2026-07-17T20:00:00.000Z'), now)).toBe('Jul 17, 4:00 PM ET');
    expect(formatNewYorkTime('2025-12-31T21:00:00.000Z', now)).toBe('Dec 31, 2025, 4:00 PM ET');
    // New Year's Eve at 10 PM in New York is already the new year in UTC: the year is New York's.
    expect(formatNewYorkTime('2026-01-01T03:00:00.000Z', now)).toBe('Dec 31, 2025, 10:00 PM ET');
    expect(formatNewYorkTime('not a time')).toBe('-');
  });

  it('writes a calendar date as that date whatever the reader’s zone', () => {
    expect(formatDate('2026-11-27')).toBe('Fri, Nov 27, 2026');
    expect(formatShortDate('2026-11-27')).toBe('Nov 27');
    // An expiry in a table or a name: month, day and year, never the ISO form the API carries.
    expect(formatExpiry('2027-01-15')).toBe('Jan 15, 2027');
    expect(formatExpiry('2026-12-31')).toBe('Dec 31, 2026');
  });
});

describe('a contract’s name (issue 24 §5)', () => {
  it('is the underlying, the expiry with its year, the strike in dollars and Call or Put, the same in messages and on screens', () => {
    expect(contractName({ underlying: 'SPY', expiration: '2026-12-18', strike: 600, type: 'call' })).toBe('SPY Dec 18, 2026 $600 Call');
    expect(contractName({ underlying: 'AAPL', expiration: '2027-01-15', strike: 232.5, type: 'put' })).toBe('AAPL Jan 15, 2027 $232.50 Put');
    expect(describeContract('SPY261218C00600000')).toBe(contractLabel('SPY261218C00600000'));
  });

  it('names a leg of a trade the same way after Buy or Sell (the screener wrote "2027-01-15 +579C")', () => {
    expect(legName('buy', { underlying: 'SPY', expiration: '2027-01-15', strike: 579, type: 'call' })).toBe('Buy SPY Jan 15, 2027 $579 Call');
    expect(legName('sell', { underlying: 'SPY', expiration: '2027-01-15', strike: 570.5, type: 'put' })).toBe('Sell SPY Jan 15, 2027 $570.50 Put');
    expect(contractName({ underlying: 'SPY', expiration: '2027-01-15', strike: 579, type: 'call' })).toContain(formatExpiry('2027-01-15'));
  });
});

describe('plain signed figures', () => {
  it('use the same minus sign as money, thousands separators, and no sign on a zero', () => {
    expect(formatFixed(-22.6)).toBe('−22.60');
    expect(formatFixed(1234.5)).toBe('1,234.50');
    expect(formatFixed(-0.0002, 3)).toBe('0.000');
    expect(formatFixed(-0.004)).toBe('0.00');
  });
});
