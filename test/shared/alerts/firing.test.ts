import { describe, expect, it } from 'vitest';
import type { Alert } from '@shared/alerts/alert';
import { decideFiring, firedKey, mayFire } from '@shared/alerts/firing';

const base: Alert = {
  id: 'a1',
  condition: { kind: 'iv-rank', underlying: 'SPY', direction: 'above', level: 50 },
  repeat: 'once',
  status: 'active',
  createdAt: '2026-11-20T15:00:00.000Z',
  firedCount: 0,
};
const met = { met: true as const, observed: { kind: 'iv-rank' as const, ivRank: 60 } };

describe('a one-shot alert', () => {
  it('fires once, is then done, and fires no more on later days', () => {
    const first = decideFiring(base, met, '2026-11-24');
    expect(first).toMatchObject({ fire: true, key: 'a1#2026-11-24', next: { status: 'done', firedCount: 1, lastFiredOn: '2026-11-24' } });
    if (!first.fire) throw new Error('expected to fire');
    expect(decideFiring(first.next, met, '2026-11-25')).toEqual({ fire: false });
  });

  it('does not fire when its condition is not met, and stays active', () => {
    expect(decideFiring(base, { met: false }, '2026-11-24')).toEqual({ fire: false });
  });
});

describe('a repeating alert', () => {
  const daily: Alert = { ...base, repeat: 'daily' };

  it('fires at most once a trading day, again on the next, and stays active', () => {
    const first = decideFiring(daily, met, '2026-11-24');
    if (!first.fire) throw new Error('expected to fire');
    expect(first.next).toMatchObject({ status: 'active', firedCount: 1, lastFiredOn: '2026-11-24' });
    expect(decideFiring(first.next, met, '2026-11-24')).toEqual({ fire: false });
    expect(decideFiring(first.next, met, '2026-11-25')).toMatchObject({ fire: true, key: 'a1#2026-11-25', next: { firedCount: 2 } });
  });

  it('an ingestion of an earlier day delivered late fires nothing', () => {
    expect(mayFire({ ...daily, lastFiredOn: '2026-11-25', firedCount: 1 }, '2026-11-24')).toBe(false);
  });
});

describe('paused and done alerts', () => {
  it('never fire', () => {
    expect(decideFiring({ ...base, status: 'paused' }, met, '2026-11-24')).toEqual({ fire: false });
    expect(decideFiring({ ...base, repeat: 'daily', status: 'done' }, met, '2026-11-24')).toEqual({ fire: false });
  });
});

describe('the fired record key', () => {
  it('is the same for a redelivered ingestion of the same day and differs across days and alerts', () => {
    expect(firedKey('a1', '2026-11-24')).toBe(firedKey('a1', '2026-11-24'));
    expect(firedKey('a1', '2026-11-24')).not.toBe(firedKey('a1', '2026-11-25'));
    expect(firedKey('a1', '2026-11-24')).not.toBe(firedKey('a2', '2026-11-24'));
  });
});
