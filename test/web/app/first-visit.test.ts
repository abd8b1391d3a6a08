import { describe, expect, it } from 'vitest';
import { firstVisitOrigin, hasSeenLanding, LANDING_SEEN_KEY, markLandingSeen, optionsChainTarget, safeOrigin } from '@web/app/first-visit';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
};

describe('the first-visit redirect rules', () => {
  it('sends a first visit of any other path to the landing page, remembering path, query and hash', () => {
    expect(firstVisitOrigin({ pathname: '/app/trading', search: '?u=SPY', hash: '#legs' }, false)).toBe('/app/trading?u=SPY#legs');
    expect(firstVisitOrigin({ pathname: '/login' }, false)).toBe('/login');
  });

  it('lets the landing page itself and every path of a returning visitor open', () => {
    expect(firstVisitOrigin({ pathname: '/' }, false)).toBeNull();
    expect(firstVisitOrigin({ pathname: '/app/trading' }, true)).toBeNull();
  });

  it('marks the landing page as seen once and keeps the first time', () => {
    const local = memory();
    expect(hasSeenLanding(local)).toBe(false);
    markLandingSeen(local, new Date('2026-11-20T10:00:00Z'));
    markLandingSeen(local, new Date('2026-11-21T10:00:00Z'));
    expect(hasSeenLanding(local)).toBe(true);
    expect(local.m.get(LANDING_SEEN_KEY)).toBe('2026-11-20T10:00:00.000Z');
  });

  it('treats a browser without storage as a returning visitor rather than looping', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(hasSeenLanding(broken)).toBe(true);
  });

  it('continues only to a path of this site', () => {
    expect(safeOrigin('/app/trading')).toBe('/app/trading');
    expect(safeOrigin('//evil.example/app')).toBeNull();
    expect(safeOrigin('https://evil.example')).toBeNull();
    expect(safeOrigin('/\\evil.example')).toBeNull();
    expect(safeOrigin('/')).toBeNull();
  });

  it('moves /optionschain into the app only for a signed-in learner who has seen the landing page', () => {
    expect(optionsChainTarget('?u=SPY', true, true)).toBe('/app/optionschain?u=SPY');
    expect(optionsChainTarget('', true, false)).toBeNull();
    expect(optionsChainTarget('', false, true)).toBeNull();
  });
});
