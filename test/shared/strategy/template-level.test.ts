import { describe, expect, it } from 'vitest';
import { beginnerLevel, STRATEGY_TEMPLATES, templateById, templateLevel, templatesOpenedAt } from '@shared/strategy/templates';

const level = (id: string) => templateLevel(templateById(id)!);
const names = (level: number) => templatesOpenedAt(level, STRATEGY_TEMPLATES).map((t) => t.name);

describe('the level a template needs', () => {
  it('follows the paper account’s rule: one bought option 2, a covered call or cash-secured put 1, a spread 3', () => {
    expect(level('long-call')).toBe(2);
    expect(level('covered-call')).toBe(1);
    expect(level('cash-secured-put')).toBe(1);
    expect(level('bull-call-spread')).toBe(3);
    expect(level('iron-condor')).toBe(3);
  });

  it('says a template that sells calls without cover is not allowed at any level', () => {
    expect(level('short-straddle')).toBeNull();
    expect(level('sell-call')).toBeNull();
    expect(level('call-ratio-spread')).toBeNull();
  });
});

describe('the templates each level opens', () => {
  it('lists each allowed template under the one level that first allows it', () => {
    expect(names(0)).toEqual([]);
    expect(names(1)).toEqual(expect.arrayContaining(['Covered Call', 'Cash-Secured Put']));
    expect(names(2)).toEqual(expect.arrayContaining(['Long Call', 'Long Put']));
    expect(names(3)).toEqual(expect.arrayContaining(['Bull Call Spread', 'Iron Condor']));
    const allowed = STRATEGY_TEMPLATES.filter((t) => templateLevel(t) !== null).length;
    expect([0, 1, 2, 3].reduce((n, l) => n + names(l).length, 0)).toBe(allowed);
  });

  it('marks the level the Beginner templates need: the spreads among them need 3', () => {
    expect(beginnerLevel(STRATEGY_TEMPLATES)).toBe(3);
    expect(beginnerLevel(STRATEGY_TEMPLATES.filter((t) => t.id === 'long-call' || t.id === 'covered-call'))).toBe(2);
  });
});
