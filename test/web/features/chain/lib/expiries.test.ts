import { describe, expect, it } from 'vitest';
import { callPutRatio, callVolumeShare, countByTab, defaultExpiry, filterByTab, resolveExpiry } from '@web/features/chain/lib/expiries';
import { matchTickers } from '@web/features/chain/lib/tickers';
import { tradeHref } from '@web/features/chain/lib/trade-link';
import { EXPIRIES, expiry, TICKERS } from '../fixtures';

describe('the expiry filter (spec part 2 §2, §4)', () => {
  it('counts the expiries of every tab, All being all of them', () => {
    expect(countByTab(EXPIRIES)).toEqual({ All: 7, '0DTE': 0, Daily: 2, Weekly: 2, Monthly: 1, Quarterly: 1, LEAPS: 1 });
    expect(countByTab([])).toEqual({ All: 0, '0DTE': 0, Daily: 0, Weekly: 0, Monthly: 0, Quarterly: 0, LEAPS: 0 });
  });

  it('filters by type', () => {
    expect(filterByTab(EXPIRIES, 'Weekly').map((e) => e.expiration_date)).toEqual(['2026-11-27', '2026-12-04']);
    expect(filterByTab(EXPIRIES, 'All')).toHaveLength(7);
    expect(filterByTab(EXPIRIES, '0DTE')).toEqual([]);
  });

  it('defaults to the first Weekly expiry, else the first expiry', () => {
    expect(defaultExpiry(EXPIRIES)).toBe('2026-11-27');
    expect(defaultExpiry([...EXPIRIES].reverse())).toBe('2026-11-27');
    const noWeekly = EXPIRIES.filter((e) => e.expiry_type !== 'Weekly');
    expect(defaultExpiry(noWeekly)).toBe('2026-11-23');
    expect(defaultExpiry([])).toBeNull();
  });

  it('keeps the expiry in the URL when it is listed, else falls back on the default', () => {
    expect(resolveExpiry(EXPIRIES, '2026-12-18')).toBe('2026-12-18');
    expect(resolveExpiry(EXPIRIES, '2026-11-20')).toBe('2026-11-27');
    expect(resolveExpiry(EXPIRIES, null)).toBe('2026-11-27');
  });

  it('gives the call share of volume for the ratio bar', () => {
    expect(callVolumeShare(expiry('2026-11-27', 'Weekly', 6, { total_call_volume: 300, total_put_volume: 100 }))).toBe(0.75);
    expect(callVolumeShare(expiry('2026-11-27', 'Weekly', 6, { total_call_volume: 0, total_put_volume: 0 }))).toBeNull();
    expect(callPutRatio(expiry('2026-11-27', 'Weekly', 6, { total_call_volume: 300, total_put_volume: 100 }))).toBe(3);
    expect(callPutRatio(expiry('2026-11-27', 'Weekly', 6, { total_call_volume: 300, total_put_volume: 0 }))).toBeNull();
  });
});

describe('the ticker search', () => {
  it('matches the ticker or the name, ignoring case', () => {
    expect(matchTickers(TICKERS, 'spy').map((t) => t.ticker)).toEqual(['SPY']);
    expect(matchTickers(TICKERS, 'apple').map((t) => t.ticker)).toEqual(['AAPL']);
    expect(matchTickers(TICKERS, 'trust').map((t) => t.ticker)).toEqual(['QQQ', 'SPY']);
    expect(matchTickers(TICKERS, '  ')).toHaveLength(3);
    expect(matchTickers(TICKERS, 'zzz')).toEqual([]);
  });

  it('leaves out inactive tickers', () => {
    expect(matchTickers([{ ...TICKERS[0]!, is_active: false }], '')).toEqual([]);
  });
});

describe('the trade link', () => {
  it('sells at the bid and buys at the ask on the paper-trading ticket', () => {
    expect(tradeHref('SPY261127C00577000', 'sell')).toBe('/app/trade?contract=SPY261127C00577000&side=sell');
    expect(tradeHref('SPY261127P00577000', 'buy')).toBe('/app/trade?contract=SPY261127P00577000&side=buy');
  });
});
