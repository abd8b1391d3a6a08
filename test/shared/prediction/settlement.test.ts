import { describe, expect, it } from 'vitest';
import { makeMarkets, type MarketKey } from '@shared/prediction/markets';
import { outcomeOf, payoutCents, resolve, winningBucket, type Resolution } from '@shared/prediction/settlement';
import { spyChain } from './chain-fixture';

const above600: MarketKey = { underlying: 'SPY', expiration: '2026-12-18', kind: 'above', lower: 600, upper: null };
const closeOn = (close: number) => ({ date: '2026-12-18', close });
const after = new Date('2026-12-18T22:00:00.000Z');

describe('settling a "close above" market', () => {
  it('resolves YES at or above the strike, a close exactly at it included, and NO below', () => {
    expect(outcomeOf(above600, 600)).toBe('yes');
    expect(outcomeOf(above600, 600.01)).toBe('yes');
    expect(outcomeOf(above600, 599.99)).toBe('no');
  });

  it('pays 100¢ a YES contract and nothing a NO one when YES wins, and the other way round when NO wins', () => {
    const yes = resolve(above600, closeOn(604.12), after);
    expect(yes).toEqual({ status: 'resolved', outcome: 'yes', close: 604.12, closeDate: '2026-12-18' });
    expect(payoutCents({ side: 'yes', count: 10, costCents: 420 }, yes)).toBe(1000);
    expect(payoutCents({ side: 'no', count: 10, costCents: 580 }, yes)).toBe(0);

    const no = resolve(above600, closeOn(598.5), after);
    expect(no).toMatchObject({ status: 'resolved', outcome: 'no' });
    expect(payoutCents({ side: 'yes', count: 10, costCents: 420 }, no)).toBe(0);
    expect(payoutCents({ side: 'no', count: 10, costCents: 580 }, no)).toBe(1000);
  });

  it('is void after its stated time when the close never arrived, and refunds what each holding cost', () => {
    const voided = resolve(above600, null, new Date('2026-12-23T21:00:00.000Z'));
    expect(voided.status).toBe('void');
    expect(payoutCents({ side: 'yes', count: 10, costCents: 420 }, voided)).toBe(420);
    expect(payoutCents({ side: 'no', count: 3, costCents: 177 }, voided)).toBe(177);
  });

  it('waits for the close until then, trades until the expiry’s close, and pays nothing before it resolves', () => {
    const waiting = resolve(above600, null, new Date('2026-12-23T20:59:59.000Z'));
    expect(waiting).toEqual({ status: 'awaiting-close' });
    expect(resolve(above600, null, new Date('2026-12-18T20:59:00.000Z'))).toEqual({ status: 'open' });
    expect(payoutCents({ side: 'yes', count: 1, costCents: 50 }, waiting)).toBeNull();
  });

  it('is not decided by a close of another day', () => {
    expect(resolve(above600, { date: '2026-12-17', close: 650 }, after)).toEqual({ status: 'awaiting-close' });
  });
});

describe('settling a ladder', () => {
  const result = makeMarkets(spyChain());
  if (!result.ok) throw new Error(result.error.message);
  const { buckets } = result.value.ladder;

  it('pays exactly one bucket for a close exactly on a boundary and for one between boundaries', () => {
    // One YES contract in every bucket: whatever the close, exactly 100¢ comes back.
    for (const close of [570, 580, 600, 630, 575.5, 612.34, 100, 900]) {
      const paid = buckets.map((b) => payoutCents({ side: 'yes', count: 1, costCents: 10 }, resolve(b, closeOn(close), after)));
      expect(
        paid.filter((p) => p === 100),
        `close ${close}`,
      ).toHaveLength(1);
      expect(paid.reduce((s, p) => s! + p!, 0)).toBe(100);
    }
  });

  it('puts a close exactly at a boundary in the bucket that starts there', () => {
    const at600 = buckets[winningBucket(buckets, 600)]!;
    expect([at600.lower, at600.upper]).toEqual([600, 610]);
    const justBelow = buckets[winningBucket(buckets, 599.99)]!;
    expect([justBelow.lower, justBelow.upper]).toEqual([590, 600]);
  });

  it('voids every bucket together and refunds each: a void ladder pays no bucket', () => {
    const v: Resolution[] = buckets.map((b) => resolve(b, null, new Date('2027-01-01T00:00:00.000Z')));
    expect(v.every((r) => r.status === 'void')).toBe(true);
    expect(payoutCents({ side: 'yes', count: 2, costCents: 64 }, v[3]!)).toBe(64);
  });
});
