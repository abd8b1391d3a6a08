import { describe, expect, it } from 'vitest';
import { templateById } from '@shared/strategy/templates';
import { templateLevel } from '@web/components/strategy/template-card';

const level = (id: string) => templateLevel(templateById(id)!);

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
