import { describe, expect, it } from 'vitest';
import { awardKey, isRealReflection } from '@shared/journal/entries';
import { EntryInput } from '@shared/journal/journal.api';

describe('the journal XP rule', () => {
  it('an empty entry earns nothing; a setup or thesis with a lesson of substance does', () => {
    expect(isRealReflection({ thesis: '', setupTags: [], lesson: '' })).toBe(false);
    expect(isRealReflection({ thesis: '', setupTags: ['breakout'], lesson: 'ok' })).toBe(false);
    expect(isRealReflection({ thesis: '', setupTags: ['breakout'], lesson: 'aaaa bbbb cccc dddd' })).toBe(true);
    expect(isRealReflection({ thesis: 'SPY holds 580 into the Fed', setupTags: [], lesson: 'Take profits at half the max profit' })).toBe(true);
    expect(isRealReflection({ thesis: 'up', setupTags: [], lesson: 'Take profits at half the max profit' })).toBe(false);
    expect(isRealReflection({ thesis: '', setupTags: ['x'], lesson: '!!! ??? ... 1234567890 1234567890' })).toBe(false);
  });

  it('keys the award by trade, or by kind and day, so deleting and re-creating earns nothing twice', () => {
    expect(awardKey({ tradeId: 'T1', kind: 'trade', date: '2026-11-25' })).toBe('trade#T1');
    expect(awardKey({ tradeId: null, kind: 'daily_plan', date: '2026-11-25' })).toBe('daily_plan#2026-11-25');
  });
});

describe('entry validation', () => {
  it('fills the defaults, trims and de-duplicates tags whatever their case', () => {
    const e = EntryInput.parse({ kind: 'daily_plan', setupTags: ['Breakout ', 'breakout'], lesson: '  Wait for the open  ' });
    expect(e).toMatchObject({ tradeId: null, kind: 'daily_plan', setupTags: ['Breakout'], lesson: 'Wait for the open', confidence: null });
  });

  it('refuses out-of-bounds fields with a clear message', () => {
    const r = EntryInput.safeParse({ confidence: 6, body: 'x'.repeat(20_001), setupTags: Array.from({ length: 13 }, (_, i) => `t${i}`), extra: 1 });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['confidence: must be from 1 to 5', 'body: must be at most 20,000 characters', 'setupTags: at most 12 tags']),
    );
  });

  it("takes a free entry's date only as a real calendar day", () => {
    expect(EntryInput.parse({ kind: 'daily_plan', date: '2028-02-29' }).date).toBe('2028-02-29');
    for (const date of ['2026-13-01', '2026-02-30', '2026-1-05']) {
      const r = EntryInput.safeParse({ kind: 'daily_plan', date });
      expect(r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual(['date: must be a date in the form YYYY-MM-DD']);
    }
  });

  it('a trade entry names its trade', () => {
    expect(EntryInput.safeParse({ kind: 'trade' }).success).toBe(false);
    expect(EntryInput.safeParse({ kind: 'note', tradeId: '01KAAAAAAAAAAAAAAAAAAAAAAA' }).success).toBe(false);
    expect(EntryInput.safeParse({ kind: 'trade', tradeId: '01KAAAAAAAAAAAAAAAAAAAAAAA' }).success).toBe(true);
  });
});
