import { describe, expect, it } from 'vitest';
import { cachedGroupMembership } from '@shared/users/cached-group-membership';

function pool(initial: Record<string, string[]>) {
  const groups = { ...initial };
  const calls: string[] = [];
  let failNext = false;
  return {
    groups,
    calls,
    failOnce: () => {
      failNext = true;
    },
    groupsOf: async (sub: string) => {
      calls.push(sub);
      if (failNext) {
        failNext = false;
        throw new Error('unreachable');
      }
      return groups[sub] ?? [];
    },
  };
}

const fakeClock = () => {
  let t = Date.parse('2026-03-02T15:00:00Z');
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
};

describe('cachedGroupMembership', () => {
  it('answers from memory for a minute, then asks the pool again and sees a removal', async () => {
    const p = pool({ op: ['admin'] });
    const clock = fakeClock();
    const cached = cachedGroupMembership(p, { clock, ttlMs: 60_000 });
    expect(await cached.groupsOf('op')).toEqual(['admin']);
    p.groups.op = [];
    clock.advance(59_999);
    expect(await cached.groupsOf('op')).toEqual(['admin']);
    expect(p.calls).toEqual(['op']);
    clock.advance(1);
    expect(await cached.groupsOf('op')).toEqual([]);
    expect(p.calls).toEqual(['op', 'op']);
  });

  it('keeps users apart, shares one lookup between simultaneous requests, and does not remember a failure', async () => {
    const p = pool({ a: ['admin'], b: [] });
    const cached = cachedGroupMembership(p, { clock: fakeClock(), ttlMs: 60_000 });
    expect(await Promise.all([cached.groupsOf('a'), cached.groupsOf('a'), cached.groupsOf('b')])).toEqual([['admin'], ['admin'], []]);
    expect(p.calls).toEqual(['a', 'b']);
    p.failOnce();
    const cold = cachedGroupMembership(p, { clock: fakeClock(), ttlMs: 60_000 });
    await expect(cold.groupsOf('a')).rejects.toThrow('unreachable');
    expect(await cold.groupsOf('a')).toEqual(['admin']);
  });

  it('forgets the oldest answer beyond its size', async () => {
    const p = pool({});
    const cached = cachedGroupMembership(p, { clock: fakeClock(), ttlMs: 60_000, maxUsers: 2 });
    for (const sub of ['a', 'b', 'c', 'b', 'a']) await cached.groupsOf(sub);
    expect(p.calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
