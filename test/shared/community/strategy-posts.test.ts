import { describe, expect, it } from 'vitest';
import { legsAt, normaliseTags, rateDay, safeHref, strategyType } from '@shared/community/strategy-posts';
import { expiriesFor, legTemplates, nearestExpiry, nearestStrike, rebuildOnChain, type ConcreteLeg } from '@shared/strategy/shape';
import { SharePostBody } from '@shared/community/posts.api';
import { analyzeAtExpiry } from '@shared/strategy';

const spread: ConcreteLeg[] = [
  { action: 'buy', optionType: 'call', strike: 580, expiration: '2026-12-18', quantity: 1, premium: 9.5 },
  { action: 'sell', optionType: 'call', strike: 600, expiration: '2026-12-18', quantity: 1, premium: 2.9 },
];

describe('legs as templates relative to price and expiry', () => {
  it('keeps strikes as a ratio to the price and expiries as days to expiry', () => {
    const t = legTemplates(spread, 580, '2026-11-18');
    expect(t).toEqual([
      { action: 'buy', optionType: 'call', strikeRatio: 1, dte: 30, quantity: 1, premiumRatio: expect.closeTo(9.5 / 580, 6) },
      { action: 'sell', optionType: 'call', strikeRatio: expect.closeTo(600 / 580, 6), dte: 30, quantity: 1, premiumRatio: expect.closeTo(2.9 / 580, 6) },
    ]);
  });

  it('draws back the same legs at the price and day they were shared, so the payoff is the original one', () => {
    const legs = legsAt(legTemplates(spread, 580, '2026-11-18'), { underlying: 'SPY', price: 580, date: '2026-11-18' });
    expect(legs.map((l) => [l.strike, l.expiration, l.premium])).toEqual([
      [580, '2026-12-18', 9.5],
      [600, '2026-12-18', 2.9],
    ]);
    const original = analyzeAtExpiry(spread.map((l) => ({ ...l, premium: l.premium!, underlying: 'SPY' })));
    expect(analyzeAtExpiry(legs)).toEqual(original);
  });

  it('scales with the price: at twice the price the strikes and premiums double', () => {
    const legs = legsAt(legTemplates(spread, 580, '2026-11-18'), { underlying: 'SPY', price: 1160, date: '2027-03-01' });
    expect(legs.map((l) => l.strike)).toEqual([1160, 1200]);
    expect(legs[0]!.premium).toBeCloseTo(19, 6);
    expect(legs[0]!.expiration).toBe('2027-03-31');
  });

  it('rejects a price that is not positive', () => {
    expect(() => legTemplates(spread, 0, '2026-11-18')).toThrow(RangeError);
  });
});

describe("rebuilt on today's chain", () => {
  const listed = ['2027-02-19', '2027-03-19', '2027-04-16', '2027-02-12'];
  const strikes = [600, 610, 620, 625, 630, 640, 650, 660, 670];

  it('picks the listed expiry nearest the days to expiry (the later on a tie), and never an expired one', () => {
    expect(nearestExpiry(30, '2027-01-20', listed)).toBe('2027-02-19');
    expect(nearestExpiry(25, '2027-01-20', listed)).toBe('2027-02-12');
    // 2027-02-12 is 23 days, 2027-02-19 is 30 days: 26.5 is nearer the later... a tie at the midpoint goes later.
    expect(nearestExpiry(26.5, '2027-01-20', listed)).toBe('2027-02-19');
    expect(nearestExpiry(30, '2027-03-01', listed)).toBe('2027-03-19');
    expect(nearestExpiry(5, '2027-05-01', listed)).toBeNull();
  });

  it('picks the listed strike nearest the relative strike (the lower on a tie)', () => {
    expect(nearestStrike(633, strikes)).toBe(630);
    expect(nearestStrike(622.5, strikes)).toBe(620);
    expect(nearestStrike(1, [])).toBeNull();
  });

  it('lays the shared spread on a later chain at a new price', () => {
    const t = legTemplates(spread, 580, '2026-11-18');
    const chain = { spot: 640, today: '2027-01-20', expiries: listed, strikes: () => strikes };
    expect(expiriesFor(t, chain.today, listed)).toEqual(['2027-02-19']);
    expect(rebuildOnChain(t, chain)).toEqual([
      { action: 'buy', optionType: 'call', strike: 640, expiration: '2027-02-19', quantity: 1, premium: null },
      // 600/580 × 640 = 662.07 → 660
      { action: 'sell', optionType: 'call', strike: 660, expiration: '2027-02-19', quantity: 1, premium: null },
    ]);
  });

  it('gives up when a leg finds no expiry or strike', () => {
    const t = legTemplates(spread, 580, '2026-11-18');
    expect(rebuildOnChain(t, { spot: 640, today: '2027-01-20', expiries: [], strikes: () => strikes })).toBeNull();
    expect(rebuildOnChain(t, { spot: 640, today: '2027-01-20', expiries: listed, strikes: () => [] })).toBeNull();
  });
});

