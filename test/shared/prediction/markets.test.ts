import { describe, expect, it } from 'vitest';
import { closeTime, makeMarkets, marketExpiries, marketId, parseMarketId, voidTime, type ExpiryMarkets } from '@shared/prediction/markets';
import { outcomeOf, winningBucket } from '@shared/prediction/settlement';
import { spyChain } from './chain-fixture';

function markets(chain = spyChain()): ExpiryMarkets {
  const result = makeMarkets(chain);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('which expiries get markets', () => {
  it('the next four after today, in date order, each once', () => {
    const listed = ['2026-12-18', '2026-12-04', '2026-11-30', '2026-12-11', '2026-12-04', '2027-01-15', '2026-12-31'];
    expect(marketExpiries(listed, '2026-11-30')).toEqual(['2026-12-04', '2026-12-11', '2026-12-18', '2026-12-31']);
    expect(marketExpiries(['2026-12-04'], '2026-11-30')).toEqual(['2026-12-04']);
  });
});

describe('the "close above" markets of an expiry', () => {
  const { model, above } = markets();

  it('are on listed round strikes within about two standard deviations of the expiry’s move', () => {
    // σ_ATM·√T·S = 0.15 × √(18/365) × 600 = 19.985: the band is 560.03 to 639.97 (79 listed $1 strikes),
    // thinned to the round $10 strikes inside it.
    expect(model.move).toBeCloseTo(0.15 * Math.sqrt(18 / 365) * 600, 6);
    expect(above.map((m) => m.lower)).toEqual([570, 580, 590, 600, 610, 620, 630]);
    for (const m of above) expect(Math.abs(m.lower! - 600)).toBeLessThanOrEqual(2 * model.move);
  });

  it('ask their question, close at the expiry’s 16:00 New York close and name their rule and source', () => {
    const m = above.find((x) => x.lower === 600)!;
    expect(m.question).toBe('Will SPY close above 600 on Dec 18, 2026?');
    expect(m.closesAt).toBe('2026-12-18T21:00:00.000Z');
    expect(m.rule).toContain("Resolves YES if SPY's official closing price on Fri, Dec 18, 2026 is at or above 600");
    expect(m.rule).toContain('A close exactly at 600 counts as above it.');
    expect(m.rule).toContain('void');
    expect(m.source).toContain("SPY's official closing price for Fri, Dec 18, 2026");
    expect(m.voidsAt).toBe(voidTime('2026-12-18').toISOString());
  });

  it('have stable ids that name underlying, expiry, kind and strike, and read back', () => {
    const m = above.find((x) => x.lower === 600)!;
    expect(m.id).toBe('SPY-2026-12-18-ABOVE-600');
    expect(markets().above.map((x) => x.id)).toEqual(above.map((x) => x.id));
    expect(parseMarketId(m.id)).toEqual({ ok: true, value: { underlying: 'SPY', expiration: '2026-12-18', kind: 'above', lower: 600, upper: null } });
  });

  it('keep every listed strike in the band when there are few enough, and thin $2.50 strikes to the round $5 ones', () => {
    const base = spyChain();
    const only = (strikes: number[]) => strikes.flatMap((k) => base.contracts.filter((c) => c.strike_price === 600).map((c) => ({ ...c, strike_price: k })));
    expect(markets({ ...base, contracts: only([590, 595, 600, 605, 610]) }).above.map((m) => m.lower)).toEqual([590, 595, 600, 605, 610]);
    const quarters = Array.from({ length: 17 }, (_, i) => 580 + 2.5 * i); // 580, 582.5, …, 620: 17 in the band
    const { above: thinned } = markets({ ...base, contracts: only(quarters) });
    expect(thinned.map((m) => m.lower)).toEqual([580, 585, 590, 595, 600, 605, 610, 615, 620]);
    const { above: halves } = markets({ ...base, contracts: only([597.5, 600, 602.5]) });
    expect(halves[0]!.question).toBe('Will SPY close above 597.5 on Dec 18, 2026?');
    expect(halves[0]!.id).toBe('SPY-2026-12-18-ABOVE-597.5');
  });

  it('fail with the reason when the chain has no implied volatility', () => {
    const result = makeMarkets(spyChain(() => null));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('unprocessable');
  });
});

describe('the "close between" ladder', () => {
  const { ladder } = markets();

  it('starts below the lowest strike, ends at or above the highest, and each bucket starts where the last ended', () => {
    const b = ladder.buckets;
    expect(b).toHaveLength(8);
    expect(b[0]).toMatchObject({ lower: null, upper: 570, label: 'Below 570.00', id: 'SPY-2026-12-18-RANGE-MIN-570' });
    expect(b[1]).toMatchObject({ lower: 570, upper: 580, label: '570.00 to 579.99', id: 'SPY-2026-12-18-RANGE-570-580' });
    expect(b.at(-1)).toMatchObject({ lower: 630, upper: null, label: '630.00 or above', id: 'SPY-2026-12-18-RANGE-630-MAX' });
    for (let i = 1; i < b.length; i++) expect(b[i]!.lower).toBe(b[i - 1]!.upper);
    expect(ladder.question).toBe('Where will SPY close on Dec 18, 2026?');
    expect(b[1]!.question).toBe('Will SPY close at or above 570 and below 580 on Dec 18, 2026?');
    expect(b[1]!.rule).toContain('A close exactly at 570 is in this bucket; one exactly at 580 is in the next.');
  });

  it('covers every close exactly once, a close exactly on a boundary included', () => {
    const closes = [0.01, 569.99, 570, 570.01, 575, 579.99, 580, 600, 629.99, 630, 630.01, 5000];
    for (const close of closes) {
      const winners = ladder.buckets.filter((b) => outcomeOf(b, close) === 'yes');
      expect(winners, `close ${close}`).toHaveLength(1);
    }
    expect(ladder.buckets[winningBucket(ladder.buckets, 580)]!.lower).toBe(580);
    expect(ladder.buckets[winningBucket(ladder.buckets, 579.99)]!.upper).toBe(580);
  });

  it('bucket ids read back to their bounds, and an id that is not one is a bad request naming the field', () => {
    for (const b of ladder.buckets)
      expect(parseMarketId(b.id)).toEqual({
        ok: true,
        value: { underlying: b.underlying, expiration: b.expiration, kind: 'between', lower: b.lower, upper: b.upper },
      });
    for (const bad of ['SPY-2026-12-18-RANGE-MIN-MAX', 'SPY-2026-12-18-RANGE-600-590', 'SPY-2026-12-18-ABOVE-', 'spy', 'SPY-2026-12-18-ABOVE-0600']) {
      const result = parseMarketId(bad);
      expect(result.ok, bad).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ code: 'bad_request', details: { field: 'marketId' } });
    }
    expect(marketId({ underlying: 'SPY', expiration: '2026-12-18', kind: 'between', lower: 602.5, upper: 605 })).toBe('SPY-2026-12-18-RANGE-602.5-605');
  });
});

describe('close and void times', () => {
  it('closes at 16:00 New York, or at 13:00 on an early close (the day after Thanksgiving, Christmas Eve)', () => {
    expect(closeTime('2026-12-18').toISOString()).toBe('2026-12-18T21:00:00.000Z');
    expect(closeTime('2026-11-27').toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(closeTime('2026-12-24').toISOString()).toBe('2026-12-24T18:00:00.000Z');
    expect(closeTime('2026-07-17').toISOString()).toBe('2026-07-17T20:00:00.000Z'); // summer time: 16:00 EDT
  });

  it('is void at the close of the third trading day after the expiry, holidays skipped', () => {
    expect(voidTime('2026-12-18').toISOString()).toBe('2026-12-23T21:00:00.000Z'); // Mon 21, Tue 22, Wed 23
    expect(voidTime('2026-12-23').toISOString()).toBe('2026-12-29T21:00:00.000Z'); // Thu 24, (Fri 25 closed), Mon 28, Tue 29
  });
});
