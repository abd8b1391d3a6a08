import { describe, expect, it } from 'vitest';
import { DataRangeQuery, OptionBarsQuery, dataBrowserApi } from '@shared/data-browser/data-browser.api';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the data browser contract', () => {
  it('takes a range, a page size defaulting to 100 and an optional cursor', () => {
    expect(DataRangeQuery.parse({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-11-01', to: '2026-11-30', limit: 100 });
    expect(DataRangeQuery.parse({ from: '2026-11-01', to: '2026-11-01', limit: '500', cursor: 'abc_-1' }).limit).toBe(500);
  });

  it('refuses dates that are not dates, a range backwards or over ten years, with the field named', () => {
    expect(messages(DataRangeQuery.safeParse({ from: '2026-13-01', to: '2026-11-30' }))).toEqual(['from: must be a date in the form YYYY-MM-DD']);
    expect(messages(DataRangeQuery.safeParse({ to: '2026-11-30' }))).toEqual(['from: is required: a date in the form YYYY-MM-DD']);
    expect(messages(DataRangeQuery.safeParse({ from: '2026-11-30', to: '2026-11-01' }))).toEqual(['to: must be on or after the from date']);
    expect(messages(DataRangeQuery.safeParse({ from: '2010-01-01', to: '2026-11-01' }))).toEqual(['to: must be at most ten years after the from date']);
  });

  it('refuses a page size over 500 or under 1, and a cursor that is not one the API gives', () => {
    const base = { from: '2026-11-01', to: '2026-11-30' };
    expect(messages(DataRangeQuery.safeParse({ ...base, limit: '501' }))).toEqual(['limit: must be at most 500']);
    expect(messages(DataRangeQuery.safeParse({ ...base, limit: '0' }))).toEqual(['limit: must be at least 1']);
    expect(messages(DataRangeQuery.safeParse({ ...base, limit: '2.5' }))).toEqual(['limit: must be a whole number']);
    expect(messages(DataRangeQuery.safeParse({ ...base, cursor: '{"PK":"x"}' }))).toEqual(['cursor: is not a cursor this API gave']);
  });

  it('upper-cases tickers and contract symbols and refuses what is neither', () => {
    const params = dataBrowserApi['GET /api/admin/data/{underlying}/stock-bars'].params;
    expect(params.parse({ underlying: 'spy' })).toEqual({ underlying: 'SPY' });
    expect(params.safeParse({ underlying: 'SPY;DROP' }).success).toBe(false);
    const q = OptionBarsQuery.parse({ from: '2026-11-01', to: '2026-11-30', contract: 'o:spy261218c00600000' });
    expect(q.contract).toBe('O:SPY261218C00600000');
    expect(messages(OptionBarsQuery.safeParse({ from: '2026-11-01', to: '2026-11-30', contract: 'SPY' }))).toEqual([
      'contract: must be an OCC option symbol such as SPY261218C00600000',
    ]);
  });

  it('is admin only on every route', () => {
    expect(Object.values(dataBrowserApi).every((c) => c.auth === 'admin')).toBe(true);
  });
});