describe('the daily limits count New York days', () => {
  it('starts a new day at midnight New York time, not at midnight UTC', () => {
    // 23:30 in New York on 25 Nov (EST, UTC−5) is 04:30 UTC on the 26th.
    expect(rateDay(new Date('2026-11-26T04:30:00Z'))).toBe('2026-11-25');
    expect(rateDay(new Date('2026-11-26T05:00:00Z'))).toBe('2026-11-26');
    // In summer (EDT, UTC−4) the day turns at 04:00 UTC.
    expect(rateDay(new Date('2026-07-01T03:59:59Z'))).toBe('2026-06-30');
    expect(rateDay(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });
});

describe('text bounds', () => {
  const base = {
    source: 'builder',
    title: 'A fine spread',
    thesis: 'Long enough thesis.',
    underlying: 'spy',
    strategyName: 'Bull Call Spread',
    spot: 580,
    legs: spread,
  };

  it('accepts a post within the bounds, trimming text and upper-casing the ticker', () => {
    const parsed = SharePostBody.parse({ ...base, title: '  A fine spread  ' });
    expect(parsed).toMatchObject({ title: 'A fine spread', underlying: 'SPY', tags: [] });
  });

  it('refuses titles, theses and tags out of bounds with a clear message', () => {
    const issue = (body: unknown) => SharePostBody.safeParse(body).error?.issues[0]?.message;
    expect(issue({ ...base, title: 'ab' })).toBe('The title must be at least 3 characters');
    expect(issue({ ...base, title: 'x'.repeat(121) })).toBe('The title must be at most 120 characters');
    expect(issue({ ...base, thesis: '   short   ' })).toBe('The thesis must be at least 10 characters');
    expect(issue({ ...base, thesis: 'x'.repeat(4001) })).toBe('The thesis must be at most 4000 characters');
    expect(issue({ ...base, tags: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('At most 5 tags');
    expect(issue({ ...base, legs: [] })).toBe('Add at least one leg before sharing');
  });

  it('refuses a leg whose expiry is not a real calendar day (its days to expiry would be NaN)', () => {
    const issue = (expiration: string) => SharePostBody.safeParse({ ...base, legs: [{ ...spread[0]!, expiration }] }).error?.issues[0]?.message;
    expect(issue('6957-96-04')).toBe('must be a date like 2026-12-18');
    expect(issue('2026-02-30')).toBe('must be a date like 2026-12-18');
    expect(issue('2026-12-18')).toBeUndefined();
    // A price so small that strike ÷ price overflows to Infinity is refused too.
    expect(SharePostBody.safeParse({ ...base, spot: 1e-320 }).error?.issues[0]?.message).toBe('The price must be at least $0.01');
  });

  it('normalises tags: lower case, dashes, no repeats, at most five, none too short or long', () => {
    expect(normaliseTags(['#Earnings', 'low IV', 'earnings', 'x', 'a'.repeat(30), '<b>', 'theta', 'gamma', 'vega'])).toEqual([
      'earnings',
      'low-iv',
      'theta',
      'gamma',
      'vega',
    ]);
  });
});

describe('links', () => {
  it('keeps only http(s) links', () => {
    expect(safeHref('https://www.cboe.com/')).toBe('https://www.cboe.com/');
    expect(safeHref('http://example.com/a?b=c')).toBe('http://example.com/a?b=c');
    for (const bad of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/app/admin',
      '//evil.example',
      'mailto:a@b.c',
    ])
      expect(safeHref(bad)).toBeNull();
  });
});

describe('strategy type', () => {
  it("is the template's id for a library strategy, else the name in kebab case", () => {
    expect(strategyType('Bull Call Spread')).toBe('bull-call-spread');
    expect(strategyType('iron condor')).toBe('iron-condor');
    expect(strategyType('My Weird Thing!')).toBe('my-weird-thing');
    expect(strategyType('Custom')).toBe('custom');
  });
});
